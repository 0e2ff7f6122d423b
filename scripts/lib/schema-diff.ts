import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { bindMigrationAwareSqlAdapterFactory } from '@prisma/driver-adapter-utils';
import type { DiffResult, SchemaEngine } from '@prisma/schema-engine-wasm';
import { PrismaPGlite } from 'pglite-prisma-adapter';
import { readMigrations } from '../../server/db/migrate';
import { migrationsDir, projectRoot } from '../../server/lib/paths';

// What prisma/migrations lack to build prisma/schema.prisma, as SQL: Prisma's own schema differ (the
// schema engine, in its WebAssembly build) applies every migration to a fresh in-memory PGlite and
// compares the result with the schema. Prisma 7's CLI runs only the native engine, which these
// offline machines cannot download (decision 0212); this calls the WebAssembly engine the way
// Prisma 6's CLI did with `engine: "js"`. Used by scripts/new-migration.ts and
// tests/db/migrations-match-schema.test.ts.

const schemaPath = join(projectRoot, 'prisma', 'schema.prisma');

/** The engine's module, instantiated once per process (wasm-bindgen's bundler build, wired up by hand for Node as Prisma's CLI does). */
let engineModule: Promise<typeof SchemaEngine> | undefined;
const loadEngine = () => (engineModule ??= instantiateEngine());
async function instantiateEngine(): Promise<typeof SchemaEngine> {
  const require = createRequire(import.meta.url);
  const glue = await import('@prisma/schema-engine-wasm/schema_engine_bg');
  const wasm = readFileSync(join(dirname(require.resolve('@prisma/schema-engine-wasm/schema_engine_bg')), 'schema_engine_bg.wasm'));
  const instance = new WebAssembly.Instance(new WebAssembly.Module(wasm), { './schema_engine_bg.js': glue });
  glue.__wbg_set_wasm(instance.exports);
  (instance.exports.__wbindgen_start as () => void)();
  return glue.SchemaEngine;
}

/**
 * The database the migrations are applied to: a fresh in-memory PGlite with the extensions the
 * search migration (0020) creates. The engine sends each migration.sql whole to `executeScript`,
 * which pglite-prisma-adapter 0.7 starts without waiting for, so a migration that fails would pass
 * unnoticed: here it is awaited, and its failure reported.
 */
async function shadowDatabase(opened: PGlite[]) {
  const pglite = new PGlite({ extensions: { pg_trgm, unaccent } });
  opened.push(pglite);
  const adapter = await new PrismaPGlite(pglite).connect();
  // The adapter's own translation of a failure, so that Prisma reports PostgreSQL's message.
  const fail = (err: unknown): never => (adapter as unknown as { onError(err: unknown): never }).onError(err);
  adapter.executeScript = async (script) => {
    await pglite.exec(script).catch(fail);
  };
  return adapter;
}

/**
 * The difference from what the migrations build to the schema: `exitCode` 0 when there is none and
 * 2 when there is one; `stdout` holds the SQL (`script`) or a summary. A migration that does not
 * apply throws with PostgreSQL's message.
 */
export async function diffMigrationsToSchema({ script }: { script: boolean }): Promise<DiffResult> {
  const Engine = await loadEngine();
  // A database for the engine's own connection and one for its shadow database, closed after the diff.
  const opened = [new PGlite()];
  const factory = new PrismaPGlite(opened[0]);
  factory.connectToShadowDb = () => shadowDatabase(opened);
  const schema = readFileSync(schemaPath, 'utf8');
  // The engine calls the adapter through Prisma's binding, which turns failures into results.
  const engine = await Engine.new({ datamodels: [[schemaPath, schema]] }, () => {}, bindMigrationAwareSqlAdapterFactory(factory));
  try {
    return await engine.diff({
      from: {
        tag: 'migrations',
        baseDir: migrationsDir,
        lockfile: { path: 'migration_lock.toml', content: readFileSync(join(migrationsDir, 'migration_lock.toml'), 'utf8') },
        migrationDirectories: readMigrations().map((m) => ({ path: m.name, migrationFile: { path: 'migration.sql', content: { tag: 'ok', value: m.sql } } })),
        shadowDbInitScript: '',
      },
      to: { tag: 'schemaDatamodel', files: [{ path: schemaPath, content: schema }] },
      script,
      exitCode: true,
      filters: { externalTables: [], externalEnums: [] },
    });
  } finally {
    engine.free();
    await Promise.all(opened.map((db) => db.close()));
  }
}
