import { newPgClient } from '../db/pg-client';
import type { Database } from '../db/client';
import { openPostgres } from '../db/client';
import { scanImages } from './archive';
import { createBackup } from './create';
import { quoteIdent } from './dump';
import { assertEmpty, inspectTarget, restoreBackup } from './restore';
import type { BackupManifest } from './types';

export interface MoveOptions {
  /** The shop's database now (the embedded one); nothing writes to it during the move. */
  source: Pick<Database, 'url' | 'kind'>;
  /** The disk image store's directory (DATA_DIR/uploads). */
  uploadsDir: string;
  /** An empty PostgreSQL database. */
  targetUrl: string;
  /** The backup taken on the way, kept afterwards (e.g. DATA_DIR/backups/before-move-<time>.tar.gz). */
  backupFile: string;
  log?: (msg: string) => void;
}

export interface MoveResult {
  manifest: BackupManifest;
  backupFile: string;
  rows: number;
  tables: number;
  images: number;
  /** Sum of every money column (name ending in Cents), by "Table.column", equal on both sides. */
  money: Record<string, string>;
}

/** The target differs from the source after the copy (never expected; the target is left as it is for inspection). */
class MoveMismatchError extends Error {
  override name = 'MoveMismatchError';
}

interface Totals {
  rows: Record<string, number>;
  /** Sum of every numeric column, by "Table.column" (text, so that bigint and numeric sums stay exact). */
  sums: Record<string, string>;
}

const IMAGE_TABLE = 'StoredImage';

/** Names and sizes of the database image store. */
async function storedImages(url: string): Promise<Map<string, number>> {
  const client = newPgClient({ connectionString: url });
  await client.connect();
  try {
    return new Map((await client.query<{ name: string; size: number }>(`SELECT name, size FROM "${IMAGE_TABLE}"`)).rows.map((r) => [r.name, Number(r.size)]));
  } finally {
    await client.end();
  }
}

/** Row counts and the sum of every numeric column of every table: what a faithful copy must agree on. */
async function totals(url: string): Promise<Totals> {
  const client = newPgClient({ connectionString: url });
  await client.connect();
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const columns = (
      await client.query<{ table: string; column: string }>(
        `SELECT c.table_name AS table, c.column_name AS column FROM information_schema.columns c
           JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name AND t.table_type = 'BASE TABLE'
          WHERE c.table_schema = current_schema() AND c.data_type IN ('smallint', 'integer', 'bigint', 'numeric')
          ORDER BY c.table_name, c.ordinal_position`,
      )
    ).rows;
    const tables = (await client.query<{ name: string }>(`SELECT tablename AS name FROM pg_tables WHERE schemaname = current_schema() ORDER BY tablename`)).rows.map((r) => r.name);
    const result: Totals = { rows: {}, sums: {} };
    for (const table of tables) {
      const cols = columns.filter((c) => c.table === table).map((c) => c.column);
      const select = ['count(*)::bigint::text AS "__rows"', ...cols.map((c, i) => `COALESCE(sum(${quoteIdent(c)}), 0)::text AS "s${i}"`)].join(', ');
      const row = (await client.query<Record<string, string>>(`SELECT ${select} FROM ${quoteIdent(table)}`)).rows[0];
      result.rows[table] = Number(row.__rows);
      cols.forEach((c, i) => (result.sums[`${table}.${c}`] = row[`s${i}`]));
    }
    await client.query('COMMIT');
    return result;
  } finally {
    await client.end();
  }
}

/**
 * Moves a shop from one database to an empty PostgreSQL database (issue: embedded -> PostgreSQL):
 * a backup of the source (kept), restored into the target with the disk images going into the
 * database image store, then every table's row count and the sum of every numeric column (money,
 * stock, counters) compared between source and target, and every disk image looked up in the target.
 */
export async function moveDatabase(opts: MoveOptions): Promise<MoveResult> {
  const log = opts.log ?? (() => undefined);
  assertEmpty(await inspectTarget(opts.targetUrl));

  log('Backing up the shop ...');
  const backup = await createBackup({ database: opts.source, uploadsDir: opts.uploadsDir, outFile: opts.backupFile });
  log(`Wrote ${backup.file}. Copying it into PostgreSQL ...`);
  const target = await openPostgres(opts.targetUrl, 2);
  let images: number;
  try {
    images = (await restoreBackup({ file: backup.file, database: target, images: { kind: 'db' } })).images;
  } finally {
    await target.close();
  }

  log('Comparing both databases ...');
  const [before, after] = await Promise.all([totals(opts.source.url), totals(opts.targetUrl)]);
  const problems: string[] = [];
  // StoredImage gains the disk images on the way; it is checked by name below.
  const compared = (key: string) => key !== IMAGE_TABLE && !key.startsWith(`${IMAGE_TABLE}.`);
  for (const table of new Set([...Object.keys(before.rows), ...Object.keys(after.rows)].filter(compared))) {
    if (before.rows[table] !== after.rows[table]) problems.push(`${table}: ${before.rows[table]} rows here, ${after.rows[table]} there`);
  }
  for (const key of new Set([...Object.keys(before.sums), ...Object.keys(after.sums)].filter(compared))) {
    if (before.sums[key] !== after.sums[key]) problems.push(`${key}: sum ${before.sums[key]} here, ${after.sums[key]} there`);
  }
  const [inSource, inTarget] = await Promise.all([storedImages(opts.source.url), storedImages(opts.targetUrl)]);
  const expected = new Map(inSource);
  for (const image of await scanImages(opts.uploadsDir)) expected.set(image.name, image.size);
  const missing = [...expected].filter(([name, size]) => inTarget.get(name) !== size);
  if (missing.length || inTarget.size !== expected.size) {
    problems.push(`the database image store has ${inTarget.size} images, ${expected.size} expected${missing.length ? ` (e.g. ${missing[0][0]} missing)` : ''}`);
  }
  if (problems.length) throw new MoveMismatchError(`The copy differs from the shop: ${problems.slice(0, 10).join('; ')}. The PostgreSQL database is left as it is for inspection; empty it before trying again.`);

  const money = Object.fromEntries(Object.entries(after.sums).filter(([key]) => /Cents$/.test(key)));
  const rows = Object.values(after.rows).reduce((a, b) => a + b, 0);
  return { manifest: backup.manifest, backupFile: backup.file, rows, tables: Object.keys(after.rows).length, images, money };
}
