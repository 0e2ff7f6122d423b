import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

// The command line and scratch directory of scripts/bench/embedded-db-options.ts (described at its top).
export const args = process.argv.slice(2);
export const arg = (name: string): string | undefined => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
export const SCRATCH = process.env.DBSPIKE_DIR ?? '/tmp/dbspike';
export const N = Number(arg('--n') ?? 2000);
// Connections in the app's pool for B, C, D, P (the app uses 10).
export const POOL = Number(arg('--pool') ?? 10);
export const WORK = join(SCRATCH, 'data');
export const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://root@127.0.0.1:5432/postgres';
export const mod = (p: string): string => pathToFileURL(join(SCRATCH, 'node_modules', p)).href;

export const step = (msg: string) => process.env.BENCH_VERBOSE && console.error(`  ${new Date().toISOString().slice(11, 19)} ${msg}`);
export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
