import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { readMigrations, runMigrations, type SqlExecutor } from '../../../server/db/migrate';
import { SCRATCH, WORK, mod } from './config';

// The upgrade check: a PGlite 0.3 data directory opened by the new PGlite directly, and else carried
// over with pg_dump (WebAssembly) from the old version into the new.

export async function upgradeCheck() {
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
    out.dumpRestore = 'not tried: prepare DBSPIKE_DIR/v03 (see the top of scripts/bench/embedded-db-options.ts)';
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
