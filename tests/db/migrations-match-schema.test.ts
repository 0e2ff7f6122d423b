import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { migrationsDir, projectRoot } from '../../server/lib/paths';

// prisma/schema.prisma is the one description of the data model; the migrations are what builds it
// in a shop's database. Prisma applies every migration to an empty in-memory database (see
// prisma.config.ts) and compares the result with the schema, so a schema change committed without
// its migration, or a migration the schema does not describe, fails the run.

interface Diff {
  status: number;
  stdout: string;
  stderr: string;
}

function migrateDiff(): Promise<Diff> {
  const prisma = join(projectRoot, 'node_modules', '.bin', 'prisma');
  const args = ['migrate', 'diff', '--from-migrations', migrationsDir, '--to-schema-datamodel', join(projectRoot, 'prisma', 'schema.prisma'), '--exit-code'];
  return new Promise((resolve) => {
    execFile(prisma, args, { cwd: projectRoot, encoding: 'utf8' }, (err, stdout, stderr) => {
      const status = err ? (typeof err.code === 'number' ? err.code : -1) : 0;
      resolve({ status, stdout, stderr });
    });
  });
}

describe('migrations and prisma/schema.prisma', () => {
  it('applying every migration to an empty database gives exactly the schema', async () => {
    const diff = await migrateDiff();
    // --exit-code: 0 no difference, 2 a difference, 1 an error (a migration that does not apply).
    if (diff.status === 2) {
      expect.fail(
        'prisma/schema.prisma differs from what prisma/migrations builds. Write the missing migration with ' +
          '`npm run db:migration -- <name>` (or fix the migration). What the migrations lack to match the schema:\n' +
          diff.stdout.trim(),
      );
    }
    expect(diff.status, `prisma migrate diff failed:\n${diff.stderr.trim()}\n${diff.stdout.trim()}`).toBe(0);
  }, 120_000);
});
