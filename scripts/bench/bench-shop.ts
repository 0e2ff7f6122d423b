import { spawn, type ChildProcess } from 'node:child_process';
import { newPgClient } from '../../server/db/pg-client';
import { METRICS_TOKEN, PORT, admin, baseUrl, pgServer } from './bench-options';
import { stopInstance } from './order-bench-instances';

// The shop `npm run bench` measures: its scratch database, its processes (and the bare server's),
// and the calls the bench makes to it besides the measured load.

/** A new database on the PostgreSQL server, dropped by `dropScratchPostgres`. */
export async function scratchPostgres(): Promise<string> {
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

export async function dropScratchPostgres(databaseUrl: string) {
  const c = newPgClient({ connectionString: pgServer() });
  await c.connect();
  await c.query(`DROP DATABASE IF EXISTS "${new URL(databaseUrl).pathname.slice(1)}" WITH (FORCE)`).catch(() => undefined);
  await c.end();
}

/** The shop's environment: production, on the bench port, the scratch data and database, an admin to sign in as. */
export function shopEnv(dataDir: string, databaseUrl: string | undefined): NodeJS.ProcessEnv {
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
    // The product images' copies are not made in the background after start: ~25 s of libvips on a
    // core would otherwise fall on the first paths measured (the bench asks for no image).
    IMAGE_COPIES_AT_START: '0',
  };
}

const children: ChildProcess[] = [];

export function start(command: string, argv: string[], env: NodeJS.ProcessEnv): ChildProcess {
  const child = spawn(command, argv, { env, stdio: ['ignore', 'ignore', 'inherit'] });
  children.push(child);
  return child;
}

export const stop = stopInstance;

/** Ends every process `start` started that is still running (the bench failed midway). */
export function killStarted() {
  for (const c of children) if (c.exitCode === null) c.kill('SIGTERM');
}

export async function waitFor(url: string, timeoutMs = 120_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (await fetch(url).then((r) => r.ok, () => false)) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not come up`);
}

export async function api(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
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
export async function drain(timeoutMs = 60_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    const t0 = performance.now();
    const ok = await fetch(`${baseUrl}/api/health`).then((r) => r.ok, () => false);
    if (ok && performance.now() - t0 < 50) return;
    await new Promise((r) => setTimeout(r, 500));
  }
}

/** Queries made and database time so far, from the server's /metrics (Prisma's own query timings). */
export async function dbCounters(): Promise<{ queries: number; seconds: number }> {
  const text = await fetch(`${baseUrl}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } }).then((r) => (r.ok ? r.text() : ''), () => '');
  const value = (name: string) => Number(new RegExp(`^${name} (\\S+)$`, 'm').exec(text)?.[1] ?? NaN);
  return { queries: value('packshop_db_query_duration_seconds_count'), seconds: value('packshop_db_query_duration_seconds_sum') };
}
