import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { migrationsDir as defaultDir } from '../lib/paths';

interface SqlConnection {
  query(sql: string, params?: unknown[]): Promise<Record<string, unknown>[]>;
  /** Runs one or more statements without parameters. */
  exec(sql: string): Promise<void>;
}

export interface SqlExecutor {
  withConnection<T>(fn: (conn: SqlConnection) => Promise<T>): Promise<T>;
}

export interface Migration {
  name: string;
  sql: string;
  checksum: string;
}

/** The bookkeeping table of applied migrations (backups carry its rows so a restored database counts as migrated). */
export const MIGRATIONS_TABLE = '_app_migrations';
export const MIGRATIONS_TABLE_DDL = `CREATE TABLE IF NOT EXISTS "${MIGRATIONS_TABLE}" (
  name TEXT PRIMARY KEY,
  checksum TEXT NOT NULL,
  applied_at TIMESTAMPTZ NOT NULL DEFAULT now()
)`;

// A fixed key so that every instance of the shop contends for the same advisory lock.
const MIGRATION_LOCK_KEY = 727_274_001;

export function readMigrations(dir = defaultDir): Migration[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true })
    .filter((d) => d.isDirectory() && existsSync(join(dir, d.name, 'migration.sql')))
    .map((d) => d.name)
    .sort()
    .map((name) => {
      const sql = readFileSync(join(dir, name, 'migration.sql'), 'utf8');
      return { name, sql, checksum: createHash('sha256').update(sql).digest('hex') };
    });
}

/**
 * Applies pending migrations in name order, each in its own transaction, recorded in
 * _app_migrations. A PostgreSQL advisory lock makes concurrent starts (several app instances)
 * wait for each other instead of applying the same file twice.
 */
export async function runMigrations(executor: SqlExecutor, migrations = readMigrations()): Promise<string[]> {
  return executor.withConnection(async (conn) => {
    await conn.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      await conn.exec(MIGRATIONS_TABLE_DDL);
      const rows = await conn.query('SELECT name, checksum FROM "_app_migrations"');
      const applied = new Map(rows.map((r) => [String(r.name), String(r.checksum)]));
      const done: string[] = [];
      for (const m of migrations) {
        const known = applied.get(m.name);
        if (known !== undefined) {
          if (known !== m.checksum) {
            throw new Error(`Migration ${m.name} was changed after it was applied; add a new migration instead.`);
          }
          continue;
        }
        await conn.exec('BEGIN');
        try {
          await conn.exec(m.sql);
          await conn.query('INSERT INTO "_app_migrations" (name, checksum) VALUES ($1, $2)', [m.name, m.checksum]);
          await conn.exec('COMMIT');
        } catch (err) {
          await conn.exec('ROLLBACK');
          throw new Error(`Migration ${m.name} failed: ${(err as Error).message}`);
        }
        done.push(m.name);
      }
      return done;
    } finally {
      await conn.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    }
  });
}
