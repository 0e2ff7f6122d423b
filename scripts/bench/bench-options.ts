import { serverEnv } from '../server-process';

// What `npm run bench` was asked for (its command line, described at the top of run.ts) and the
// fixed settings of the shop it measures.
const args = process.argv.slice(2);

export const duration = Number(args[args.indexOf('--duration') + 1]) || 10;
export const skipBuild = args.includes('--skip-build');
export const small = args.includes('--small');
export const usePg = args.includes('--pg') || Boolean(process.env.BENCH_DATABASE_URL);
export const profile = args.includes('--profile');
/** Only the paths (and sections) whose name contains one of these parts; undefined: all. */
export const only = args.includes('--only') ? args[args.indexOf('--only') + 1].split(',').map((s) => s.trim()).filter(Boolean) : undefined;

export const PORT = Number(process.env.BENCH_PORT) || 3290;
export const BARE_PORT = Number(process.env.BENCH_BARE_PORT) || 3299;
export const METRICS_TOKEN = 'bench-metrics-token-0123456789';
export const baseUrl = `http://127.0.0.1:${PORT}`;
export const bareUrl = `http://127.0.0.1:${BARE_PORT}`;
export const admin = { email: 'bench-admin@packshop.test', password: 'bench-admin-password' };
/** The PostgreSQL server the scratch database is made on (with --pg). */
export const pgServer = () => process.env.BENCH_DATABASE_URL || process.env.DATABASE_URL || 'postgres://root@127.0.0.1:5432/postgres';

// Extra node flags for the measured server only, e.g. BENCH_SERVER_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof"
// (NODE_OPTIONS refuses --cpu-prof, and would profile the bench itself too).
export const serverNodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
// What `npm start` adds to the server's environment (scripts/server-process.ts), so the memory measured is a shop's.
const { MALLOC_ARENA_MAX, NODE_OPTIONS } = serverEnv(process.env);
export const serverProcessEnv = { MALLOC_ARENA_MAX, NODE_OPTIONS };

/** Whether a section (or path) named `name` runs: all do without --only, else those --only names. */
export const selected = (name: string) => !only || only.includes(name);
