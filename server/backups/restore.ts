import { once } from 'node:events';
import type pg from 'pg';
import { newPgClient } from '../db/pg-client';
import { from as copyFrom } from 'pg-copy-streams';
import type { Database } from '../db/client';
import { MIGRATIONS_TABLE } from '../db/migrate';
import { DbImageStorage, LocalImageStorage, type ImageStorage } from '../storage/image-storage';
import { DUMP_ENTRY, IMAGES_PREFIX, MANIFEST_ENTRY, readAll, readArchive } from './archive';
import { quoteIdent } from './dump';
import { verifyBackup } from './read';
import { scanDump } from './scan';
import type { BackupManifest } from './types';

export interface RestoreOptions {
  file: string;
  /** The database to restore into: it must hold no shop data (see inspectTarget). */
  database: Pick<Database, 'url'> & { db?: Database['db'] };
  /** Where the backup's images go: the directory of the disk store (DATA_DIR/uploads), or the database image store (needs database.db). */
  images: { kind: 'disk'; dir: string } | { kind: 'db' };
  /** Restore over a target that holds data, after removing every table, type and sequence of its schema (the caller backs it up first). */
  replace?: boolean;
  /** The manifest from an earlier verifyBackup of the same file (skips the second full read). */
  verified?: BackupManifest;
}

export interface RestoreResult {
  manifest: BackupManifest;
  rowCounts: Record<string, number>;
  images: number;
}

/** The target database already holds data: restoring would mix two shops. */
export class TargetNotEmptyError extends Error {
  override name = 'TargetNotEmptyError';
}

export interface TargetState {
  /** Tables in the target's schema (including the migration bookkeeping table). */
  tables: number;
  /** Tables other than the migration bookkeeping that hold at least one row. */
  tablesWithRows: string[];
  /** The tables, when there are some but no migration bookkeeping: not a shop's database, never dropped without --force. */
  foreignTables: string[];
}

/** What the target database holds: a database that was only migrated (no rows) counts as empty. */
export async function inspectTarget(url: string): Promise<TargetState> {
  const client = newPgClient({ connectionString: url });
  await client.connect();
  try {
    const tables = (
      await client.query<{ name: string }>(
        `SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
          WHERE n.nspname = current_schema() AND c.relkind IN ('r', 'p') ORDER BY c.relname`,
      )
    ).rows.map((r) => r.name);
    const tablesWithRows: string[] = [];
    for (const name of tables) {
      if (name === MIGRATIONS_TABLE) continue;
      const found = await client.query(`SELECT 1 FROM ${quoteIdent(name)} LIMIT 1`);
      if (found.rowCount) tablesWithRows.push(name);
    }
    return { tables: tables.length, tablesWithRows, foreignTables: tables.length && !tables.includes(MIGRATIONS_TABLE) ? tables : [] };
  } finally {
    await client.end();
  }
}

/** Throws TargetNotEmptyError unless the target has no shop data and no tables of anything else. */
export function assertEmpty(state: TargetState): void {
  if (state.tablesWithRows.length > 0) {
    throw new TargetNotEmptyError(`The target database is not empty (${state.tablesWithRows.length} tables hold data, e.g. ${state.tablesWithRows.slice(0, 3).join(', ')}).`);
  }
  if (state.foreignTables.length > 0) {
    throw new TargetNotEmptyError(`The target database has tables that are not a PackShop database's (e.g. ${state.foreignTables.slice(0, 3).join(', ')}).`);
  }
}

/** Removes every table, view, sequence, type and function of the current schema (the restore creates them again). */
async function clearSchema(client: pg.Client): Promise<void> {
  const objects = await client.query<{ kind: string; name: string }>(
    `SELECT CASE c.relkind WHEN 'v' THEN 'VIEW' WHEN 'm' THEN 'MATERIALIZED VIEW' WHEN 'S' THEN 'SEQUENCE' ELSE 'TABLE' END AS kind, c.relname AS name
       FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = current_schema() AND c.relkind IN ('r', 'p', 'v', 'm', 'S')
        AND NOT (c.relkind = 'S' AND EXISTS (SELECT 1 FROM pg_depend d WHERE d.objid = c.oid AND d.deptype IN ('a', 'i')))
      UNION ALL
     SELECT 'TYPE', t.typname FROM pg_type t JOIN pg_namespace n ON n.oid = t.typnamespace
      WHERE n.nspname = current_schema() AND t.typtype IN ('e', 'd', 'c') AND NOT EXISTS (SELECT 1 FROM pg_class c WHERE c.oid = t.typrelid AND c.relkind <> 'c')
      UNION ALL
     -- The migrations' own functions (the triggers' bodies), named with their argument types; not an extension's.
     SELECT 'ROUTINE', p.oid::regprocedure::text FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
      WHERE n.nspname = current_schema() AND p.prokind IN ('f', 'p')
        AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.objid = p.oid AND d.deptype = 'e')`,
  );
  if (objects.rows.length === 0) return;
  await client.query('BEGIN');
  try {
    for (const kind of ['VIEW', 'MATERIALIZED VIEW', 'TABLE', 'SEQUENCE', 'TYPE', 'ROUTINE']) {
      // A routine's regprocedure text is already quoted as it must be, with its argument types.
      const names = objects.rows.filter((o) => o.kind === kind).map((o) => (kind === 'ROUTINE' ? o.name : quoteIdent(o.name)));
      if (names.length) await client.query(`DROP ${kind} IF EXISTS ${names.join(', ')} CASCADE`);
    }
    await client.query('COMMIT');
  } catch (err) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw err;
  }
}

