import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { newPgClient } from '../../server/db/pg-client';
import { benchBackupUnderOrders } from './backup-under-orders';
import { benchCsvImport } from './csv-import';
import { benchOrders } from './orders';
import { processCpuMicros } from './process-cpu';
import { shopMemory } from './embedded-memory';
import { benchPaths, type BenchContext } from './paths';
import { scratchDataDir } from './scratch-dir';
import { SERVER_ENTRY, SERVER_NODE_ARGS, serverEnv } from '../server-process';

// npm run bench [-- --pg --skip-build --duration 10 --small --only "cart,users/me" --profile]
//   (--only backup: only the backup taken while orders are placed)
// Builds and starts the server on a scratch database (the embedded PostgreSQL server by default; with --pg, or when
// BENCH_DATABASE_URL is set, a scratch database on PostgreSQL), loads the 5,000-product catalogue,
// then runs autocannon on loopback against each hot path and a bare Express server in the same
// run, printing each figure as a ratio to the bare one, the queries each request made and the time
// the database took (from the server's own /metrics), and the server's peak memory.
//   --pg        PostgreSQL: BENCH_DATABASE_URL, else DATABASE_URL, else postgres://root@127.0.0.1:5432
//   --only a,b  only the paths whose name contains one of the comma-separated parts
//   --profile   the server runs with --cpu-prof; the .cpuprofile lands in bench-profiles/
//               (summarise it with `npx tsx scripts/bench/profile-summary.ts <file>`)
//   BENCH_PORT, BENCH_BARE_PORT: the two ports (3290 and 3299 unless set); BENCH_ORDERS_PORT: the order
//   bench's first instance (3280 unless set; a second instance takes the next port)
const args = process.argv.slice(2);
const duration = Number(args[args.indexOf('--duration') + 1]) || 10;
const skipBuild = args.includes('--skip-build');
const small = args.includes('--small');
const usePg = args.includes('--pg') || Boolean(process.env.BENCH_DATABASE_URL);
const profile = args.includes('--profile');
const only = args.includes('--only') ? args[args.indexOf('--only') + 1].split(',').map((s) => s.trim()).filter(Boolean) : undefined;
const PORT = Number(process.env.BENCH_PORT) || 3290;
const BARE_PORT = Number(process.env.BENCH_BARE_PORT) || 3299;
const METRICS_TOKEN = 'bench-metrics-token-0123456789';
const pgServer = () => process.env.BENCH_DATABASE_URL || process.env.DATABASE_URL || 'postgres://root@127.0.0.1:5432/postgres';
const baseUrl = `http://127.0.0.1:${PORT}`;
const admin = { email: 'bench-admin@packshop.test', password: 'bench-admin-password' };
// Extra node flags for the measured server only, e.g. BENCH_SERVER_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof"
// (NODE_OPTIONS refuses --cpu-prof, and would profile the bench itself too).
const serverNodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
// What `npm start` adds to the server's environment (scripts/server-process.ts), so the memory measured is a shop's.
const { MALLOC_ARENA_MAX, NODE_OPTIONS } = serverEnv(process.env);
const serverProcessEnv = { MALLOC_ARENA_MAX, NODE_OPTIONS };

const dataDir = scratchDataDir('packshop-bench-');
let databaseUrl: string | undefined;
const children: ChildProcess[] = [];
// With --profile: when the profiled server started, and each path's window relative to it (ms), so
// that scripts/bench/profile-summary.ts can split the one profile by path.
let serverStartedAt = 0;
let serverPid: number | undefined;
let peakTogether = { pssMb: 0, rssMb: 0 };
const marks: { name: string; from_ms: number; to_ms: number }[] = [];

async function scratchPostgres(): Promise<string | undefined> {
  if (!usePg) return undefined;
  const server = pgServer();
  const name = `packshop_bench_${Date.now()}`;
  const c = newPgClient({ connectionString: server });
  await c.connect();
  await c.query(`CREATE DATABASE "${name}"`);
  await c.end();
  const url = new URL(server);
  url.pathname = `/${name}`;
  return url.toString();
}

