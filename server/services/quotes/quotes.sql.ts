// The lock that makes accepting a quote happen once: the quote row is locked in the order's
// transaction and read as it is now, so a second accept (another tab, a retry with another key)
// waits for the first to commit and then finds it accepted.
import type { Prisma } from '@prisma/client';
import { z } from 'zod';

type Tx = Prisma.TransactionClient;

const lockedQuote = z.object({
  status: z.enum(['requested', 'quoted', 'accepted', 'declined']),
  validUntil: z.date().nullable(),
  shippingCents: z.number().int().nullable(),
  orderNumber: z.string().nullable(),
});
export type LockedQuote = z.infer<typeof lockedQuote>;

/** The buyer's quote, locked until the transaction ends; null when there is none of theirs with this id. */
export async function lockBuyersQuote(tx: Tx, quoteId: string, userId: string): Promise<LockedQuote | null> {
  const rows = await tx.$queryRaw<unknown[]>`
    SELECT q."status"::text AS "status", q."validUntil", q."shippingCents", o."orderNumber"
    FROM "Quote" q LEFT JOIN "Order" o ON o."id" = q."orderId"
    WHERE q."id" = ${quoteId} AND q."userId" = ${userId}
    FOR UPDATE OF q`;
  return rows.length ? lockedQuote.parse(rows[0]) : null;
}

/** Any quote, locked until the transaction ends (staff pricing it); null when there is none. */
export async function lockQuote(tx: Tx, quoteId: string): Promise<LockedQuote | null> {
  const rows = await tx.$queryRaw<unknown[]>`
    SELECT q."status"::text AS "status", q."validUntil", q."shippingCents", o."orderNumber"
    FROM "Quote" q LEFT JOIN "Order" o ON o."id" = q."orderId"
    WHERE q."id" = ${quoteId}
    FOR UPDATE OF q`;
  return rows.length ? lockedQuote.parse(rows[0]) : null;
}

/** Sets the quoted price of each line of one quote, in one statement; answers how many lines it set. */
export async function priceLines(tx: Tx, quoteId: string, prices: { lineId: string; unitCents: number }[]): Promise<number> {
  return tx.$executeRaw`
    UPDATE "QuoteLine" l SET "unitPriceCents" = p."unitCents"
    FROM unnest(${prices.map((p) => p.lineId)}::text[], ${prices.map((p) => p.unitCents)}::int[]) AS p("lineId", "unitCents")
    WHERE l."id" = p."lineId" AND l."quoteId" = ${quoteId}`;
}
