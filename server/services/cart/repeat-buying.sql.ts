// The reads of repeat buying that Prisma cannot write: a SKU search ordered by where the text
// matches, and each variant's latest purchase (DISTINCT ON). Rows are checked by zod.
import { Prisma } from '@prisma/client';
import { z } from 'zod';
import { int } from '../../db/sql-rows';
import { likePattern } from '../../db/like';
import type { SearchPlan } from '../search/search-plan';
import { variantSearchCondition } from '../search/search.sql';

type Db = Prisma.TransactionClient;

const skuSuggestionRow = z.object({
  sku: z.string(),
  productName: z.string(),
  sizeCode: z.string(),
  packSize: int,
  onHand: int,
  allocated: int,
  safetyStock: int,
});
export type SkuSuggestionRow = z.infer<typeof skuSuggestionRow>;

/**
 * Up to 8 variants: those whose SKU starts with `q`, then contains it (case-insensitive), then
 * those the search plan finds (its words, typos and sizes), in SKU order within each.
 */
export async function findSkuSuggestions(db: Db, q: string, plan: SearchPlan | null): Promise<SkuSuggestionRow[]> {
  const found = plan ? variantSearchCondition(plan, 'v', 'p') : Prisma.sql`false`;
  const rows = await db.$queryRaw<unknown[]>`
    SELECT v."sku", p."name" AS "productName", v."sizeCode", v."packSize", v."onHand", v."allocated", v."safetyStock"
    FROM "Variant" v JOIN "Product" p ON p."id" = v."productId"
    WHERE v."sku" ILIKE ${likePattern(q)} OR ${found}
    ORDER BY (v."sku" ILIKE ${likePattern(q).slice(1)}) DESC, (v."sku" ILIKE ${likePattern(q)}) DESC, p."unitsSold" DESC, v."sku"
    LIMIT 8`;
  return rows.map((r) => skuSuggestionRow.parse(r));
}

const lastPurchaseRow = z.object({
  variantId: z.string(),
  quantity: int,
  unitPriceCents: int,
  createdAt: z.coerce.date(),
});
export type LastPurchaseRow = z.infer<typeof lastPurchaseRow>;

/**
 * The latest order line of each variant the user has ordered (at most 500 variants); `search`
 * matches the line's product name or SKU. Variants since deleted are left out.
 */
export async function findLastPurchases(db: Db, userId: string, search?: string): Promise<LastPurchaseRow[]> {
  const filter = search ? Prisma.sql`AND (oi."productName" ILIKE ${likePattern(search)} OR oi."sku" ILIKE ${likePattern(search)})` : Prisma.empty;
  const rows = await db.$queryRaw<unknown[]>`
    SELECT DISTINCT ON (oi."variantId") oi."variantId", oi."quantity", oi."unitPriceCents", o."createdAt"
    FROM "OrderItem" oi JOIN "Order" o ON o."id" = oi."orderId"
    WHERE o."userId" = ${userId} AND oi."variantId" IS NOT NULL ${filter}
    ORDER BY oi."variantId", o."createdAt" DESC, oi."id"
    LIMIT 500`;
  return rows.map((r) => lastPurchaseRow.parse(r));
}
