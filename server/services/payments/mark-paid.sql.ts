// The order row lock every payment takes first (mark-paid.ts).
import type { Prisma } from '@prisma/client';
import { z } from 'zod';
import { int } from '../../db/sql-rows';

const lockedOrder = z.object({
  status: z.string(),
  totalCents: int,
  paymentMethod: z.string(),
  paidCents: int,
  orderNumber: z.string(),
  email: z.string(),
  shipFullName: z.string(),
  dueDate: z.date().nullable(),
});
export type LockedOrder = z.infer<typeof lockedOrder>;

/**
 * Locks the order row for the rest of the caller's transaction and reads what a payment is checked
 * against. A payment, the unpaid-order release and a second webhook for the order queue here.
 */
export async function lockOrderForPayment(tx: Prisma.TransactionClient, orderId: string) {
  const rows = await tx.$queryRaw<unknown[]>`
    SELECT "status"::text AS "status", "totalCents", "paymentMethod", "paidCents", "orderNumber", "email", "shipFullName", "dueDate"
    FROM "Order" WHERE "id" = ${orderId} FOR UPDATE`;
  return rows.length ? lockedOrder.parse(rows[0]) : null;
}
