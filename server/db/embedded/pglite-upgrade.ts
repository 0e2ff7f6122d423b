import { existsSync, renameSync } from 'node:fs';
import { join } from 'node:path';
import type { Database } from '../client';
import { runMigrations, type SqlExecutor } from '../migrate';

// Shops started before the embedded PostgreSQL server kept their data in DATA_DIR/pglite
// (PGlite 0.3, PostgreSQL 17 in WebAssembly). That directory cannot be opened by the new server, so
// on the first start after the upgrade its rows are copied into the new server, checked, and the
// old directory is renamed to pglite.pre-upgrade (kept, never deleted: it is the backup).

/** Rows per round trip: small enough that a chunk of stored images stays a few MB of JSON. */
const CHUNK_ROWS = 200;
/** Setting written in the copy's transaction: the copy is done even if the rename was not. */
const UPGRADE_MARKER = 'upgraded_from_pglite_at';

class PgliteUpgradeError extends Error {}

export interface PgliteUpgradeResult {
  tables: number;
  rows: number;
  keptAs: string;
}

/** The PGlite directory an older shop left in DATA_DIR, when it has not been upgraded yet. */
export function pendingPgliteDir(dataDir: string): string | undefined {
  const dir = join(dataDir, 'pglite');
  return existsSync(join(dir, 'PG_VERSION')) ? dir : undefined;
}

/**
 * Copies every row of the PGlite database in `pgliteDir` into `target` (a database of the new
 * server that holds no shop data yet), after bringing both to the same migrations. All or
 * nothing: one transaction on the target, row counts compared before it commits. Returns what
 * was copied; the caller renames the old directory afterwards (see `upgradeDataDirFromPglite`).
 */
export async function copyFromPglite(pgliteDir: string, target: SqlExecutor, log: (msg: string) => void = () => {}): Promise<{ tables: number; rows: number; alreadyCopied?: boolean }> {
  // PGlite stays an in-process WebAssembly database, loaded only for this step.
  const { PGlite } = await import('@electric-sql/pglite');
  // Bringing the old shop up to this release's migrations needs the extensions the search
  // migration (0020) creates; PGlite ships them as loadable modules.
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const { unaccent } = await import('@electric-sql/pglite/contrib/unaccent');
  const source = new PGlite(pgliteDir, { extensions: { pg_trgm, unaccent } });
  try {
    await source.waitReady;
    const sourceExecutor: SqlExecutor = {
      withConnection: (fn) =>
        fn({
          query: async (sql, params) => (await source.query(sql, params)).rows as Record<string, unknown>[],
          exec: async (sql) => {
            await source.exec(sql);
          },
        }),
    };
    // Both sides at the same schema: the old shop may be some migrations behind this release.
    await runMigrations(sourceExecutor);
    await runMigrations(target);

    const tables = (
      await source.query<{ name: string }>(`SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' AND tablename <> '_app_migrations' ORDER BY tablename`)
    ).rows.map((r) => r.name);
    const sequences = (await source.query<{ name: string; value: string | null }>(`SELECT sequencename AS name, last_value::text AS value FROM pg_sequences WHERE schemaname = 'public'`)).rows;

    return await target.withConnection(async (conn) => {
      // A copy that committed but whose directory was not renamed (the shop stopped in between).
      const marker = await conn.query(`SELECT 1 FROM "Setting" WHERE key = $1`, [UPGRADE_MARKER]);
      if (marker.length) return { tables: tables.length, rows: 0, alreadyCopied: true };
      // Migrated above, so these tables exist; a new server that already took orders is not overwritten.
      const held = await conn.query(`SELECT (SELECT count(*) FROM "User")::int + (SELECT count(*) FROM "Order")::int AS n`);
      if (Number(held[0]?.n ?? 0) > 0) {
        throw new PgliteUpgradeError(
          `${pgliteDir} holds the shop's data from before the upgrade, but the new database already has users or orders. ` +
            `Move one of them aside (for example rename ${pgliteDir} to pglite.unused) and start again.`,
        );
      }
      let total = 0;
      await conn.exec('BEGIN');
      try {
        // Rows go in table by table, so foreign keys are checked by the count comparison below
        // and by the source having held them, not row by row in dependency order.
        await conn.exec('SET LOCAL session_replication_role = replica');
        for (const table of tables) {
          const quoted = `"${table.replaceAll('"', '""')}"`;
          await conn.exec(`DELETE FROM ${quoted}`);
          const count = Number((await source.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${quoted}`)).rows[0].n);
          for (let offset = 0; offset < count; offset += CHUNK_ROWS) {
            const chunk = (await source.query<{ rows: string }>(`SELECT coalesce(json_agg(t), '[]')::text AS rows FROM (SELECT * FROM ${quoted} ORDER BY ctid LIMIT ${CHUNK_ROWS} OFFSET ${offset}) t`)).rows[0].rows;
            await conn.query(`INSERT INTO ${quoted} SELECT * FROM json_populate_recordset(NULL::${quoted}, $1::json)`, [chunk]);
          }
          const copied = Number((await conn.query(`SELECT count(*)::int AS n FROM ${quoted}`))[0].n);
          if (copied !== count) throw new PgliteUpgradeError(`Copying ${table} from PGlite gave ${copied} rows instead of ${count}; nothing was changed.`);
          total += count;
        }
        for (const seq of sequences) {
          if (seq.value !== null) await conn.query('SELECT setval($1::regclass, $2::bigint, true)', [`"${seq.name.replaceAll('"', '""')}"`, seq.value]);
        }
        await conn.query(`INSERT INTO "Setting" (key, value, "updatedAt") VALUES ($1, to_jsonb(now()), now())`, [UPGRADE_MARKER]);
        await conn.exec('COMMIT');
      } catch (err) {
        await conn.exec('ROLLBACK');
        throw err;
      }
      log(`Copied ${total} rows in ${tables.length} tables from PGlite.`);
      return { tables: tables.length, rows: total };
    });
  } finally {
    await source.close();
  }
}

/**
 * The first start after the upgrade: copies DATA_DIR/pglite into the embedded server, then renames
 * it to pglite.pre-upgrade (or pglite.pre-upgrade-<time> if that exists). Nothing is renamed when the
 * copy fails, so the next start tries again from the untouched directory.
 */
export async function upgradeDataDirFromPglite(dataDir: string, database: Database, log: (msg: string) => void): Promise<PgliteUpgradeResult | undefined> {
  const dir = pendingPgliteDir(dataDir);
  if (!dir || database.kind !== 'embedded') return undefined;
  log(`Found the database of an older release in ${dir}; copying it into the embedded PostgreSQL server (the old directory is kept).`);
  const copied = await copyFromPglite(dir, database.executor, log);
  if (copied.alreadyCopied) log('Its rows had already been copied by an earlier start; only the rename was left.');
  let keptAs = join(dataDir, 'pglite.pre-upgrade');
  if (existsSync(keptAs)) keptAs = `${keptAs}-${new Date().toISOString().replace(/[:.]/g, '-')}`;
  renameSync(dir, keptAs);
  log(`Upgrade done: ${copied.rows} rows in ${copied.tables} tables. The old directory is now ${keptAs}; delete it once the shop has run well for a while.`);
  return { ...copied, keptAs };
}
