import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { benchOrders } from './orders';
import { benchPaths, type BenchContext } from './paths';

// npm run bench [-- --skip-build --duration 10 --small]
// Builds and starts the server on a scratch database (PGlite; BENCH_DATABASE_URL for PostgreSQL),
// loads the 5,000-product catalogue, then runs autocannon on loopback against each hot path and a
// bare Express server in the same run, printing each figure as a ratio to the bare one.
const args = process.argv.slice(2);
const duration = Number(args[args.indexOf('--duration') + 1]) || 10;
const skipBuild = args.includes('--skip-build');
const small = args.includes('--small');
const only = args.includes('--only') ? args[args.indexOf('--only') + 1] : undefined;
const PORT = 3290;
const BARE_PORT = 3299;
const baseUrl = `http://127.0.0.1:${PORT}`;
const admin = { email: 'bench-admin@packshop.test', password: 'bench-admin-password' };

const dataDir = mkdtempSync(join(tmpdir(), 'packshop-bench-'));
let databaseUrl: string | undefined;
const children: ChildProcess[] = [];

async function scratchPostgres(): Promise<string | undefined> {
  const server = process.env.BENCH_DATABASE_URL;
  if (!server) return undefined;
  const name = `packshop_bench_${Date.now()}`;
  const c = new pg.Client({ connectionString: server });
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

async function measure(url: string, req: { method: string; body?: unknown; headers?: Record<string, string> }, connections = 50) {
  const result = await autocannon({
    url,
    connections,
    duration,
    method: req.method,
    headers: req.headers,
    body: req.body === undefined ? undefined : JSON.stringify(req.body),
  });
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, non2xx: result.non2xx, errors: result.errors };
}

async function main() {
  if (!skipBuild) {
    const build = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
    if (build.status !== 0) throw new Error('build failed');
  }
  databaseUrl = await scratchPostgres();

  // First start: migrate and seed the regular catalogue; then add the large catalogue offline.
  let server = start(process.execPath, ['dist/server/index.js']);
  await waitFor(`${baseUrl}/api/health`);
  if (!small && existsSync('scripts/bench/seed-large.ts')) {
    await stop(server);
    console.log('Adding the 5,000-product benchmark catalogue...');
    const seed = spawnSync('npx', ['tsx', 'scripts/bench/seed-large.ts'], { stdio: 'inherit', env: env() });
    if (seed.status !== 0) throw new Error('seed-large failed');
    server = start(process.execPath, ['dist/server/index.js']);
    await waitFor(`${baseUrl}/api/health`);
  }
  const bare = start(process.execPath, ['--import', 'tsx', 'scripts/bench/bare-server.ts'], { PORT: String(BARE_PORT) });
  await waitFor(`http://127.0.0.1:${BARE_PORT}/`);

  const email = `bench-${Date.now()}@example.com`;
  const password = 'bench-customer-password';
  const reg = await api('POST', '/api/auth/register', { email, password, first_name: 'Bench', last_name: 'Customer' });
  const adminLogin = await api('POST', '/api/auth/login', admin);
  const ctx: BenchContext = { baseUrl, customer: { token: reg.access_token, email, password }, adminToken: adminLogin.access_token, api };

  const bareFirst = await measure(`http://127.0.0.1:${BARE_PORT}/api/products/filter`, { method: 'POST', body: {}, headers: { 'content-type': 'application/json' } });
  const rows: string[][] = [];
  for (const path of benchPaths) {
    if (only && !path.name.includes(only)) continue;
    const req = await path.request(ctx);
    await drain();
    const r = await measure(`${baseUrl}${req.path}`, req, path.connections);
    const ratio = r.rps / bareFirst.rps;
    rows.push([
      path.name,
      r.rps.toFixed(0),
      `${r.p50.toFixed(1)}`,
      `${r.p99.toFixed(1)}`,
      `${(ratio * 100).toFixed(0)} %`,
      path.target ? `${(path.target * 100).toFixed(0)} % ${ratio >= path.target ? 'met' : 'MISSED'}` : '',
      String(r.non2xx + r.errors),
    ]);
  }
  const bareLast = await measure(`http://127.0.0.1:${BARE_PORT}/api/products/filter`, { method: 'POST', body: {}, headers: { 'content-type': 'application/json' } });

  const header = ['path', 'req/s', 'p50 ms', 'p99 ms', 'vs bare', 'target', 'non-2xx'];
  const all = [header, ...rows];
  const widths = header.map((_, i) => Math.max(...all.map((r) => r[i].length)));
  console.log(`\nautocannon: 50 connections (unless noted), ${duration} s per path, loopback, ${databaseUrl ? 'PostgreSQL' : 'PGlite'}`);
  console.log(`bare Express: ${bareFirst.rps.toFixed(0)} req/s before, ${bareLast.rps.toFixed(0)} req/s after (ratios use the first)\n`);
  for (const r of all) console.log(r.map((c, i) => c.padEnd(widths[i])).join('  '));
  const rss = spawnSync('ps', ['-o', 'rss=', '-p', String(server.pid)], { encoding: 'utf8' }).stdout.trim();
  if (rss) console.log(`\nserver memory (RSS): ${(Number(rss) / 1024).toFixed(0)} MB`);
  // Written by the build (scripts/vite-first-load.ts): entry + heaviest storefront page, gzipped.
  if (existsSync('dist/client/first-load.json')) {
    const first = JSON.parse(readFileSync('dist/client/first-load.json', 'utf8')) as { gzip_kb: number; budget_kb: number };
    console.log(`storefront first-load JS: ${first.gzip_kb} KB gzipped (budget ${first.budget_kb} KB)`);
  }
  await stop(bare);
  await stop(server);
  await runOrderBench();
}

/**
 * Order placement, after the HTTP paths (scripts/bench/orders.ts): its own scratch database and its
 * own server processes, one on PGlite, two on PostgreSQL. Prints orders/s and the oversell check.
 */
async function runOrderBench() {
  if (only && !'orders'.includes(only)) return;
  console.log('\nPlacing orders...');
  // Any URL of the PostgreSQL server will do: the order bench makes (and drops) a database of its own there.
  const result = await benchOrders({ postgres: databaseUrl });
  for (const line of result.lines) console.log(line);
  if (!result.ok) process.exitCode = 1;
}

main()
  .catch((err) => {
    console.error(err);
    process.exitCode = 1;
  })
  .finally(async () => {
    for (const c of children) if (c.exitCode === null) c.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
    if (databaseUrl && process.env.BENCH_DATABASE_URL) {
      const c = new pg.Client({ connectionString: process.env.BENCH_DATABASE_URL });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS "${new URL(databaseUrl).pathname.slice(1)}" WITH (FORCE)`).catch(() => undefined);
      await c.end();
    }
  });