function env(): NodeJS.ProcessEnv {
  return {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(PORT),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl ?? '',
    ADMIN_EMAIL: admin.email,
    ADMIN_PASSWORD: admin.password,
    RATE_LIMIT_SCALE: '1000000',
    METRICS_TOKEN,
  };
}

function start(command: string, argv: string[], extraEnv: NodeJS.ProcessEnv = {}): ChildProcess {
  const child = spawn(command, argv, { env: { ...env(), ...extraEnv }, stdio: ['ignore', 'ignore', 'inherit'] });
  children.push(child);
  return child;
}

async function waitFor(url: string, timeoutMs = 120_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not come up`);
}

async function stop(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}

async function api(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(`${baseUrl}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = await res.json().catch(() => null);
  if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${JSON.stringify(json)}`);
  return json;
}

/** Waits until the server answers /api/health promptly again, so a slow path's backlog is not billed to the next. */
async function drain(timeoutMs = 60_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    const t0 = performance.now();
    const ok = await fetch(`${baseUrl}/api/health`).then((r) => r.ok, () => false);
    if (ok && performance.now() - t0 < 50) return;
    await new Promise((r) => setTimeout(r, 500));
  }
}

async function measure(
  url: string,
  req: { method: string; body?: unknown; headers?: Record<string, string>; freshHeaders?: () => Record<string, string>; freshRequest?: () => { path?: string; body?: unknown } },
  connections = 50,
  seconds = duration,
) {
  const fresh = req.freshHeaders;
  const result = await autocannon({
    url,
    connections,
    duration: seconds,
    method: req.method,
    headers: req.headers,
    body: req.body === undefined ? undefined : JSON.stringify(req.body),
    requests:
      fresh || req.freshRequest
        ? [
            {
              setupRequest: (r: { headers?: Record<string, string>; path?: string; body?: string }) => {
                const made = req.freshRequest?.() ?? {};
                return {
                  ...r,
                  headers: { ...r.headers, ...(fresh ? fresh() : {}) },
                  ...(made.path ? { path: made.path } : {}),
                  ...(made.body !== undefined ? { body: JSON.stringify(made.body) } : {}),
                };
              },
            },
          ]
        : undefined,
  });
  return { rps: result.requests.average, total: result.requests.total, p50: result.latency.p50, p99: result.latency.p99, non2xx: result.non2xx, errors: result.errors };
}

/** Queries made and database time so far, from the server's /metrics (Prisma's own query timings). */
async function dbCounters(): Promise<{ queries: number; seconds: number }> {
  const text = await fetch(`${baseUrl}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } }).then((r) => (r.ok ? r.text() : ''), () => '');
  const value = (name: string) => Number(new RegExp(`^${name} (\\S+)$`, 'm').exec(text)?.[1] ?? NaN);
  return { queries: value('packshop_db_query_duration_seconds_count'), seconds: value('packshop_db_query_duration_seconds_sum') };
}

/** The server's peak resident memory so far (Linux VmHWM), else its current RSS. */
function serverPeakRssMb(pid: number | undefined): number | null {
  if (!pid) return null;
  try {
    const hwm = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    if (hwm) return Number(hwm[1]) / 1024;
  } catch {
    /* not Linux */
  }
  const rss = spawnSync('ps', ['-o', 'rss=', '-p', String(pid)], { encoding: 'utf8' }).stdout.trim();
  return rss ? Number(rss) / 1024 : null;
}

/**
 * What logs and metrics cost on the cached catalogue path (target: under 5 %): their CPU per
 * request, measured in-process by observability-cost.ts, beside the server's whole CPU per request
 * on GET /api/products/{id} in this run.
 */
