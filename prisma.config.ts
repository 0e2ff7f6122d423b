import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { PrismaPGlite } from 'pglite-prisma-adapter';
import { defineConfig } from 'prisma/config';

// The WebAssembly schema engine ("js") needs no native binary download, which these offline
// machines cannot do (see docs/architecture.md section 3). The CLI is only used to generate the client and
// to diff the schema against the migrations (scripts/new-migration.ts and
// tests/db/migrations-match-schema.test.ts); it gets a throwaway in-memory PGlite.
export default defineConfig({
  experimental: { adapter: true },
  engine: 'js',
  schema: 'prisma/schema.prisma',
  adapter: async () => {
    // pglite-prisma-adapter 0.6 is typed against an older driver-adapter-utils; the runtime contract is the same.
    const factory = new PrismaPGlite(new PGlite());
    factory.connectToShadowDb = shadowDatabase;
    return factory as never;
  },
});

/**
 * The database `migrate diff --from-migrations` applies the migrations to: a fresh in-memory PGlite.
 * Prisma sends each migration.sql as one statement without parameters, which the adapter would
 * prepare, and PostgreSQL prepares one command only; PGlite's exec runs the whole file, as the
 * shop's own runner does. With a driver adapter configured, the CLI accepts no database URL
 * (neither --shadow-database-url nor --from-url), so this is where the shadow database comes from.
 */
async function shadowDatabase() {
  // The search migration (0020) creates these extensions; PGlite ships them as loadable modules.
  const pglite = new PGlite({ extensions: { pg_trgm, unaccent } });
  const adapter = await new PrismaPGlite(pglite).connect();
  const executeRaw = adapter.executeRaw.bind(adapter);
  adapter.executeRaw = async (query) => {
    if (query.args.length > 0) return executeRaw(query);
    try {
      await pglite.exec(query.sql);
    } catch (err) {
      // The adapter's own translation, so that Prisma reports PostgreSQL's message and not an opaque id.
      (adapter as unknown as { onError(err: unknown): never }).onError(err);
    }
    return 0;
  };
  return adapter;
}
