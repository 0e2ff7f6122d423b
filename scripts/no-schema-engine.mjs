#!/usr/bin/env node
// What Prisma's CLI finds where it looks for its native schema engine (prisma.config.ts): this shop
// has none and needs none, so a command that would run it stops here with the way to do it instead.
// The line is a log record as the engine writes them, which the CLI shows as the reason.
import console from 'node:console';
import process from 'node:process';

const message =
  'This project has no native Prisma schema engine (docs/decisions/0212-prisma-7-with-the-webassembly-schema-engine.md). ' +
  'Write a migration with `npm run db:migration -- <name>`; the shop applies it at start (server/db/migrate.ts).';
console.error(JSON.stringify({ level: 'ERROR', target: 'schema_engine', fields: { message } }));
process.exit(1);
