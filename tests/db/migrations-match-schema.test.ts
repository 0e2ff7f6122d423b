import { describe, expect, it } from 'vitest';
import { diffMigrationsToSchema } from '../../scripts/lib/schema-diff';

// prisma/schema.prisma is the one description of the data model; the migrations are what builds it
// in a shop's database. Prisma's schema engine applies every migration to an empty in-memory
// database and compares the result with the schema (scripts/lib/schema-diff.ts), so a schema change
// committed without its migration, or a migration the schema does not describe, fails the run; a
// migration that does not apply fails it with PostgreSQL's message.

describe('migrations and prisma/schema.prisma', () => {
  it('applying every migration to an empty database gives exactly the schema', async () => {
    const diff = await diffMigrationsToSchema({ script: true });
    if (diff.exitCode === 2) {
      expect.fail(
        'prisma/schema.prisma differs from what prisma/migrations builds. Write the missing migration with ' +
          '`npm run db:migration -- <name>` (or fix the migration). What the migrations lack to match the schema:\n' +
          (diff.stdout ?? '').trim(),
      );
    }
    expect(diff.exitCode).toBe(0);
  }, 120_000);
});
