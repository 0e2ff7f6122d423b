import { join } from 'node:path';
import { PrismaPg } from '@prisma/adapter-pg';
import { PrismaClient } from '@prisma/client';
import { dbQueryDuration } from '../lib/metrics';
import { EmbeddedPostgres } from './embedded/embedded-server';
import { pgExecutor } from './executor';
import { createPool, registerPool, settleWithin, type PoolLimits } from './pool';
import type { SqlExecutor } from './migrate';

// Every query's duration (as Prisma measures it) goes to the database-time histogram of /metrics.
function timedClient(adapter: ConstructorParameters<typeof PrismaClient>[0] extends infer O ? (O extends { adapter?: infer A } ? A : never) : never): PrismaClient {
  // Every write goes through Prisma's interactive transaction: a transaction that cannot get a
  // connection within maxWait fails with P2028, which the edge answers as a 503 (busy, retry), and
  // one that runs past timeout is rolled back. Paths with heavier work (imports, checkout) pass
  // longer limits of their own.
  const db = new PrismaClient({ adapter, log: [{ emit: 'event', level: 'query' }], transactionOptions: { maxWait: 5_000, timeout: 10_000 } });
  db.$on('query', (e) => dbQueryDuration.observe(e.duration / 1000));
  return db as unknown as PrismaClient;
}

export interface Database {
  db: PrismaClient;
  /** `embedded`: the shop's own PostgreSQL server under DATA_DIR; `postgres`: a server at DATABASE_URL. */
  kind: 'embedded' | 'postgres';
  /** A connection string for tools that need their own connection (LISTEN, backups). */
  url: string;
  /** The supervised embedded server, when the shop runs one. */
  embedded?: EmbeddedPostgres;
  /** Raw executor for the migration runner (multi-statement SQL, advisory locks). */
  executor: SqlExecutor;
  close(): Promise<void>;
}

/**
 * PostgreSQL server through @prisma/adapter-pg. `limits` bound each pooled statement (server/db/pool.ts;
 * DB_STATEMENT_TIMEOUT_MS); the migration runner's own connection has none (an index build may take long).
 */
export async function openPostgres(connectionString: string, poolMax = 10, limits?: PoolLimits): Promise<Database> {
  const pool = createPool(connectionString, poolMax, limits);
  const adapter = new PrismaPg(pool, { disposeExternalPool: true });
  const db = timedClient(adapter);
  registerPool(db, pool);
  const executor = pgExecutor(connectionString);
  // Bounded: shutdown must not wait forever on a connection a crashed server left behind.
  return { db, kind: 'postgres', url: connectionString, executor, close: () => settleWithin(db.$disconnect(), 5_000) };
}

export interface EmbeddedDatabaseOptions {
  dataDir: string;
  /** System user the embedded server runs as when the shop runs as root. */
  osUser?: string;
  /** Server settings over the embedded defaults (EMBEDDED_DB_SETTINGS). */
  settings?: Record<string, string>;
  log?: (msg: string) => void;
  warn?: (msg: string) => void;
  /** Statement and answer limits of the pooled connections (DB_STATEMENT_TIMEOUT_MS). */
  limits?: PoolLimits;
}

/** The shop's own PostgreSQL server in DATA_DIR/postgres, started (and supervised) here. */
export async function openEmbedded(opts: EmbeddedDatabaseOptions): Promise<Database> {
  const embedded = new EmbeddedPostgres({ dir: join(opts.dataDir, 'postgres'), osUser: opts.osUser, settings: opts.settings, log: opts.log, warn: opts.warn });
  await embedded.start();
  const database = await openPostgres(embedded.url(), undefined, opts.limits);
  return {
    ...database,
    kind: 'embedded',
    embedded,
    async close() {
      await database.close();
      await embedded.stop();
    },
  };
}

export function openDatabase(opts: { databaseUrl?: string } & EmbeddedDatabaseOptions): Promise<Database> {
  return opts.databaseUrl ? openPostgres(opts.databaseUrl, undefined, opts.limits) : openEmbedded(opts);
}
