// Abandoned guest carts are removed (decision 0163): a guest cart nobody has touched for
// GUEST_CART_DAYS days goes, with its lines and gifts (their foreign keys cascade). A guest's key to
// its cart lives in one browser tab's sessionStorage, so such a cart can no longer be reached by
// anyone; without this, every visitor who once added something (and every script) left rows for good.
//
// One instance at a time does the work (a session advisory lock on its own connection, as backups
// take turns); the others skip that hour. The rows go in short batches, each one statement and so
// one short transaction, and a cart a shopper is changing at that moment is skipped (SKIP LOCKED),
// so no shopper waits behind the cleanup.
import type { SqlExecutor } from '../../db/migrate';
import { logger } from '../../lib/log';
import { guestCartsRemoved } from '../../lib/metrics';
import { pollWorker } from '../../lib/poll-worker';

/** Every instance contends for this advisory lock before it removes guest carts. */
export const GUEST_CART_CLEANUP_LOCK_KEY = 727_274_163;
/** Carts per statement: a few milliseconds of work each, so locks are held only that long. */
const GUEST_CART_BATCH = 500;
const DAY_MS = 24 * 60 * 60_000;
const HOUR_MS = 60 * 60_000;

/**
 * One batch: the oldest guest carts (no user) whose cart row, lines and gifts were all last written
 * before the cut-off (a change of quantity writes only the line), skipping any a shopper holds
 * locked, deleted in one statement. A signed-in shopper's cart is never a candidate (it goes with its
 * user), and nothing but its own lines and gifts refers to a cart (orders and quotes copy the
 * lines), so nothing else can lose a row. Times are the app's (Prisma and cart.sql.ts write them
 * from the app clock, in UTC).
 *
 * The lines' and gifts' latest times are per-cart subqueries on purpose: written as NOT EXISTS, the
 * planner turned them into an anti-join over a scan of every line (150 ms a batch at 100,000 carts
 * against 13-24 ms this way, each cart's lines read through the (cartId, variantId) index).
 */
const DELETE_BATCH = `
  WITH doomed AS (
    SELECT c."id" FROM "Cart" c
    WHERE c."userId" IS NULL AND c."guestId" IS NOT NULL AND c."updatedAt" < $1::timestamp
      AND GREATEST(c."updatedAt",
            (SELECT max(i."updatedAt") FROM "CartItem" i WHERE i."cartId" = c."id"),
            (SELECT max(g."createdAt") FROM "CartGift" g WHERE g."cartId" = c."id")) < $1::timestamp
    ORDER BY c."updatedAt"
    LIMIT $2
    FOR UPDATE OF c SKIP LOCKED
  ), gone AS (
    DELETE FROM "Cart" c USING doomed WHERE c."id" = doomed."id" RETURNING 1
  )
  SELECT count(*)::int AS "removed" FROM gone`;

export interface CleanupRun {
  removed: number;
  /** Statements that removed at least one cart. */
  batches: number;
}

export interface CleanupOptions {
  days: number;
  now?: Date;
  batch?: number;
  /** Checked between batches: a stopping instance ends its run after the batch in hand. */
  stopping?: () => boolean;
}

/**
 * Removes every guest cart untouched for `days`, batch by batch, under the cleanup lock. Answers
 * what it removed, or null when another instance holds the lock (it is doing this very work).
 */
export async function removeAbandonedGuestCarts(executor: SqlExecutor, opts: CleanupOptions): Promise<CleanupRun | null> {
  const cutoff = new Date((opts.now ?? new Date()).getTime() - opts.days * DAY_MS).toISOString();
  const batch = opts.batch ?? GUEST_CART_BATCH;
  return executor.withConnection(async (conn) => {
    const [lock] = await conn.query('SELECT pg_try_advisory_lock($1) AS ok', [GUEST_CART_CLEANUP_LOCK_KEY]);
    if (!lock?.ok) return null;
    try {
      const run: CleanupRun = { removed: 0, batches: 0 };
      for (;;) {
        const [row] = await conn.query(DELETE_BATCH, [cutoff, batch]);
        const removed = Number(row?.removed ?? 0);
        if (removed > 0) {
          run.removed += removed;
          run.batches++;
          guestCartsRemoved.inc(removed);
        }
        if (removed < batch || opts.stopping?.()) return run;
      }
    } finally {
      await conn.query('SELECT pg_advisory_unlock($1)', [GUEST_CART_CLEANUP_LOCK_KEY]).catch(() => undefined);
    }
  });
}

/**
 * The hourly cleanup of this instance: a first run `startDelayMs` after start (not during the start
 * itself), then every `everyMs`; timers unref'd, so they never keep the process alive. `stop()` ends
 * the run in hand after its current batch and waits for it.
 */
export function startGuestCartCleanup(executor: SqlExecutor, opts: { days: number; startDelayMs?: number; everyMs?: number }) {
  const worker = pollWorker({
    async pass(stopping) {
      const run = await removeAbandonedGuestCarts(executor, { days: opts.days, stopping });
      if (run?.removed) {
        logger().info({ removed: run.removed, batches: run.batches, days: opts.days }, `Guest carts: removed ${run.removed} untouched for ${opts.days} days`);
      }
      return run;
    },
    firstAfterMs: opts.startDelayMs ?? 5 * 60_000,
    everyMs: opts.everyMs ?? HOUR_MS,
    onError: (err) => logger().warn({ err }, 'Guest cart cleanup failed; it runs again within the hour'),
  });
  worker.start();
  return { stop: worker.stop };
}
