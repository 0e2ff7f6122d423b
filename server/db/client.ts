import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { PrismaPg } from '@prisma/adapter-pg';
import { PrismaClient } from '@prisma/client';
import { PrismaPGlite } from 'pglite-prisma-adapter';
import { dbQueryDuration } from '../lib/metrics';
import type { SqlExecutor } from './migrate';

// Every query's duration (as Prisma measures it) goes to the database-time histogram of /metrics.
function timedClient(adapter: ConstructorParameters<typeof PrismaClient>[0] extends infer O ? (O extends { adapter?: infer A } ? A : never) : never): PrismaClient {
  const db = new PrismaClient({ adapter, log: [{ emit: 'event', level: 'query' }] });
  db.$on('query', (e) => dbQueryDuration.observe(e.duration / 1000));
  return db as unknown as PrismaClient;
}

// Clients backed by the embedded PGlite: one in-process connection, so a few write paths queue
// their transactions (server/services/write-lock.ts) instead of relying on row locks.
const pgliteClients = new WeakSet<PrismaClient>();
export const isPgliteClient = (db: PrismaClient): boolean => pgliteClients.has(db);

export interface Database {
  db: PrismaClient;
  kind: 'pglite' | 'postgres';
  /** Raw executor for the migration runner (multi-statement SQL, advisory locks). */
  executor: SqlExecutor;
  close(): Promise<void>;
}

/** PostgreSQL server through @prisma/adapter-pg. */
export async function openPostgres(connectionString: string, poolMax = 10): Promise<Database> {
  const pg = await import('pg');
  const adapter = new PrismaPg({ connectionString, max: poolMax });
  const db = timedClient(adapter);
  const executor: SqlExecutor = {
    async withConnection(fn) {
      const client = new pg.default.Client({ connectionString });
      await client.connect();
      try {
        return await fn({
          query: async (sql, params) => (await client.query(sql, params as unknown[])).rows,
          exec: async (sql) => {
            await client.query(sql);
          },
        });
      } finally {
        await client.end();
      }
    },
  };
  return { db, kind: 'postgres', executor, close: () => db.$disconnect() };
}

/** Embedded PGlite: on disk under dataDir, or in memory (tests), or from a dumped template. */
export async function openPglite(opts: { dataDir?: string; loadDataDir?: Blob | File } = {}): Promise<Database> {
  let pglite: PGlite;
  if (opts.dataDir) {
    const dir = join(opts.dataDir, 'pglite');
    mkdirSync(dir, { recursive: true });
    pglite = new PGlite(dir);
  } else {
    pglite = new PGlite({ loadDataDir: opts.loadDataDir });
  }
  await pglite.waitReady;
  // pglite-prisma-adapter 0.6 is typed against an older driver-adapter-utils; same runtime contract.
  const db = timedClient(new PrismaPGlite(pglite) as never);
  pgliteClients.add(db);
  const executor: SqlExecutor = {
    withConnection: (fn) =>
      fn({
        query: async (sql, params) => (await pglite.query(sql, params as unknown[])).rows as Record<string, unknown>[],
        exec: async (sql) => {
          await pglite.exec(sql);
        },
      }),
  };
  return {
    db,
    kind: 'pglite',
    executor,
    async close() {
      await db.$disconnect();
      await pglite.close();
    },
    // exposed for the test template
    ...({ pglite } as object),
  };
}

export function openDatabase(opts: { databaseUrl?: string; dataDir: string }): Promise<Database> {
  return opts.databaseUrl ? openPostgres(opts.databaseUrl) : openPglite({ dataDir: opts.dataDir });
}
