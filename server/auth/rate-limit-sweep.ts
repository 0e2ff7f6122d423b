// Expired rate-limit rows are removed by one worker per shop (decision 0203). The library's own
// sweep (a 5-minute timer per limiter, thirteen of them deleting the same rows) cannot be turned off
// by its option (`opts.clearExpiredByTimeout || true`), never stops, and a failure of its delete,
// such as while the database restarts, is an unhandled rejection; a test app closed before the
// timer fires left it deleting from a dropped database. `ShopRateLimiter` (rate-limit.ts) skips it.
import type { PrismaClient } from '@prisma/client';
import { logger } from '../lib/log';
import { pollWorker } from '../lib/poll-worker';

const HOUR_MS = 60 * 60_000;

/** Removes the limiters' rows that expired over an hour ago (the library's rule); answers how many. */
export async function sweepExpiredRateLimits(db: PrismaClient, now = new Date()): Promise<number> {
  const { count } = await db.rateLimit.deleteMany({ where: { expire: { lt: new Date(now.getTime() - HOUR_MS) } } });
  return count;
}

/** The sweep every `everyMs` (5 minutes, as the library did), first after `firstAfterMs`; failures are logged and retried next time. */
export function startRateLimitSweep(db: PrismaClient, opts: { firstAfterMs?: number; everyMs?: number } = {}) {
  const worker = pollWorker({
    pass: () => sweepExpiredRateLimits(db),
    firstAfterMs: opts.firstAfterMs ?? 5 * 60_000,
    everyMs: opts.everyMs ?? 5 * 60_000,
    onError: (err) => logger().warn({ err }, 'Removing expired rate-limit rows failed; it runs again in 5 minutes'),
  });
  worker.start();
  return { stop: worker.stop };
}
