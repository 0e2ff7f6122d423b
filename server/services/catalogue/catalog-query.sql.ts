import { Prisma, type PrismaClient } from '@prisma/client';
import type { CatalogFilters, SortBy } from '../../../shared/schemas/catalog.schema';
import { toCents } from '../../../shared/domain/money';
import { z } from 'zod';
import { int } from '../../db/sql-rows';
import { availableSql } from '../../db/stock.sql';
import type { SearchPlan } from '../search/search-plan';
import { inStockRank, matchTier, searchCondition, sizeVariant } from '../search/search.sql';

// The listing query in SQL: Prisma cannot order products by their cheapest variant. Every value is
// a bound parameter (Prisma.sql / $queryRaw), so SQL typed into the search box is only ever text.

const filterRow = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  featured: z.boolean(),
  min_price: int.nullable(),
  max_price: int.nullable(),
  in_stock: z.boolean(),
  variant_id: z.string().nullable(),
  total: int,
});
export type FilterRow = z.infer<typeof filterRow>;

/**
 * A company member's prices for the listing's price sort and price filter (decision 0193): their price
 * list's id and percentage off. Without it the listing reads list prices (the cached, anonymous page).
 */
export type MemberPricing = { priceListId: string; percentOffBasisPoints: number };

/**
 * A variant v's base price (its first tier) in cents as the member pays it, the SQL twin of
 * contractTiers (shared/domain/price-list.ts): the listed tiers' lowest-quantity price when the list
 * names v (joined as li, variantJoin), else the percentage off the list price rounded half up and
 * never below a cent; "no price yet" (0) stays 0. Integer arithmetic in bigint, as percentOff.
 */
function basePriceSql(m: MemberPricing | null): Prisma.Sql {
  if (!m) return Prisma.sql`v."basePriceCents"`;
  return Prisma.sql`(CASE
    WHEN jsonb_typeof(li."tiers") = 'array' AND jsonb_array_length(li."tiers") > 0
      THEN (SELECT (t->>'price')::int FROM jsonb_array_elements(li."tiers") t ORDER BY (t->>'min_quantity')::int LIMIT 1)
    WHEN v."basePriceCents" <= 0 THEN v."basePriceCents"
    ELSE GREATEST(1, (v."basePriceCents"::bigint * ${10000 - m.percentOffBasisPoints}::bigint + 5000) / 10000)::int
  END)`;
}

/** The member's listed prices beside each variant v (nothing without a member). */
const variantJoin = (m: MemberPricing | null) => (m ? Prisma.sql`LEFT JOIN "PriceListItem" li ON li."priceListId" = ${m.priceListId} AND li."variantId" = v."id"` : Prisma.empty);

const lowerList = (values: string[]) => Prisma.join(values.map((v) => v.toLowerCase()));

const AVAILABLE = Prisma.sql`${availableSql('v')} > 0`;

function variantConditions(f: CatalogFilters, m: MemberPricing | null): Prisma.Sql[] {
  const conds: Prisma.Sql[] = [];
  if (f?.colors?.length) conds.push(Prisma.sql`lower(v."color") IN (${lowerList(f.colors)})`);
  if (f?.sizes?.length) conds.push(Prisma.sql`lower(v."sizeCode") IN (${lowerList(f.sizes)})`);
  if (f?.price_min != null) conds.push(Prisma.sql`${basePriceSql(m)} >= ${toCents(f.price_min)}`);
  if (f?.price_max != null) conds.push(Prisma.sql`${basePriceSql(m)} <= ${toCents(f.price_max)}`);
  if (f?.in_stock_only) conds.push(AVAILABLE);
  return conds;
}

/**
 * Product-level conditions; variant filters must all hold for one and the same variant. The search
 * text arrives as a plan (server/services/search): its condition reads "ProductSearch" s.
 */
function whereClause(f: CatalogFilters | null | undefined, plan: SearchPlan | null, m: MemberPricing | null): Prisma.Sql {
  const conds: Prisma.Sql[] = [];
  if (f?.categories?.length) conds.push(Prisma.sql`lower(p."category") IN (${lowerList(f.categories)})`);
  if (f?.type) conds.push(Prisma.sql`lower(p."type") = ${f.type.toLowerCase()}`);
  if (plan) conds.push(searchCondition(plan));
  const vConds = f ? variantConditions(f, m) : [];
  if (vConds.length) {
    conds.push(Prisma.sql`EXISTS (SELECT 1 FROM "Variant" v ${variantJoin(m)} WHERE v."productId" = p."id" AND ${Prisma.join(vConds, ' AND ')})`);
  }
  return conds.length ? Prisma.sql`WHERE ${Prisma.join(conds, ' AND ')}` : Prisma.empty;
}

