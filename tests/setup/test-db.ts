import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { subscribeAfterCommit } from '../../server/after-commit';
import { openPostgres, type Database } from '../../server/db/client';

/** True in the `postgres` project (the PostgreSQL server on TEST_DATABASE_URL), false on the embedded server. */
export const usingPostgres = () => process.env.TEST_DB === 'postgres';

/** A connection string to the test server's maintenance database (embedded, or TEST_DATABASE_URL in the postgres project). */
export function serverAdminUrl(): string {
  if (usingPostgres()) {
    const url = process.env.TEST_DATABASE_URL;
    if (!url) throw new Error('TEST_DATABASE_URL is not set');
    return url;
  }
  return inject('embeddedAdminUrl');
}

function databaseUrl(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function adminQuery(...statements: string[]): Promise<void> {
  const admin = new pg.Client({ connectionString: serverAdminUrl() });
  await admin.connect();
  try {
    for (const sql of statements) await admin.query(sql);
  } finally {
    await admin.end();
  }
}

/**
 * A new database on the test server, dropped again on close: a copy of the run's migrated template
 * (tests/setup/global-setup.ts) unless `empty`.
 */
export async function createPostgresDb(poolMax = 10, opts: { empty?: boolean } = {}): Promise<Database & { url: string }> {
  // Writes on a database with no app around it (services called directly) still drop caches and
  // wake workers after they commit, as the shop's do (server/after-commit.ts; wired once).
  subscribeAfterCommit();
  const name = `packshop_test_${Date.now()}_${randomBytes(3).toString('hex')}`;
  await adminQuery(
    `CREATE DATABASE "${name}"${opts.empty ? '' : ` TEMPLATE "${inject('templateDb')}"`}`,
    // A commit does not wait for its WAL to reach the disk: a test database need not survive a
    // crash of its server, and on a server with fsync on (TEST_DATABASE_URL) the wait is most of a
    // small write's time. The embedded test server has it off for all its databases already.
    `ALTER DATABASE "${name}" SET synchronous_commit = off`,
  );
  const url = databaseUrl(serverAdminUrl(), name);
  const database = await openPostgres(url, poolMax);
  return {
    ...database,
    url,
    async close() {
      await database.close();
      await adminQuery(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    },
  };
}

/** A fresh, migrated database for one test file. */
export const createTestDb = (): Promise<Database> => createPostgresDb();