function printObservabilityCost(detailCpuMicros: number | undefined) {
  if (detailCpuMicros === undefined || !Number.isFinite(detailCpuMicros)) return;
  const out = spawnSync('npx', ['tsx', 'scripts/bench/observability-cost.ts'], { encoding: 'utf8' }).stdout ?? '';
  const m = /([\d.]+) µs of CPU per request/.exec(out);
  if (!m) return;
  const cost = Number(m[1]);
  const share = (cost / detailCpuMicros) * 100;
  console.log(`logs + metrics: ${cost.toFixed(1)} µs CPU per request = ${share.toFixed(1)} % of GET /api/products/{id} (${detailCpuMicros.toFixed(0)} µs CPU per request; target under 5 %)`);
}

function printTable(rows: string[][]) {
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => r[i].length)));
  for (const r of rows) console.log(r.map((c, i) => c.padEnd(widths[i])).join('  '));
}

/** What every section gets: the running server, the bare reference figure and a way to measure. */
interface SectionContext extends BenchContext {
  bareRps: number;
  /** Measures the bare Express server now (a shorter run), for a ratio taken beside a path. */
  bareNow(): Promise<number>;
  measure: typeof measure;
  drain: typeof drain;
}

/**
 * The bench's sections, run in this order; each prints its own table. To add one (order
 * placement, ...), append an entry to `sections` below.
 */
interface Section {
  name: string;
  run(ctx: SectionContext): Promise<void>;
}

const requestPaths: Section = {
  name: 'request paths',
  async run(ctx) {
    const header = ['path', 'req/s', 'p50 ms', 'p99 ms', 'bare req/s', 'vs bare', 'target', 'non-2xx', 'queries/req', 'db ms/req', 'cpu µs/req'];
    const rows: string[][] = [];
    const cpuPerRequest = new Map<string, number>();
    for (const path of benchPaths) {
      if (only && !only.some((o) => path.name.includes(o))) continue;
      const req = await path.request(ctx);
      await ctx.drain();
      // The machine is shared and its speed drifts within a run: each path is compared with the
      // bare server measured just before it.
      const bareRps = await ctx.bareNow();
      const before = await dbCounters();
      const from = performance.now() - serverStartedAt;
      const cpuBefore = processCpuMicros(serverPid);
      const r = await ctx.measure(`${baseUrl}${req.path}`, req, path.connections);
      const cpuAfter = processCpuMicros(serverPid);
      // The server's own CPU per request holds still when other work shares the machine.
      const cpu = cpuBefore !== undefined && cpuAfter !== undefined && r.total > 0 ? (cpuAfter - cpuBefore) / r.total : NaN;
      cpuPerRequest.set(path.name, cpu);
      marks.push({ name: path.name, from_ms: from, to_ms: performance.now() - serverStartedAt });
      await ctx.drain();
      const after = await dbCounters();
      const ratio = r.rps / bareRps;
      const perReq = (n: number) => (r.total > 0 && Number.isFinite(n) ? n / r.total : NaN);
      rows.push([
        path.name,
        r.rps.toFixed(0),
        `${r.p50.toFixed(1)}`,
        `${r.p99.toFixed(1)}`,
        bareRps.toFixed(0),
        `${(ratio * 100).toFixed(0)} %`,
        path.target ? `${(path.target * 100).toFixed(0)} % ${ratio >= path.target ? 'met' : 'MISSED'}` : '',
        String(r.non2xx + r.errors),
        // The drain's own /api/health calls make no query; the /metrics scrape makes at most one.
        perReq(after.queries - before.queries).toFixed(1),
        (perReq(after.seconds - before.seconds) * 1000).toFixed(2),
        Number.isFinite(cpu) ? cpu.toFixed(0) : '',
      ]);
    }
    if (rows.length === 0) return;
    console.log(`\nautocannon: 50 connections (unless noted), ${duration} s per path, loopback, ${databaseUrl ? 'PostgreSQL' : 'embedded PostgreSQL'}`);
    printTable([header, ...rows]);
    printObservabilityCost(cpuPerRequest.get('GET /api/products/{id}'));
  },
};

