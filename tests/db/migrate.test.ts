import { describe, expect, it } from 'vitest';
import { openPglite } from '../../server/db/client';
import { readMigrations, runMigrations } from '../../server/db/migrate';

describe('migration runner on PGlite', () => {
  it('applies the migrations in order once and is a no-op the second time', async () => {
    const database = await openPglite();
    const migrations = readMigrations();
    expect(migrations.map((m) => m.name)).toEqual([...migrations.map((m) => m.name)].sort());
    expect(await runMigrations(database.executor, migrations)).toEqual(migrations.map((m) => m.name));
    expect(await runMigrations(database.executor, migrations)).toEqual([]);
    expect(await database.db.product.count()).toBe(0);
    await database.close();
  }, 60_000);
});
