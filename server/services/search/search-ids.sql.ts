import type { PrismaClient } from '@prisma/client';
import { z } from 'zod';
import type { SearchPlan } from './search-plan';
import { inStockRank, matchTier, searchCondition } from './search.sql';

const idRow = z.object({ id: z.string() });

/** The ids of the products a plan finds, best match first (as the listing ranks them), at most `limit`. */
export async function rankedProductIds(db: PrismaClient, plan: SearchPlan, limit: number): Promise<string[]> {
  const rows = await db.$queryRaw<unknown[]>`
    SELECT p."id", ${matchTier(plan)} AS tier, ${inStockRank} AS stock_rank
    FROM "Product" p JOIN "ProductSearch" s ON s."productId" = p."id"
    WHERE ${searchCondition(plan)}
    ORDER BY tier ASC, stock_rank DESC, p."unitsSold" DESC, p."id" DESC
    LIMIT ${limit}`;
  return rows.map((r) => idRow.parse(r).id);
}