const backupUnderOrders: Section = {
  name: 'backup under orders',
  async run(ctx) {
    if (only && !only.includes('backup')) return;
    for (const line of await benchBackupUnderOrders(ctx, { env: env() })) console.log(line);
  },
};

// Sections run in this order; add new ones at the end.
const sections: Section[] = [requestPaths, backupUnderOrders];

async function main() {
  if (!skipBuild) {
    const build = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
    if (build.status !== 0) throw new Error('build failed');
  }
  databaseUrl = await scratchPostgres();

  // First start: migrate and seed the regular catalogue; then add the large catalogue offline.
  let server = start(process.execPath, [...SERVER_NODE_ARGS, ...serverNodeArgs, SERVER_ENTRY], serverProcessEnv);
  await waitFor(`${baseUrl}/api/health`);
  if (!small && existsSync('scripts/bench/seed-large.ts')) {
    await stop(server);
    console.log('Adding the 5,000-product benchmark catalogue...');
    const seed = spawnSync('npx', ['tsx', 'scripts/bench/seed-large.ts'], { stdio: 'inherit', env: env() });
    if (seed.status !== 0) throw new Error('seed-large failed');
  } else {
    await stop(server);
  }
  // Started afresh so that the peak memory printed at the end is this run's, not the seeding's.
  const nodeArgs = profile ? ['--cpu-prof', `--cpu-prof-dir=${join(process.cwd(), 'bench-profiles')}`] : [];
  server = start(process.execPath, [...SERVER_NODE_ARGS, ...serverNodeArgs, ...nodeArgs, SERVER_ENTRY], serverProcessEnv);
  serverStartedAt = performance.now();
  serverPid = server.pid;
  await waitFor(`${baseUrl}/api/health`);
  // The highest memory of app + database together, sampled every 2 s (reading /proc costs the run nothing).
  const measuredPid = server.pid!;
  const memorySampler = setInterval(() => {
    const now = shopMemory(measuredPid, databaseUrl ? null : dataDir);
    peakTogether = { pssMb: Math.max(peakTogether.pssMb, now.pssMb), rssMb: Math.max(peakTogether.rssMb, now.rssMb) };
  }, 2_000);
  const bare = start(process.execPath, ['--import', 'tsx', 'scripts/bench/bare-server.ts'], { PORT: String(BARE_PORT) });
  await waitFor(`http://127.0.0.1:${BARE_PORT}/`);

  const email = `bench-${Date.now()}@example.com`;
  const password = 'bench-customer-password';
  const reg = await api('POST', '/api/auth/register', { email, password, first_name: 'Bench', last_name: 'Customer' });
  const adminLogin = await api('POST', '/api/auth/login', admin);

  const bareReq = { method: 'POST', body: {}, headers: { 'content-type': 'application/json' } };
  const bareFirst = await measure(`http://127.0.0.1:${BARE_PORT}/api/products/filter`, bareReq);
  const ctx: SectionContext = {
    baseUrl,
    customer: { token: reg.access_token, email, password },
    adminToken: adminLogin.access_token,
    api,
    bareRps: bareFirst.rps,
    bareNow: async () => (await measure(`http://127.0.0.1:${BARE_PORT}/api/products/filter`, bareReq, 50, Math.max(2, Math.round(duration / 2)))).rps,
    measure,
    drain,
  };
  for (const section of sections) await section.run(ctx);
  const bareLast = await measure(`http://127.0.0.1:${BARE_PORT}/api/products/filter`, bareReq);

  console.log(`\nbare Express: ${bareFirst.rps.toFixed(0)} req/s at the start, ${bareLast.rps.toFixed(0)} req/s at the end (each ratio uses the bare figure measured just before its path)`);
  const peak = serverPeakRssMb(server.pid);
  const rss = spawnSync('ps', ['-o', 'rss=', '-p', String(server.pid)], { encoding: 'utf8' }).stdout.trim();
  if (peak !== null) {
    const now = rss ? `, ${(Number(rss) / 1024).toFixed(0)} MB at the end` : '';
    console.log(`server memory (RSS, ${databaseUrl ? 'PostgreSQL' : 'embedded PostgreSQL'}): peak ${peak.toFixed(0)} MB since it started${now}`);
  }
  // The embedded database is its own processes now: the memory target counts the app and them together.
  clearInterval(memorySampler);
  const end = shopMemory(server.pid!, databaseUrl ? null : dataDir);
  if (end.database) {
    const { app, database: db } = end;
    const keeper = db.keeper ? `, its keeper ${db.keeper.rssMb.toFixed(0)} MB RSS (${db.keeper.pssMb.toFixed(0)} MB PSS)` : '';
    console.log(
      `memory at the end: app ${app.rssMb.toFixed(0)} MB RSS (${app.pssMb.toFixed(0)} MB PSS); embedded database ${db.processes} processes, ${db.rssMb.toFixed(0)} MB RSS summed (${db.pssMb.toFixed(0)} MB PSS)${keeper}`,
    );
    console.log(
      `app + database together (PSS counts a shared page once, summed RSS once per process): at the end ${end.pssMb.toFixed(0)} MB PSS, ${end.rssMb.toFixed(0)} MB summed RSS; highest seen during the run ${peakTogether.pssMb.toFixed(0)} MB PSS, ${peakTogether.rssMb.toFixed(0)} MB summed RSS`,
    );
  }
  // Written by the build (scripts/vite-first-load.ts): entry + heaviest storefront page, gzipped.
  if (existsSync('dist/client/first-load.json')) {
    const first = JSON.parse(readFileSync('dist/client/first-load.json', 'utf8')) as { gzip_kb: number; budget_kb: number };
    console.log(`storefront first-load JS: ${first.gzip_kb} KB gzipped (budget ${first.budget_kb} KB)`);
  }
  await stop(bare);
  await stop(server);
  if (profile) {
    mkdirSync('bench-profiles', { recursive: true });
    writeFileSync(join('bench-profiles', `marks-${server.pid}.json`), JSON.stringify(marks, null, 2));
    console.log(`CPU profile written to bench-profiles/ (CPU.*.${server.pid}.*.cpuprofile, path windows in marks-${server.pid}.json)`);
  }
  if (!only || only.includes('csv-import')) await benchCsvImport();
  await runOrderBench();
}

