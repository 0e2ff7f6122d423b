// A price list's percentage and the listed prices of some variants, in one statement that runs on a
// Prisma client or transaction and on order placement's pg connection alike (sql-client.ts).
import { z } from 'zod';
import type { SqlClient } from '../../db/sql-client';
import { int } from '../../db/sql-rows';

const row = z.object({ percentOffBp: int, variantId: z.string().nullable(), tiers: z.unknown() });

/** No rows when the list does not exist; one row with variantId null when it names none of them. */
export async function readPriceListRows(db: SqlClient, priceListId: string, variantIds: readonly string[]) {
  const rows = await db.$queryRaw<unknown[]>`
    SELECT pl."percentOffBp", i."variantId", i."tiers"
    FROM "PriceList" pl LEFT JOIN "PriceListItem" i ON i."priceListId" = pl."id" AND i."variantId" = ANY(${[...variantIds]}::text[])
    WHERE pl."id" = ${priceListId}`;
  return rows.map((r) => row.parse(r));
}

const wholeRow = z.object({ percentOffBp: int, variantId: z.string().nullable(), productId: z.string().nullable(), tiers: z.unknown() });

/** A whole price list with each listed variant's product: what the in-process cache keeps. */
export async function readWholePriceList(db: SqlClient, priceListId: string) {
  const rows = await db.$queryRaw<unknown[]>`
    SELECT pl."percentOffBp", i."variantId", v."productId", i."tiers"
    FROM "PriceList" pl LEFT JOIN "PriceListItem" i ON i."priceListId" = pl."id" LEFT JOIN "Variant" v ON v."id" = i."variantId"
    WHERE pl."id" = ${priceListId}`;
  return rows.map((r) => wholeRow.parse(r));
}
