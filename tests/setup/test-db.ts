import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { inject } from 'vitest';
import { openPglite, openPostgres, type Database } from '../../server/db/client';
import { runMigrations } from '../../server/db/migrate';

export const usingPostgres = () => process.env.TEST_DB === 'postgres';

/** A fresh, migrated database for one test file. */
export async function createTestDb(): Promise<Database> {
  if (usingPostgres()) return createPostgresDb();
  const bytes = readFileSync(inject('pgliteTemplate'));
  return openPglite({ loadDataDir: new Blob([bytes]) });
}

/** A new database on the TEST_DATABASE_URL server, dropped again on close. */
export async function createPostgresDb(poolMax = 10): Promise<Database & { url: string }> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = `packshop_test_${Date.now()}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openPostgres(url.toString(), poolMax);
  await runMigrations(database.executor);
  return {
    ...database,
    url: url.toString(),
    async close() {
      await database.close();
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await c.end();
    },
  };
}