/**
 * Order placement, after the HTTP paths (scripts/bench/orders.ts): its own scratch database and its
 * own server processes, one on the embedded database, two on PostgreSQL. Prints orders/s and the oversell check.
 */
async function runOrderBench() {
  if (only && !only.includes('orders')) return;
  console.log('\nPlacing orders...');
  // Any URL of the PostgreSQL server will do: the order bench makes (and drops) a database of its own there.
  const port = Number(process.env.BENCH_ORDERS_PORT) || undefined;
  const result = await benchOrders({ postgres: databaseUrl, port });
  for (const line of result.lines) console.log(line);
  if (!result.ok) process.exitCode = 1;
  // With Stripe configured every order also opens a Checkout Session, outside its transaction (issue 36:
  // two instances on PostgreSQL keep 150 orders/s); the Stripe-compatible test server stands in for Stripe.
  if (databaseUrl) {
    const withStripe = await benchOrders({ postgres: databaseUrl, port, stripe: true });
    for (const line of withStripe.lines) console.log(line);
    if (!withStripe.ok) process.exitCode = 1;
  }
}

main()
  .catch((err) => {
    console.error(err);
    process.exitCode = 1;
  })
  .finally(async () => {
    for (const c of children) if (c.exitCode === null) c.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
    if (databaseUrl) {
      const c = newPgClient({ connectionString: pgServer() });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS "${new URL(databaseUrl).pathname.slice(1)}" WITH (FORCE)`).catch(() => undefined);
      await c.end();
    }
  });
