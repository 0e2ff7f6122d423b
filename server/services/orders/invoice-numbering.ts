// Tax invoice numbers, given after the order's own transaction has committed
// (docs/decisions/0139-invoice-numbers-off-the-order-transaction.md). The order transaction only
// marks the order as due; then one statement of its own numbers every due order that has committed
// by then, in the order they were placed. While one step commits, the orders that commit meanwhile
// queue behind it and the next step numbers them all at once, so the counter no longer makes every
// order wait for every other order's whole transaction. Numbers stay gap-free (only committed
// orders are numbered, in the statement that moves the counter) and unique across instances (the
// due orders and the counter are locked while they are numbered).
import type { PrismaClient } from '@prisma/client';
import { plainSql } from '../../db/sql-client';
import { logger } from '../../lib/log';
import { pollWorker } from '../../lib/poll-worker';
import { numberDueOrders } from './invoice-numbering.sql';

/** Numbers every committed order still waiting for its invoice number; answers how many it numbered. */
export async function numberDueInvoices(db: PrismaClient): Promise<number> {
  return (await numberDueOrders(db)).length;
}

/**
 * The step run right after an order commits, before the shopper is answered, so the order has its
 * number by the time anyone can ask for its invoice. A failure here does not fail the order (it is
 * placed and committed): the next order's step, the catch-up pass or the invoice download numbers it.
 */
export async function numberAfterPlacing(db: PrismaClient): Promise<void> {
  // On the pool's plain connection, like the order itself (one fixed statement; Prisma's work for it
  // would be most of its cost).
  await numberDueOrders(plainSql(db)).catch((err: unknown) =>
    logger().warn({ err }, 'Invoice numbering after an order failed; the order will be numbered by the next pass'),
  );
}

/**
 * Catch-up for orders left due by a crash between the order's commit and its numbering: once at
 * start and then every `pollMs`. Cheap when nothing is due (an index with no entries, no write).
 */
export function startInvoiceNumbering(db: PrismaClient, opts: { pollMs?: number } = {}) {
  const worker = pollWorker({
    async pass() {
      const n = await numberDueInvoices(db);
      if (n) logger().info({ numbered: n }, `Invoice numbering: numbered ${n} order${n === 1 ? '' : 's'} left without a number`);
      return n;
    },
    everyMs: opts.pollMs ?? 30_000,
    onError: (err) => logger().warn({ err }, 'Invoice numbering catch-up failed; retrying at the next pass'),
  });
  worker.start();
  return { stop: worker.stop };
}
