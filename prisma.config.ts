import { PGlite } from '@electric-sql/pglite';
import { PrismaPGlite } from 'pglite-prisma-adapter';
import { defineConfig } from 'prisma/config';

// The WebAssembly schema engine ("js") needs no native binary download, which these offline
// machines cannot do (see design.md section 3). The CLI is only used to generate the client and
// to diff schemas (scripts/new-migration.ts); it gets a throwaway in-memory PGlite.
export default defineConfig({
  experimental: { adapter: true },
  engine: 'js',
  schema: 'prisma/schema.prisma',
  // pglite-prisma-adapter 0.6 is typed against an older driver-adapter-utils; the runtime contract is the same.
  adapter: async () => new PrismaPGlite(new PGlite()) as never,
});
