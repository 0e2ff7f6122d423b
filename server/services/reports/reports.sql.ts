// The grouped queries behind the reports. Every figure is summed in the database, in
// cents as the orders stored them, over orders picked by "createdAt" (indexed) between instants
// that shared/domain/report-range.ts computed in the shop's time zone; buckets are cut with
// width_bucket over those instants, so the database needs no time-zone data of its own. Cancelled
// orders are counted apart and never summed into revenue. Line-level figures read "SoldLine" (the
// lines of orders not cancelled, each with its order's time, kept by triggers: migration 0018,
// decision 0144) instead of joining every line to its order. Rows are checked by zod.
import { Prisma } from '@prisma/client';
import { z } from 'zod';
import { int } from '../../db/sql-rows';
import { ts, tsArray, placedIn, NOT_CANCELLED, soldIn, nowAndBefore, type Db } from './report-periods.sql';

const salesBucketRow = z.object({
  bucket: int,
  orders: int,
  revenue: int,
  gst: int,
  discounts: int,
  shipping: int,
  cancelled_orders: int,
  cancelled_value: int,
  units: int,
});
export type SalesBucketRow = z.infer<typeof salesBucketRow>;

/**
 * Sales per bucket: bucket i (1-based) holds orders with bounds[i-1] <= createdAt < bounds[i].
 * Buckets without orders are absent. Units are the quantities of the lines of orders not cancelled.
 */
export async function salesBuckets(db: Db, bounds: Date[]): Promise<SalesBucketRow[]> {
  const from = bounds[0];
  const to = bounds[bounds.length - 1];
  const rows = await db.$queryRaw<unknown[]>`
    WITH o AS (
      SELECT width_bucket(o."createdAt", ${tsArray(bounds)}) AS bucket, o."id", o."status", o."totalCents", o."gstCents", o."discountCents", o."shippingCents"
      FROM "Order" o
      WHERE ${placedIn('o', from, to)}
    ), u AS (
      SELECT width_bucket(s."at", ${tsArray(bounds)}) AS bucket, SUM(s."quantity") AS units
      FROM "SoldLine" s
      WHERE ${soldIn(from, to)}
      GROUP BY 1
    )
    SELECT o.bucket,
      COUNT(*) FILTER (WHERE ${NOT_CANCELLED}) AS orders,
      COALESCE(SUM(o."totalCents") FILTER (WHERE ${NOT_CANCELLED}), 0) AS revenue,
      COALESCE(SUM(o."gstCents") FILTER (WHERE ${NOT_CANCELLED}), 0) AS gst,
      COALESCE(SUM(o."discountCents") FILTER (WHERE ${NOT_CANCELLED}), 0) AS discounts,
      COALESCE(SUM(o."shippingCents") FILTER (WHERE ${NOT_CANCELLED}), 0) AS shipping,
      COUNT(*) FILTER (WHERE o."status" = 'cancelled') AS cancelled_orders,
      COALESCE(SUM(o."totalCents") FILTER (WHERE o."status" = 'cancelled'), 0) AS cancelled_value,
      COALESCE(MAX(u.units), 0) AS units
    FROM o LEFT JOIN u ON u.bucket = o.bucket
    GROUP BY o.bucket
    ORDER BY o.bucket`;
  return z.array(salesBucketRow).parse(rows);
}

const lineSalesRow = z.object({
  key: z.string().nullable(),
  label: z.string(),
  product_name: z.string(),
  revenue: int,
  units: int,
  orders: int,
  previous_revenue: int,
  previous_units: int,
});
export type LineSalesRow = z.infer<typeof lineSalesRow>;

/**
 * Line revenue (line totals, GST-inclusive, before any order discount) and units per product or per
 * variant, for the range [from, to) and the previous period [prevFrom, from), orders not cancelled;
 * the `limit` best by revenue in the range.
 */
