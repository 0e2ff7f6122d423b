import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { readMigrations } from '../server/db/migrate';
import { migrationsDir } from '../server/lib/paths';
import { diffMigrationsToSchema } from './lib/schema-diff';

// Authors prisma/migrations/<NNNN>_<name>/migration.sql from your change to prisma/schema.prisma.
// The new SQL is Prisma's diff between what the existing migrations build (applied to a throwaway
// in-memory database, see scripts/lib/schema-diff.ts) and the current schema; tests/db/migrations-match-schema.test.ts
// fails while the two differ.
const name = (process.argv[2] ?? '').replace(/[^a-z0-9_]/gi, '_').toLowerCase();
if (!name) {
  console.error('Usage: npm run db:migration -- <name>   (e.g. add_gift_notes)');
  process.exit(1);
}

const migrations = readMigrations();
const diff = await diffMigrationsToSchema({ script: true });
const sql = diff.stdout ?? '';
if (diff.exitCode === 0) {
  console.log('prisma/schema.prisma has no changes since the last migration: nothing to write.');
  process.exit(0);
}
const dir = join(migrationsDir, `${String(migrations.length + 1).padStart(4, '0')}_${name}`);
mkdirSync(dir, { recursive: true });
writeFileSync(join(dir, 'migration.sql'), sql);
console.log(`Wrote ${dir}/migration.sql; it is applied at the next start (server/db/migrate.ts).`);
