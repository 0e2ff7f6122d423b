import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { SERVER_ENTRY, SERVER_NODE_ARGS } from '../server-process';
import { measure } from './autocannon-measure';
import { BARE_PORT, admin, bareUrl, baseUrl, duration, profile, selected, serverNodeArgs, serverProcessEnv, skipBuild, small, usePg } from './bench-options';
import { sections, type SectionContext } from './bench-sections';
import { api, dropScratchPostgres, killStarted, scratchPostgres, shopEnv, start, stop, waitFor } from './bench-shop';
import { benchCsvImport } from './csv-import';
import { memoryWatch } from './memory-report';
import { benchOrders } from './orders';
import { scratchDataDir } from './scratch-dir';

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
// The parts: bench-options.ts (this command line), bench-shop.ts (the shop's database and processes),
// bench-sections.ts (what is measured on the running shop), memory-report.ts, orders.ts, csv-import.ts.

const dataDir = scratchDataDir('packshop-bench-');
let databaseUrl: string | undefined;

async function main() {
  if (!skipBuild) {
    const build = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
    if (build.status !== 0) throw new Error('build failed');
  }
  if (usePg) databaseUrl = await scratchPostgres();
  const env = shopEnv(dataDir, databaseUrl);
  const databaseLabel = databaseUrl ? 'PostgreSQL' : 'embedded PostgreSQL';

  // First start: migrate and seed the regular catalogue; then add the large catalogue offline.
  let server = start(process.execPath, [...SERVER_NODE_ARGS, ...serverNodeArgs, SERVER_ENTRY], { ...env, ...serverProcessEnv });
  await waitFor(`${baseUrl}/api/health`);
  await stop(server);
  if (!small && existsSync('scripts/bench/seed-large.ts')) {
    console.log('Adding the 5,000-product benchmark catalogue...');
    const seed = spawnSync('npx', ['tsx', 'scripts/bench/seed-large.ts'], { stdio: 'inherit', env });
    if (seed.status !== 0) throw new Error('seed-large failed');
  }
  // Started afresh so that the peak memory printed at the end is this run's, not the seeding's.
  const nodeArgs = profile ? ['--cpu-prof', `--cpu-prof-dir=${join(process.cwd(), 'bench-profiles')}`] : [];
  server = start(process.execPath, [...SERVER_NODE_ARGS, ...serverNodeArgs, ...nodeArgs, SERVER_ENTRY], { ...env, ...serverProcessEnv });
  const serverStartedAt = performance.now();
  await waitFor(`${baseUrl}/api/health`);
  const memory = memoryWatch(server.pid!, databaseUrl ? null : dataDir, databaseLabel);
  const bare = start(process.execPath, ['--import', 'tsx', 'scripts/bench/bare-server.ts'], { ...env, PORT: String(BARE_PORT) });
  await waitFor(`${bareUrl}/`);

  const email = `bench-${Date.now()}@example.com`;
  const password = 'bench-customer-password';
  const reg = await api('POST', '/api/auth/register', { email, password, first_name: 'Bench', last_name: 'Customer' });
  const adminLogin = await api('POST', '/api/auth/login', admin);

  const bareReq = { method: 'POST', body: {}, headers: { 'content-type': 'application/json' } };
  const bareFirst = await measure(`${bareUrl}/api/products/filter`, bareReq);
  const ctx: SectionContext = {
    baseUrl,
    customer: { token: reg.access_token, email, password },
    adminToken: adminLogin.access_token,
    api,
    bareNow: async () => (await measure(`${bareUrl}/api/products/filter`, bareReq, 50, Math.max(2, Math.round(duration / 2)))).rps,
    env,
    databaseLabel,
    serverPid: server.pid,
    serverStartedAt,
    marks: [],
  };
  for (const section of sections) await section.run(ctx);
  const bareLast = await measure(`${bareUrl}/api/products/filter`, bareReq);

  console.log(`\nbare Express: ${bareFirst.rps.toFixed(0)} req/s at the start, ${bareLast.rps.toFixed(0)} req/s at the end (each ratio uses the bare figure measured just before its path)`);
  memory.report();
  // Written by the build (scripts/vite-first-load.ts): entry + heaviest storefront page, gzipped.
  if (existsSync('dist/client/first-load.json')) {
    const first = JSON.parse(readFileSync('dist/client/first-load.json', 'utf8')) as { gzip_kb: number; budget_kb: number };
    console.log(`storefront first-load JS: ${first.gzip_kb} KB gzipped (budget ${first.budget_kb} KB)`);
  }
  await stop(bare);
  await stop(server);
  if (profile) {
    mkdirSync('bench-profiles', { recursive: true });
    writeFileSync(join('bench-profiles', `marks-${server.pid}.json`), JSON.stringify(ctx.marks, null, 2));
    console.log(`CPU profile written to bench-profiles/ (CPU.*.${server.pid}.*.cpuprofile, path windows in marks-${server.pid}.json)`);
  }
  if (selected('csv-import')) await benchCsvImport();
  await runOrderBench();
}

/**
 * Order placement, after the HTTP paths (scripts/bench/orders.ts): its own scratch database and its
 * own server processes, one on the embedded database, two on PostgreSQL. Prints orders/s and the oversell check.
 */
async function runOrderBench() {
  if (!selected('orders')) return;
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
    killStarted();
    rmSync(dataDir, { recursive: true, force: true });
    if (databaseUrl) await dropScratchPostgres(databaseUrl);
  });
