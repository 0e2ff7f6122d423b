import { createHash } from 'node:crypto';
import { once } from 'node:events';
import type { Writable } from 'node:stream';
import type pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import { MIGRATIONS_TABLE, MIGRATIONS_TABLE_DDL, readMigrations, type Migration } from '../db/migrate';

/** Writes to a stream, keeping the sha256 and size of everything written, and waiting when the stream is full. */
export class HashingWriter {
  private readonly hash = createHash('sha256');
  bytes = 0;
  constructor(private readonly stream: Writable) {}

  async write(chunk: string | Buffer): Promise<void> {
    const buf = typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk;
    this.hash.update(buf);
    this.bytes += buf.length;
    if (!this.stream.write(buf)) await once(this.stream, 'drain');
  }

  async end(): Promise<string> {
    await new Promise<void>((resolve, reject) => {
      this.stream.once('error', reject);
      this.stream.end(() => resolve());
    });
    return this.hash.digest('hex');
  }
}

export const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;
const quoteLiteral = (text: string) => `'${text.replaceAll("'", "''")}'`;

export interface DumpResult {
  /** The snapshot's time (the database's now() inside the dump's transaction). */
  createdAt: Date;
  schemaVersion: string;
  rowCounts: Record<string, number>;
}

interface TableInfo {
  oid: number;
  name: string;
  columns: string[];
}

/** Every ordinary table of the schema, parents before the tables whose foreign keys point at them. */
async function tablesInLoadOrder(client: pg.Client, schema: string): Promise<TableInfo[]> {
  const tables = (
    await client.query<{ oid: number; name: string; columns: string[] }>(
      `SELECT c.oid::int AS oid, c.relname AS name,
              array_agg(a.attname::text ORDER BY a.attnum) AS columns
         FROM pg_class c
         JOIN pg_namespace n ON n.oid = c.relnamespace
         JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped AND a.attgenerated = ''
        WHERE n.nspname = $1 AND c.relkind IN ('r', 'p') AND NOT c.relispartition AND c.relname <> $2
        GROUP BY c.oid, c.relname
        ORDER BY c.relname`,
      [schema, MIGRATIONS_TABLE],
    )
  ).rows;
  const edges = (
    await client.query<{ child: number; parent: number }>(
      `SELECT conrelid::int AS child, confrelid::int AS parent FROM pg_constraint
        WHERE contype = 'f' AND connamespace = (SELECT oid FROM pg_namespace WHERE nspname = $1) AND conrelid <> confrelid`,
      [schema],
    )
  ).rows;
  // Kahn's algorithm, ties by name so that the same database gives the same file.
  const pending = new Map(tables.map((t) => [t.oid, new Set<number>()]));
  for (const e of edges) if (pending.has(e.child) && pending.has(e.parent)) pending.get(e.child)!.add(e.parent);
  const ordered: TableInfo[] = [];
  const byOid = new Map(tables.map((t) => [t.oid, t]));
  while (pending.size > 0) {
    const ready = [...pending.entries()].filter(([, parents]) => parents.size === 0).map(([oid]) => byOid.get(oid)!);
    if (ready.length === 0) throw new Error(`Foreign keys form a cycle among ${[...pending.keys()].map((o) => byOid.get(o)!.name).join(', ')}`);
    ready.sort((a, b) => (a.name < b.name ? -1 : 1));
    for (const t of ready) {
      ordered.push(t);
      pending.delete(t.oid);
      for (const parents of pending.values()) parents.delete(t.oid);
    }
  }
  return ordered;
}

/** The migration files behind the applied rows, checked against the checksums the database recorded. */
function appliedMigrations(rows: { name: string; checksum: string }[], known: Migration[]): Migration[] {
  const byName = new Map(known.map((m) => [m.name, m]));
  return rows.map((row) => {
    const m = byName.get(row.name);
    if (!m) throw new Error(`The database has migration ${row.name}, which this version of the shop does not have: back it up with the version that applied it.`);
    if (m.checksum !== row.checksum) throw new Error(`Migration ${row.name} differs from the one the database applied; the schema cannot be written faithfully.`);
    return m;
  });
}

/** The header of a table's data block; restore and verify recognise blocks by exactly this shape. */
const copyHeader = (table: string, columns: string[]) => `COPY ${quoteIdent(table)} (${columns.map(quoteIdent).join(', ')}) FROM stdin;`;
export const COPY_HEADER = /^COPY "((?:[^"]|"")+)" \((.*)\) FROM stdin;$/;

/**
 * Writes the database as plain SQL from one REPEATABLE READ, READ ONLY transaction: a consistent
 * snapshot that never blocks the shop's writers. The schema is the applied migrations' own SQL,
 * each in its own transaction as the migration runner applies them; then, in one transaction, the
 * migration bookkeeping rows, every table's rows as COPY blocks (parents first), and the sequences.
 */
