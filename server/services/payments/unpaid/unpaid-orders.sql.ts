// The unpaid-order pass's two row claims (decision 0167), in SQL for FOR UPDATE [SKIP LOCKED].
// Rows are checked by zod. Times are the app's, in UTC, as the orders' own are written.
import type { Prisma } from '@prisma/client';
import { z } from 'zod';
import { int } from '../../../db/sql-rows';

type Tx = Prisma.TransactionClient;

const dueReminder = z.object({
  id: z.string(),
  orderNumber: z.string(),
  email: z.string(),
  shipFullName: z.string(),
  totalCents: int,
  createdAt: z.coerce.date(),
});
type DueReminder = z.infer<typeof dueReminder>;

/**
 * Claims up to `batch` pending orders placed before `before` that have had no reminder, oldest
 * first, stamping reminderSentAt in the caller's transaction (which queues their e-mails): a
 * second pass, here or on another instance, finds them stamped and sends none. Orders another
 * transaction holds (a payment being recorded this moment) are skipped, never waited for; the
 * next run sees them paid or still due. updatedAt is left alone: nothing an order answer shows
 * changed, so integrators paging by it are not sent the order again.
 */
export async function claimDueReminders(tx: Tx, at: { before: Date; now: Date; batch: number }): Promise<DueReminder[]> {
  const rows = await tx.$queryRaw<unknown[]>`
    UPDATE "Order" o SET "reminderSentAt" = ${at.now.toISOString()}::timestamp
    FROM (
      SELECT "id" FROM "Order"
      WHERE "status" = 'pending' AND "reminderSentAt" IS NULL AND "createdAt" < ${at.before.toISOString()}::timestamp
      ORDER BY "createdAt", "id"
      LIMIT ${at.batch}
      FOR UPDATE SKIP LOCKED
    ) due
    WHERE o."id" = due."id"
    RETURNING o."id", o."orderNumber", o."email", o."shipFullName", o."totalCents", o."createdAt"`;
  return rows.map((r) => dueReminder.parse(r));
}

const lockedOrder = z.object({
  status: z.string(),
  createdAt: z.coerce.date(),
  reminderSentAt: z.coerce.date().nullable(),
  checkoutSessionId: z.string().nullable(),
});

/**
 * Locks the order row, as markOrderPaidInTx does first: a payment and the release of one order are
 * decided one after the other, and whichever comes second sees the other's outcome.
 */
export async function lockOrderForRelease(tx: Tx, orderId: string) {
  const rows = await tx.$queryRaw<unknown[]>`
    SELECT "status"::text AS "status", "createdAt", "reminderSentAt", "checkoutSessionId" FROM "Order" WHERE "id" = ${orderId} FOR UPDATE`;
  return rows.length ? lockedOrder.parse(rows[0]) : null;
}
