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
  fromCart: z.boolean(),
});
export type LockedQuote = z.infer<typeof lockedQuote>;

/** The buyer's quote, locked until the transaction ends; null when there is none of theirs with this id. */
export async function lockBuyersQuote(tx: Tx, quoteId: string, userId: string): Promise<LockedQuote | null> {
  const rows = await tx.$queryRaw<unknown[]>`
    SELECT q."status"::text AS "status", q."validUntil", q."shippingCents", o."orderNumber", q."fromCart"
    FROM "Quote" q LEFT JOIN "Order" o ON o."id" = q."orderId"
    WHERE q."id" = ${quoteId} AND q."userId" = ${userId}
    FOR UPDATE OF q`;
  return rows.length ? lockedQuote.parse(rows[0]) : null;
}

/**
 * A quote the caller may accept, locked until the transaction ends: their own, or, for an admin of a
 * company (`companyId`), one asked for by a current member of that company (decision 0202). Answers
 * whose it is; null when there is none of these with this id.
 */
export async function lockAcceptableQuote(tx: Tx, quoteId: string, userId: string, companyId: string | null): Promise<(LockedQuote & { ownerId: string }) | null> {
  const rows = await tx.$queryRaw<unknown[]>`
    SELECT q."status"::text AS "status", q."validUntil", q."shippingCents", o."orderNumber", q."fromCart", q."userId" AS "ownerId"
    FROM "Quote" q LEFT JOIN "Order" o ON o."id" = q."orderId"
    WHERE q."id" = ${quoteId} AND (q."userId" = ${userId} OR (${companyId}::text IS NOT NULL AND q."userId" IN (
      SELECT m."userId" FROM "CompanyMember" m WHERE m."companyId" = ${companyId})))
    FOR UPDATE OF q`;
  return rows.length ? lockedQuote.extend({ ownerId: z.string() }).parse(rows[0]) : null;
}

/** Any quote, locked until the transaction ends (staff pricing it); null when there is none. */
export async function lockQuote(tx: Tx, quoteId: string): Promise<LockedQuote | null> {
  const rows = await tx.$queryRaw<unknown[]>`
    SELECT q."status"::text AS "status", q."validUntil", q."shippingCents", o."orderNumber", q."fromCart"
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

/**
 * Takes an accepted quote's lines out of the buyer's cart, in one statement: each quoted quantity
 * comes off the cart's line of that variant (relative to the row as it is when written, so an add
 * committed meanwhile is not lost), and a line left with nothing is removed, so what the buyer added
 * beside the quote (or more of a quoted variant) stays. Only for a quote asked for on the cart
 * (decision 0180). The two writes take disjoint rows: more than quoted, or not more.
 */
export async function takeQuotedLinesOutOfCart(tx: Tx, quoteId: string, userId: string, at: Date): Promise<void> {
  await tx.$executeRaw`
    WITH quoted AS (
      SELECT l."variantId", SUM(l."quantity")::int AS "quantity"
      FROM "QuoteLine" l WHERE l."quoteId" = ${quoteId} AND l."variantId" IS NOT NULL
      GROUP BY l."variantId"
    ), kept AS (
      UPDATE "CartItem" ci SET "quantity" = ci."quantity" - q."quantity", "updatedAt" = ${at}::timestamp
      FROM quoted q, "Cart" c
      WHERE c."id" = ci."cartId" AND c."userId" = ${userId} AND ci."variantId" = q."variantId" AND ci."quantity" > q."quantity"
      RETURNING ci."id"
    )
    DELETE FROM "CartItem" ci USING quoted q, "Cart" c
    WHERE c."id" = ci."cartId" AND c."userId" = ${userId} AND ci."variantId" = q."variantId" AND ci."quantity" <= q."quantity"`;
}
