// Raw SQL of refunds and credit notes (decision 0140: rows checked by zod).
import type { OrderStatus, Prisma } from '@prisma/client';
import { z } from 'zod';
import { int } from '../../../db/sql-rows';

type Tx = Prisma.TransactionClient;

/**
 * The next credit note number, in the caller's transaction: the counter row stays locked until
 * commit, so numbers are unique across instances and gap-free (a rolled-back note gives its number back).
 */
export async function nextCreditNoteNumber(tx: Tx): Promise<number> {
  const rows = await tx.$queryRaw<unknown[]>`
    INSERT INTO "Counter" ("name", "value") VALUES ('credit_note', 1)
    ON CONFLICT ("name") DO UPDATE SET "value" = "Counter"."value" + 1
    RETURNING "value"`;
  return z.array(z.object({ value: int })).length(1).parse(rows)[0].value;
}

const ORDER_STATUSES = ['pending', 'paid', 'processing', 'shipped', 'delivered', 'cancelled'] as const satisfies readonly OrderStatus[];

/** Locks the order row (refunds of one order are decided one after the other) and reads its status; null: no such order. */
export async function lockOrderStatus(tx: Tx, orderId: string): Promise<OrderStatus | null> {
  const rows = await tx.$queryRaw<unknown[]>`SELECT "status"::text AS "status" FROM "Order" WHERE "id" = ${orderId} FOR UPDATE`;
  const parsed = z.array(z.object({ status: z.enum(ORDER_STATUSES) })).parse(rows);
  return parsed[0]?.status ?? null;
}
