import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres } from '../../server/db/client';
import { readMigrations, runMigrations, type Migration } from '../../server/db/migrate';
import { serverAdminUrl } from '../setup/test-db';

const server = serverAdminUrl();
const name = `packshop_migrate_${Date.now()}_${randomBytes(3).toString('hex')}`;
const url = Object.assign(new URL(server), { pathname: `/${name}` }).toString();

async function admin(sql: string) {
  const c = new pg.Client({ connectionString: server });
  await c.connect();
  await c.query(sql);
  await c.end();
}

beforeAll(() => admin(`CREATE DATABASE "${name}"`));
afterAll(() => admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));

describe('migration runner on PostgreSQL', () => {
  it('two runners started at once apply each migration exactly once', async () => {
    const a = await openPostgres(url, 2);
    const b = await openPostgres(url, 2);
    // A slow extra migration widens the window in which the two runners overlap.
    const slow: Migration = { name: '9999_slow_probe', sql: 'SELECT pg_sleep(0.5); CREATE TABLE "probe" (id int);', checksum: 'probe' };
    const migrations = [...readMigrations(), slow];
    const [doneA, doneB] = await Promise.all([runMigrations(a.executor, migrations), runMigrations(b.executor, migrations)]);
    // One runner applied everything; the other waited on the advisory lock and found nothing to do.
    expect([doneA.length, doneB.length].sort()).toEqual([0, migrations.length]);
    const rows = await a.db.$queryRawUnsafe<{ name: string }[]>('SELECT name FROM "_app_migrations" ORDER BY name');
    expect(rows.map((r) => r.name)).toEqual(migrations.map((m) => m.name));
    expect(await a.db.user.count()).toBe(0);
    await a.close();
    await b.close();
  });

  it('refuses a migration whose file changed after it was applied', async () => {
    const c = await openPostgres(url, 1);
    const changed = readMigrations().map((m, i) => (i === 0 ? { ...m, checksum: 'edited' } : m));
    await expect(runMigrations(c.executor, changed)).rejects.toThrow(/was changed after it was applied/);
    await c.close();
  });

  it('rolls back a failing migration and records nothing for it', async () => {
    const c = await openPostgres(url, 1);
    const broken: Migration = { name: '9999_zz_broken', sql: 'CREATE TABLE "half_done" (id int); SELECT * FROM no_such_table;', checksum: 'x' };
    const migrations = [...readMigrations(), { name: '9999_slow_probe', sql: 'SELECT 1', checksum: 'probe' }, broken];
    await expect(runMigrations(c.executor, migrations)).rejects.toThrow(/9999_zz_broken failed/);
    const tables = await c.db.$queryRawUnsafe<{ n: number }[]>(`SELECT count(*)::int AS n FROM information_schema.tables WHERE table_name = 'half_done'`);
    expect(tables[0].n).toBe(0);
    await c.close();
  });
});