export async function lineSales(db: Db, by: 'product' | 'variant', prevFrom: Date, from: Date, to: Date, limit: number): Promise<LineSalesRow[]> {
  // A deleted product or variant leaves its lines with a null id: they are grouped by their snapshot name.
  const key = Prisma.raw(by === 'product' ? '"productId"' : '"variantId"');
  const alt = Prisma.raw(by === 'product' ? '"productName"' : '"sku"');
  // Each order counts once per product (or variant): only its first line of it is marked.
  const first = Prisma.raw(by === 'product' ? '"productFirst"' : '"variantFirst"');
  // The range alone is summed by key first (from the index alone), and only the best keys then read
  // their labels and their previous period: most keys never reach the top.
  const rows = await db.$queryRaw<unknown[]>`
    WITH agg AS (
      SELECT s.${key} AS key, NULL::text AS alt, SUM(s."lineTotalCents") AS revenue, SUM(s."quantity") AS units, COUNT(*) FILTER (WHERE s.${first}) AS orders
      FROM "SoldLine" s WHERE ${soldIn(from, to)} AND s.${key} IS NOT NULL
      GROUP BY s.${key}
      UNION ALL
      SELECT NULL, s.${alt}, SUM(s."lineTotalCents"), SUM(s."quantity"), COUNT(*) FILTER (WHERE s.${first})
      FROM "SoldLine" s WHERE ${soldIn(from, to)} AND s.${key} IS NULL
      GROUP BY s.${alt}
    ), top AS (
      SELECT * FROM agg WHERE agg.units > 0
      ORDER BY agg.revenue DESC, agg.units DESC
      FETCH FIRST ${limit} ROWS WITH TIES
    )
    SELECT top.key, l.label, l.product_name, top.revenue, top.units, top.orders, l.previous_revenue, l.previous_units
    FROM top CROSS JOIN LATERAL (
      SELECT MAX(s.${by === 'product' ? Prisma.raw('"productName"') : Prisma.raw('"sku"')}) AS label, MAX(s."productName") AS product_name,
        COALESCE(SUM(s."lineTotalCents") FILTER (WHERE s."at" < ${ts(from)}), 0) AS previous_revenue,
        COALESCE(SUM(s."quantity") FILTER (WHERE s."at" < ${ts(from)}), 0) AS previous_units
      FROM "SoldLine" s
      WHERE ${soldIn(prevFrom, to)} AND (s.${key} = top.key OR (top.key IS NULL AND s.${key} IS NULL AND s.${alt} = top.alt))
    ) l
    ORDER BY top.revenue DESC, top.units DESC, l.label
    LIMIT ${limit}`;
  return z.array(lineSalesRow).parse(rows);
}

const unsoldRow = z.object({ product_id: z.string(), product_name: z.string() });

/** Products with no line in an order (not cancelled) placed in [from, to). */
export async function unsoldProducts(db: Db, from: Date, to: Date, limit: number) {
  const rows = await db.$queryRaw<unknown[]>`
    SELECT p."id" AS product_id, p."name" AS product_name
    FROM "Product" p
    WHERE NOT EXISTS (
      SELECT 1 FROM "SoldLine" s WHERE s."productId" = p."id" AND ${soldIn(from, to)}
    )
    ORDER BY p."name"
    LIMIT ${limit}`;
  return z.array(unsoldRow).parse(rows);
}

const buyerFiguresRow = z.object({ buyers: int, new_buyers: int, repeat_buyers: int, orders: int, revenue: int });
export type BuyerFiguresRow = z.infer<typeof buyerFiguresRow>;

/**
 * Buyers (by the order's e-mail, stored lower-cased) with an order not cancelled in [from, to):
 * how many, how many placed their first such order ever in the range (new), how many placed more
 * than one in it (repeat), and their orders and revenue.
 */
export async function buyerFigures(db: Db, from: Date, to: Date): Promise<BuyerFiguresRow> {
  const rows = await db.$queryRaw<unknown[]>`
    WITH r AS (
      SELECT o."email", COUNT(*) AS n, SUM(o."totalCents") AS rev
      FROM "Order" o WHERE ${placedIn('o', from, to)} AND ${NOT_CANCELLED}
      GROUP BY o."email"
    )
    SELECT COUNT(*) AS buyers,
      COUNT(*) FILTER (WHERE NOT EXISTS (
        SELECT 1 FROM "Order" o WHERE o."email" = r."email" AND o."createdAt" < ${ts(from)} AND ${NOT_CANCELLED}
      )) AS new_buyers,
      COUNT(*) FILTER (WHERE r.n > 1) AS repeat_buyers,
      COALESCE(SUM(r.n), 0) AS orders,
      COALESCE(SUM(r.rev), 0) AS revenue
    FROM r`;
  return buyerFiguresRow.parse(rows[0]);
}

