// The order benchmark's server instances (scripts/bench/orders.ts): started as separate processes
// of the built server, waited for, stopped, and measured (database time from /metrics, CPU seconds
// of each process and of PostgreSQL's backends).
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { newPgClient } from '../../server/db/pg-client';
import { SERVER_ENTRY, SERVER_NODE_ARGS, serverEnv } from '../server-process';

/** The /metrics token the instances are started with. */
const METRICS_TOKEN = 'bench-orders-metrics-token';

export function startInstance(port: number, env: NodeJS.ProcessEnv, cpuProfDir?: string): ChildProcess {
  // The built server when there is one (npm run bench builds first), the sources otherwise.
  const entry = existsSync(SERVER_ENTRY) ? [...SERVER_NODE_ARGS, SERVER_ENTRY] : ['--import', 'tsx', 'server/index.ts'];
  const prof = cpuProfDir ? ['--cpu-prof', '--cpu-prof-dir', cpuProfDir] : [];
  return spawn(process.execPath, [...prof, ...entry], {
    // What `npm start` gives the server (scripts/server-process.ts), so the figures are a shop's.
    env: serverEnv({
      ...process.env,
      ...env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      SEED: 'none',
      RATE_LIMIT_SCALE: '1000000',
      LOG_LEVEL: 'warn',
      METRICS_TOKEN,
      ADMIN_EMAIL: '',
      ADMIN_PASSWORD: '',
      SMTP_URL: '',
    }),
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

export async function waitUp(url: string, child: ChildProcess, timeoutMs = 120_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`the server for ${url} exited with ${child.exitCode}`);
    if (await fetch(`${url}/api/health`).then((r) => r.ok, () => false)) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not come up`);
}

export async function stopInstance(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}

/** The database-time histogram of /metrics: how many queries Prisma ran and their summed duration. */
export async function dbWork(url: string): Promise<{ queries: number; seconds: number }> {
  const text = await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } }).then((r) => r.text());
  const value = (name: string) => Number(text.match(new RegExp(`^${name} ([0-9.e+-]+)$`, 'm'))?.[1] ?? 0);
  return { queries: value('packshop_db_query_duration_seconds_count'), seconds: value('packshop_db_query_duration_seconds_sum') };
}

/**
 * CPU seconds the PostgreSQL backends serving `url`'s database have used so far (from /proc, so only
 * for a server on this machine; null otherwise). Backends that ended meanwhile are not counted.
 */
export async function backendCpuSeconds(url: string): Promise<Map<number, number> | null> {
  const c = newPgClient({ connectionString: url });
  await c.connect();
  try {
    const { rows } = await c.query<{ pid: number }>('SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()');
    const cpu = new Map<number, number>();
    for (const { pid } of rows) {
      const s = cpuSeconds(pid);
      if (s == null) return null;
      cpu.set(pid, s);
    }
    return cpu;
  } finally {
    await c.end();
  }
}

/** CPU seconds (user + system) a process has used, from /proc (Linux); null elsewhere. */
export function cpuSeconds(pid: number | undefined): number | null {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return null;
  }
}
