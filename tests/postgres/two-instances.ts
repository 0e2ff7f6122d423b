import { afterAll, beforeAll } from 'vitest';
import { openPostgres, type Database } from '../../server/db/client';
import { createDeps, type AppDeps } from '../../server/deps';
import { LocalImageStorage } from '../../server/storage/image-storage';
import { createContextInner } from '../../server/trpc/context';
import { createCaller } from '../../server/trpc/root';
import { createPostgresDb } from '../setup/test-db';

/**
 * Two app instances on one fresh PostgreSQL database, as two shops behind nginx run: two
 * PrismaClients with their own pools (10 connections each). Registers the file's beforeAll/afterAll.
 * `callerFor(i, ...)` answers through instance i % 2, so a loop over shoppers alternates instances.
 */
export function twoInstances() {
  let a: Awaited<ReturnType<typeof createPostgresDb>>;
  let b: Database;
  let deps: [AppDeps, AppDeps];
  beforeAll(async () => {
    a = await createPostgresDb(10);
    b = await openPostgres(a.url, 10);
    const storage = new LocalImageStorage('/tmp/packshop-race-uploads');
    deps = [createDeps(a.db, storage), createDeps(b.db, storage)];
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });
  return {
    /** Instance A's Prisma client, for setup and for reading what the race left. */
    get db() {
      return a.db;
    },
    get deps() {
      return deps;
    },
    callerFor: (i: number, token: string, idempotencyKey?: string) => createCaller(createContextInner({ deps: deps[i % 2], token, idempotencyKey })),
  };
}
