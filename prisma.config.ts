import { fileURLToPath } from 'node:url';
import { defineConfig } from 'prisma/config';

// Prisma's CLI is only used to generate the client (`postinstall`). Prisma 7 makes sure a native
// schema engine is on disk before `generate` (and every migrate and db command), downloading it from
// binaries.prisma.sh, which these offline machines cannot reach, although generation never runs it.
// The shop needs none: migrations run with its own runner (server/db/migrate.ts), and the schema is
// diffed against them by the WebAssembly schema engine (scripts/lib/schema-diff.ts). The stand-in
// below is what the CLI finds instead; run as an engine, it says where to go (decision 0212).
process.env.PRISMA_SCHEMA_ENGINE_BINARY ??= fileURLToPath(new URL('./scripts/no-schema-engine.mjs', import.meta.url));

export default defineConfig({
  schema: 'prisma/schema.prisma',
});
