import type { PrismaClient } from '@prisma/client';
import { isPgliteClient } from '../db/client';

// PGlite is one in-process connection. Its own mutex already runs transactions one at a time,
// but Prisma starts the clock of an interactive transaction (maxWait 2 s, timeout 5 s) before
// PGlite hands the connection over, so twenty checkouts queued behind each other fail with
// "Unable to start a transaction in the given time". Queuing them here first, in order, means each
// transaction starts only when the connection is free. On PostgreSQL nothing is queued: row locks
// taken by the conditional updates keep concurrent transactions correct across instances.
const queues = new WeakMap<object, Promise<unknown>>();

export function withWriteLock<T>(db: PrismaClient, fn: () => Promise<T>): Promise<T> {
  if (!isPgliteClient(db)) return fn();
  const previous = queues.get(db) ?? Promise.resolve();
  const run = previous.then(fn, fn);
  queues.set(
    db,
    run.catch(() => undefined),
  );
  return run;
}