export async function dumpDatabase(client: pg.Client, out: HashingWriter, onSnapshot?: () => void): Promise<DumpResult> {
  await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
  try {
    // The first statement takes the snapshot.
    const head = (await client.query<{ now: Date; schema: string; version: string }>('SELECT now() AS now, current_schema() AS schema, version() AS version')).rows[0];
    onSnapshot?.();
    const schema = head.schema;
    const migrationsExist = (await client.query('SELECT 1 FROM pg_tables WHERE schemaname = $1 AND tablename = $2', [schema, MIGRATIONS_TABLE])).rowCount;
    if (!migrationsExist) throw new Error('The database has no schema yet (it was never migrated): there is nothing to back up.');
    const appliedRows = (
      await client.query<{ name: string; checksum: string }>(`SELECT name, checksum FROM ${quoteIdent(schema)}.${quoteIdent(MIGRATIONS_TABLE)} ORDER BY name`)
    ).rows;
    const migrations = appliedMigrations(appliedRows, readMigrations());
    const schemaVersion = migrations.at(-1)?.name ?? '';
    const tables = await tablesInLoadOrder(client, schema);

    await out.write(
      [
        '-- PackShop database backup (plain SQL).',
        `-- Taken ${head.now.toISOString()} from ${head.version.split(' on ')[0]}; schema ${schemaVersion}.`,
        '-- Restore into an EMPTY database: psql -v ON_ERROR_STOP=1 -d <database-url> -f dump.sql',
        '-- (or: npm run db:restore -- <backup-file>, which also restores the images).',
        '',
        "SET client_encoding = 'UTF8';",
        'SET standard_conforming_strings = on;',
        'SET client_min_messages = warning;',
        'SET check_function_bodies = false;',
        '',
        '',
      ].join('\n'),
    );
    for (const m of migrations) {
      // An empty statement after the file's last line closes it even without a final semicolon.
      await out.write(`-- Schema: migration ${m.name}\nBEGIN;\n${m.sql}\n;\nCOMMIT;\n\n`);
    }

    // Tables kept by triggers (the reports' sold lines) are restored as they were in the snapshot, so
    // the triggers that would derive them again from the rows being loaded are off while the data
    // loads (the restoring user made the tables just above, so it owns them and may).
    const triggered = (
      await client.query<{ name: string }>(
        `SELECT DISTINCT c.relname AS name FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid JOIN pg_namespace n ON n.oid = c.relnamespace
          WHERE n.nspname = $1 AND NOT t.tgisinternal ORDER BY 1`,
        [schema],
      )
    ).rows.map((r) => quoteIdent(r.name));
    const rowCounts: Record<string, number> = {};
    await out.write(`-- Data\nBEGIN;\n${MIGRATIONS_TABLE_DDL};\n\n`);
    for (const name of triggered) await out.write(`ALTER TABLE ${name} DISABLE TRIGGER USER;\n`);
    if (triggered.length) await out.write('\n');
    await copyTable(client, out, schema, { name: MIGRATIONS_TABLE, columns: ['name', 'checksum', 'applied_at'] }, rowCounts);
    for (const table of tables) await copyTable(client, out, schema, table, rowCounts);
    for (const name of triggered) await out.write(`ALTER TABLE ${name} ENABLE TRIGGER USER;\n`);
    if (triggered.length) await out.write('\n');

    const sequences = (
      await client.query<{ name: string }>(
        `SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = $1 AND c.relkind = 'S' ORDER BY c.relname`,
        [schema],
      )
    ).rows;
    if (sequences.length > 0) await out.write('-- Sequences\n');
    for (const { name } of sequences) {
      const state = (await client.query<{ last_value: string; is_called: boolean }>(`SELECT last_value, is_called FROM ${quoteIdent(schema)}.${quoteIdent(name)}`)).rows[0];
      await out.write(`SELECT pg_catalog.setval(${quoteLiteral(quoteIdent(name))}, ${BigInt(state.last_value)}, ${state.is_called});\n`);
    }
    await out.write('COMMIT;\n');
    return { createdAt: head.now, schemaVersion, rowCounts };
  } finally {
    await client.query('ROLLBACK').catch(() => undefined);
  }
}

async function copyTable(client: pg.Client, out: HashingWriter, schema: string, table: Pick<TableInfo, 'name' | 'columns'>, rowCounts: Record<string, number>): Promise<void> {
  await out.write(`${copyHeader(table.name, table.columns)}\n`);
  const stream = client.query(copyTo(`COPY ${quoteIdent(schema)}.${quoteIdent(table.name)} (${table.columns.map(quoteIdent).join(', ')}) TO STDOUT`));
  let rows = 0;
  // Text format: one row per line, newlines inside values escaped, so rows are the line ends.
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) rows++;
    await out.write(chunk);
  }
  await out.write('\\.\n\n');
  rowCounts[table.name] = rows;
}