const topCustomerRow = z.object({ email: z.string(), name: z.string(), orders: int, revenue: int });

/** The buyers who spent most in [from, to), with the name on their latest order. */
export async function topCustomers(db: Db, from: Date, to: Date, limit: number) {
  const rows = await db.$queryRaw<unknown[]>`
    SELECT o."email", (ARRAY_AGG(o."shipFullName" ORDER BY o."createdAt" DESC))[1] AS name,
      COUNT(*) AS orders, SUM(o."totalCents") AS revenue
    FROM "Order" o WHERE ${placedIn('o', from, to)} AND ${NOT_CANCELLED}
    GROUP BY o."email"
    ORDER BY revenue DESC, o."email"
    LIMIT ${limit}`;
  return z.array(topCustomerRow).parse(rows);
}

const countryRow = z.object({ country: z.string(), orders: int, revenue: int, previous_orders: int, previous_revenue: int });

/** Orders not cancelled and their revenue per delivery country, in [from, to) and in [prevFrom, from). */
export async function ordersByCountry(db: Db, prevFrom: Date, from: Date, to: Date) {
  const cur = Prisma.sql`o."createdAt" >= ${ts(from)}`;
  const rows = await db.$queryRaw<unknown[]>`
    SELECT o."shipCountry" AS country, ${nowAndBefore(cur, { orders: 'count', revenue: Prisma.sql`o."totalCents"` })}
    FROM "Order" o WHERE ${placedIn('o', prevFrom, to)} AND ${NOT_CANCELLED}
    GROUP BY o."shipCountry"
    ORDER BY revenue DESC, country`;
  return z.array(countryRow).parse(rows);
}

const couponRow = z.object({ code: z.string(), orders: int, given: int, revenue: int, previous_orders: int, previous_given: int, previous_revenue: int });

/** Per coupon code: orders not cancelled that used it, the discount given and those orders' revenue, now and before. */
export async function couponFigures(db: Db, prevFrom: Date, from: Date, to: Date) {
  const cur = Prisma.sql`o."createdAt" >= ${ts(from)}`;
  const rows = await db.$queryRaw<unknown[]>`
    SELECT o."couponCode" AS code,
      ${nowAndBefore(cur, { orders: 'count', given: Prisma.sql`o."discountCents"`, revenue: Prisma.sql`o."totalCents"` })}
    FROM "Order" o
    WHERE ${placedIn('o', prevFrom, to)} AND ${NOT_CANCELLED} AND o."couponCode" IS NOT NULL
    GROUP BY o."couponCode"
    ORDER BY revenue DESC, code`;
  return z.array(couponRow).parse(rows);
}

const tierRow = z.object({ tier: z.string(), orders: int, gifts: int, revenue: int, previous_orders: int, previous_gifts: int, previous_revenue: int });

/**
 * Per gift tier (by the name the order recorded): orders not cancelled that received its gifts,
 * the gifts given, and those orders' revenue (each order counted once), now and before.
 */
export async function giftTierFigures(db: Db, prevFrom: Date, from: Date, to: Date) {
  const cur = Prisma.sql`g."at" >= ${ts(from)}`;
  // "SoldGift" holds one row per order not cancelled and tier: each order counts once per tier.
  const rows = await db.$queryRaw<unknown[]>`
    SELECT g."tier",
      ${nowAndBefore(cur, { orders: 'count', gifts: Prisma.sql`g."gifts"`, revenue: Prisma.sql`g."totalCents"` })}
    FROM "SoldGift" g
    WHERE g."at" >= ${ts(prevFrom)} AND g."at" < ${ts(to)}
    GROUP BY g."tier"
    ORDER BY revenue DESC, g."tier"`;
  return z.array(tierRow).parse(rows);
}