const ORDER_BY: Record<SortBy, Prisma.Sql> = {
  // Units sold, then featured, then newest (storefront issue); id keeps pages stable on ties.
  best_sellers: Prisma.sql`p."unitsSold" DESC, p."featured" DESC, p."createdAt" DESC, p."id" DESC`,
  price_low_high: Prisma.sql`min_price ASC NULLS LAST, p."createdAt" DESC, p."id" DESC`,
  price_high_low: Prisma.sql`min_price DESC NULLS LAST, p."createdAt" DESC, p."id" DESC`,
  newest: Prisma.sql`p."createdAt" DESC, p."id" DESC`,
};

const PRICE_SORTS: ReadonlySet<SortBy> = new Set(['price_low_high', 'price_high_low']);

// With search text the default sort is by relevance (decision 0169): how well it matches, then in
// stock before sold out, then best sellers. `tier` and `stock_rank` are columns of the page query.
const RELEVANCE = Prisma.sql`tier ASC, stock_rank DESC, p."unitsSold" DESC, p."featured" DESC, p."createdAt" DESC, p."id" DESC`;

const searchJoin = (plan: SearchPlan | null) => (plan ? Prisma.sql`JOIN "ProductSearch" s ON s."productId" = p."id"` : Prisma.empty);

/**
 * One page of matching products with their price range and stock flag, plus the total count.
 * The cheapest-variant price is aggregated for every match only when the sort needs it; otherwise
 * the page is picked from the product table alone and only its rows get their variant figures.
 * With a member's pricing, the sort, the price filter and the ranges are the member's prices: never
 * cached (the caller, contract-catalogue.ts, asks for it per request).
 */
export async function queryFilterPage(
  db: PrismaClient,
  f: CatalogFilters | null | undefined,
  plan: SearchPlan | null,
  sortBy: SortBy,
  page: number,
  limit: number,
  m: MemberPricing | null = null,
): Promise<FilterRow[]> {
  const order = plan && sortBy === 'best_sellers' ? RELEVANCE : ORDER_BY[sortBy];
  const priceJoin = PRICE_SORTS.has(sortBy)
    ? Prisma.sql`LEFT JOIN (SELECT v."productId", MIN(${basePriceSql(m)}) AS min_price FROM "Variant" v ${variantJoin(m)} GROUP BY v."productId") agg ON agg."productId" = p."id"`
    : Prisma.empty;
  const rows = await db.$queryRaw<unknown[]>`
    WITH p AS (
      SELECT p."id", p."name", p."description", p."featured", p."unitsSold", p."createdAt",
             ${PRICE_SORTS.has(sortBy) ? Prisma.sql`agg.min_price AS min_price` : Prisma.sql`NULL::int AS min_price`},
             ${plan ? matchTier(plan) : Prisma.sql`0`} AS tier,
             ${plan && sortBy === 'best_sellers' ? inStockRank : Prisma.sql`false`} AS stock_rank,
             ${plan?.sizes.length ? sizeVariant(plan.sizes) : Prisma.sql`NULL::text`} AS variant_id,
             COUNT(*) OVER () AS total
      FROM "Product" p ${priceJoin} ${searchJoin(plan)}
      ${whereClause(f, plan, m)}
      ORDER BY ${order}
      LIMIT ${limit} OFFSET ${(page - 1) * limit}
    )
    SELECT p."id", p."name", p."description", p."featured", p.total, p.variant_id,
           v.min_price, v.max_price, COALESCE(v.in_stock, false) AS in_stock
    FROM p
    LEFT JOIN LATERAL (
      SELECT MIN(${basePriceSql(m)})::int AS min_price, MAX(${basePriceSql(m)})::int AS max_price,
             BOOL_OR(${AVAILABLE}) AS in_stock
      FROM "Variant" v ${variantJoin(m)} WHERE v."productId" = p."id"
    ) v ON true
    ORDER BY ${order}`;
  return rows.map((r) => filterRow.parse(r));
}

const countRow = z.object({ n: int });

/** Total matches when the requested page is past the end (the window count comes back empty). */
export async function countMatches(db: PrismaClient, f: CatalogFilters | null | undefined, plan: SearchPlan | null, m: MemberPricing | null = null): Promise<number> {
  const rows = await db.$queryRaw<unknown[]>`SELECT COUNT(*) AS n FROM "Product" p ${searchJoin(plan)} ${whereClause(f, plan, m)}`;
  return countRow.parse(rows[0]).n;
}
