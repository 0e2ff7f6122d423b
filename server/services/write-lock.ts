import type { PrismaClient } from '@prisma/client';

// PGlite is one in-process connection. Its own mutex already runs transactions one at a time,
// but Prisma starts the clock of an interactive transaction (maxWait 2 s, timeout 5 s) before
// PGlite hands the connection over, so twenty checkouts queued behind each other fail with
// "Unable to start a transaction in the given time". Queuing them here first, in order, means each
// transaction starts only when the connection is free. On PostgreSQL nothing is queued: row locks
// taken by the conditional updates keep concurrent transactions correct across instances.
const queues = new WeakMap<object, Promise<unknown>>();

export function isPglite(db: PrismaClient): boolean {
  const adapter = (db as unknown as { _engineConfig?: { adapter?: { adapterName?: string } } })._engineConfig?.adapter;
  return adapter?.adapterName === 'pglite-prisma-adapter';
}

export function withWriteLock<T>(db: PrismaClient, fn: () => Promise<T>): Promise<T> {
  if (!isPglite(db)) return fn();
  const previous = queues.get(db) ?? Promise.resolve();
  const run = previous.then(fn, fn);
  queues.set(
    db,
    run.catch(() => undefined),
  );
  return run;
}