async function writeCopyData(stream: NodeJS.WritableStream, data: Buffer, failed: () => Error | null): Promise<void> {
  const error = failed();
  if (error) throw error;
  if (!stream.write(data)) {
    await Promise.race([once(stream, 'drain'), once(stream, 'error').then(([err]) => Promise.reject(err as Error))]);
  }
}

/**
 * Restores a backup into a database that holds no shop data: verifies the whole file first (unless
 * the caller just did), runs dump.sql (schema, data, sequences), checks every table's row count
 * against the manifest, then puts the images into the image store. If anything fails after the
 * database was touched, the objects the restore created are removed again, leaving it empty.
 */
export async function restoreBackup(opts: RestoreOptions): Promise<RestoreResult> {
  const manifest = opts.verified ?? (await verifyBackup(opts.file));
  const state = await inspectTarget(opts.database.url);
  if (!opts.replace) assertEmpty(state);
  const client = newPgClient({ connectionString: opts.database.url });
  await client.connect();
  const rowCounts: Record<string, number> = {};
  let touched = false;
  try {
    if (state.tables > 0) await clearSchema(client);
    for await (const entry of readArchive(opts.file)) {
      if (entry.name === MANIFEST_ENTRY) continue;
      if (entry.name === DUMP_ENTRY) {
        touched = true;
        await runDump(client, entry.stream, rowCounts);
        const wrong = Object.keys({ ...manifest.rowCounts, ...rowCounts }).filter((t) => manifest.rowCounts[t] !== rowCounts[t]);
        if (wrong.length) throw new Error(`The restored row counts differ from the manifest for ${wrong.join(', ')}.`);
        break; // images follow; they are written after the database is complete
      }
    }
  } catch (err) {
    if (touched) {
      await client.query('ROLLBACK').catch(() => undefined);
      await clearSchema(client).catch(() => undefined);
    }
    throw err;
  } finally {
    await client.end().catch(() => undefined);
  }
  const images = await restoreImages(opts, manifest);
  return { manifest, rowCounts, images };
}

async function runDump(client: pg.Client, chunks: AsyncIterable<Buffer>, rowCounts: Record<string, number>): Promise<void> {
  let copy: (NodeJS.WritableStream & { rowCount?: number }) | null = null;
  let copyError: Error | null = null;
  let copyDone: Promise<void> | null = null;
  for await (const part of scanDump(chunks)) {
    switch (part.kind) {
      case 'sql':
        if (part.text.trim()) await client.query(part.text);
        break;
      case 'copy-start': {
        copyError = null;
        const stream = client.query(copyFrom(part.header.replace(/FROM stdin;$/, 'FROM STDIN')));
        copy = stream;
        copyDone = new Promise<void>((resolve, reject) => {
          stream.on('finish', () => resolve());
          stream.on('error', (err: Error) => {
            copyError = err;
            reject(err);
          });
        });
        copyDone.catch(() => undefined);
        break;
      }
      case 'copy-data':
        await writeCopyData(copy!, part.data, () => copyError);
        break;
      case 'copy-end': {
        copy!.end();
        await copyDone;
        rowCounts[part.table] = Number(copy!.rowCount ?? 0);
        copy = null;
        break;
      }
    }
  }
}

async function restoreImages(opts: RestoreOptions, manifest: BackupManifest): Promise<number> {
  if (manifest.images.count === 0) return 0;
  let store: ImageStorage;
  if (opts.images.kind === 'disk') store = new LocalImageStorage(opts.images.dir);
  else if (opts.database.db) store = new DbImageStorage(opts.database.db);
  else throw new Error('Restoring images into the database image store needs a database client.');
  let count = 0;
  for await (const entry of readArchive(opts.file)) {
    if (!entry.name.startsWith(IMAGES_PREFIX)) continue;
    await store.save(entry.name.slice(IMAGES_PREFIX.length), await readAll(entry.stream, 512 * 1024 * 1024));
    count++;
  }
  return count;
}
