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

const productRow = z.object({ percentOffBp: int, productId: z.string().nullable() });

/**
 * A price list's percentage and which of these products have a variant it lists: the listing needs
 * no more for the others (a percentage moves a product's lowest and highest price alike). No rows
 * when the list does not exist.
 */
export async function readPriceListProducts(db: SqlClient, priceListId: string, productIds: readonly string[]) {
  const rows = await db.$queryRaw<unknown[]>`
    SELECT pl."percentOffBp", l."productId"
    FROM "PriceList" pl LEFT JOIN (
      SELECT DISTINCT v."productId" FROM "PriceListItem" i JOIN "Variant" v ON v."id" = i."variantId"
      WHERE i."priceListId" = ${priceListId} AND v."productId" = ANY(${[...productIds]}::text[])
    ) l ON true
    WHERE pl."id" = ${priceListId}`;
  return rows.map((r) => productRow.parse(r));
}
