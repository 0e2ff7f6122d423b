// The grouped queries behind the reports. Every figure is summed in the database, in
// cents as the orders stored them, over orders picked by "createdAt" (indexed) between instants
// that shared/domain/report-range.ts computed in the shop's time zone; buckets are cut with
// width_bucket over those instants, so the database needs no time-zone data of its own. Cancelled
// orders are counted apart and never summed into revenue. Line-level figures read "SoldLine" (the
// lines of orders not cancelled, each with its order's time, kept by triggers: migration 0018,
// decision 0144) instead of joining every line to its order. Rows are checked by zod.
import { Prisma, type PrismaClient } from '@prisma/client';
import { z } from 'zod';
import { availableSql } from '../../db/stock.sql';
import { int } from '../../db/sql-rows';

type Db = PrismaClient | Prisma.TransactionClient;

/** A UTC instant as a `timestamp` ("createdAt" is timestamp(3) without time zone, holding UTC). */
const ts = (d: Date) => Prisma.sql`${d.toISOString().slice(0, 23).replace('T', ' ')}::timestamp`;
const tsArray = (ds: Date[]) => Prisma.sql`${ds.map((d) => d.toISOString().slice(0, 23).replace('T', ' '))}::timestamp[]`;

/** Orders placed in [from, to). */
const placedIn = (alias: string, from: Date, to: Date) => {
  const t = Prisma.raw(alias);
  return Prisma.sql`${t}."createdAt" >= ${ts(from)} AND ${t}."createdAt" < ${ts(to)}`;
};
const NOT_CANCELLED = Prisma.sql`o."status" <> 'cancelled'`;
/** Sold lines (of orders not cancelled) whose order was placed in [from, to). */
const soldIn = (from: Date, to: Date) => Prisma.sql`s."at" >= ${ts(from)} AND s."at" < ${ts(to)}`;

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

const gstBucketRow = z.object({ bucket: int, orders: int, total: int, gst: int });
export type GstBucketRow = z.infer<typeof gstBucketRow>;

/** Orders not cancelled per bucket: count, GST-inclusive total and GST, in cents. */
export async function gstBuckets(db: Db, bounds: Date[]): Promise<GstBucketRow[]> {
  const rows = await db.$queryRaw<unknown[]>`
    SELECT width_bucket(o."createdAt", ${tsArray(bounds)}) AS bucket,
      COUNT(*) AS orders, COALESCE(SUM(o."totalCents"), 0) AS total, COALESCE(SUM(o."gstCents"), 0) AS gst
    FROM "Order" o
    WHERE ${placedIn('o', bounds[0], bounds[bounds.length - 1])} AND ${INVOICED}
    GROUP BY 1
    ORDER BY 1`;
  return z.array(gstBucketRow).parse(rows);
}

/**
 * The supplies of the GST report: orders not cancelled, and cancelled orders whose invoice was
 * credited (their credit notes are subtracted in the period they were issued; decision 0166).
 * Orders cancelled before credit notes existed stay left out, as before.
 */
const INVOICED = Prisma.sql`(${NOT_CANCELLED} OR EXISTS (SELECT 1 FROM "CreditNote" c WHERE c."orderId" = o."id"))`;

const gstCreditBucketRow = z.object({ bucket: int, notes: int, total: int, gst: int });
export type GstCreditBucketRow = z.infer<typeof gstCreditBucketRow>;

/** Credit notes per bucket of their issue date: count, GST-inclusive amount credited and its GST, in cents. */
export async function gstCreditBuckets(db: Db, bounds: Date[]): Promise<GstCreditBucketRow[]> {
  const rows = await db.$queryRaw<unknown[]>`
    SELECT width_bucket(c."issuedAt", ${tsArray(bounds)}) AS bucket,
      COUNT(*) AS notes, COALESCE(SUM(c."amountCents"), 0) AS total, COALESCE(SUM(c."gstCents"), 0) AS gst
    FROM "CreditNote" c
    WHERE c."issuedAt" >= ${ts(bounds[0])} AND c."issuedAt" < ${ts(bounds[bounds.length - 1])}
    GROUP BY 1
    ORDER BY 1`;
  return z.array(gstCreditBucketRow).parse(rows);
}

const gstCreditRow = z.object({
  number: int,
  issuedAt: z.coerce.date(),
  orderNumber: z.string(),
  invoiceNumber: int.nullable(),
  shipCountry: z.string(),
  amountCents: int,
  gstCents: int,
});
export type GstCreditRow = z.infer<typeof gstCreditRow>;

/** The credit notes issued in [from, to), oldest first, for the GST CSV. */
export async function gstCredits(db: Db, from: Date, to: Date): Promise<GstCreditRow[]> {
  const rows = await db.$queryRaw<unknown[]>`
    SELECT c."number", c."issuedAt", o."orderNumber", o."invoiceNumber", o."shipCountry", c."amountCents", c."gstCents"
    FROM "CreditNote" c JOIN "Order" o ON o."id" = c."orderId"
    WHERE c."issuedAt" >= ${ts(from)} AND c."issuedAt" < ${ts(to)}
    ORDER BY c."number"`;
  return z.array(gstCreditRow).parse(rows);
}

const gstOrderRow = z.object({
  orderNumber: z.string(),
  invoiceNumber: int.nullable(),
  createdAt: z.coerce.date(),
  status: z.string(),
  shipCountry: z.string(),
  totalCents: int,
  gstCents: int,
});
export type GstOrderRow = z.infer<typeof gstOrderRow>;

/** The orders behind the GST figures, oldest first (bounded by the range; a year is some thousands of rows). */
export async function gstOrders(db: Db, from: Date, to: Date): Promise<GstOrderRow[]> {
  const rows = await db.$queryRaw<unknown[]>`
    SELECT o."orderNumber", o."invoiceNumber", o."createdAt", o."status"::text AS "status", o."shipCountry", o."totalCents", o."gstCents"
    FROM "Order" o
    WHERE ${placedIn('o', from, to)} AND ${INVOICED}
    ORDER BY o."createdAt", o."id"`;
  return z.array(gstOrderRow).parse(rows);
}

const stockCoverSqlRow = z.object({
  variant_id: z.string(),
  sku: z.string(),
  product_id: z.string(),
  product_name: z.string(),
  color: z.string(),
  size: z.string(),
  pack_size: int,
  available: int,
  sold: int,
  total: int,
  flagged_total: int,
});
export type StockCoverSqlRow = z.infer<typeof stockCoverSqlRow>;

export interface StockCoverFilter {
  search?: string;
  category?: string;
  color?: string;
  size?: string;
}

export type StockCoverSort = 'days_left' | 'daily_units' | 'reorder_quantity' | 'sku' | 'available';

export interface StockCoverQuery {
  from: Date;
  to: Date;
  filter: StockCoverFilter;
  windowDays: number;
  leadTimeDays: number;
  coverDays: number;
  flaggedOnly: boolean;
  /** Only the variants with something to reorder (the purchase list). */
  reorderOnly: boolean;
  sort: StockCoverSort;
  /** null: every matching row (the purchase list's download). */
  limit: number | null;
  offset: number;
}

/**
 * One page of the variants matching the filters (as the inventory screen's), with what is available
 * and what sold in [from, to), sorted, filtered and paged by the figures of shared/domain/stock-cover.ts
 * computed here in whole numbers exactly as it computes them, and the count of matching and of
 * flagged rows on every row.
 */
export async function stockCoverPage(db: Db, q: StockCoverQuery): Promise<StockCoverSqlRow[]> {
  const { filter } = q;
  const like = filter.search ? `%${filter.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const where = [
    like === null ? null : Prisma.sql`(v."sku" ILIKE ${like} OR p."name" ILIKE ${like})`,
    filter.category ? Prisma.sql`p."category" = ${filter.category}` : null,
    filter.color ? Prisma.sql`v."color" = ${filter.color}` : null,
    filter.size ? Prisma.sql`v."sizeCode" = ${filter.size}` : null,
  ].filter((x): x is Prisma.Sql => x !== null);
  const w = q.windowDays;
  const needDays = q.leadTimeDays + q.coverDays;
  const keep = [q.flaggedOnly ? Prisma.sql`f.flagged` : null, q.reorderOnly ? Prisma.sql`f.reorder > 0` : null].filter((x): x is Prisma.Sql => x !== null);
  const orderBy = (t: 'f' | 'pg') => {
    const a = Prisma.raw(t);
    return {
      days_left: Prisma.sql`${a}.left_tenths ASC NULLS LAST, ${a}.daily_hundredths DESC, ${a}.sku, ${a}.variant_id`,
      daily_units: Prisma.sql`${a}.daily_hundredths DESC, ${a}.sku, ${a}.variant_id`,
      reorder_quantity: Prisma.sql`${a}.reorder DESC, ${a}.sku, ${a}.variant_id`,
      available: Prisma.sql`${a}.available ASC, ${a}.sku, ${a}.variant_id`,
      sku: Prisma.sql`${a}.sku, ${a}.variant_id`,
    }[q.sort];
  };
  // The product is joined only for the filters that need it; the page's rows fetch their names.
  const byProduct = like !== null || Boolean(filter.category);
  const rows = await db.$queryRaw<unknown[]>`
    WITH c AS (
      SELECT v."id" AS variant_id, v."sku", ${availableSql('v')} AS available, COALESCE(sold.sold, 0) AS sold
      FROM "Variant" v
      ${byProduct ? Prisma.sql`JOIN "Product" p ON p."id" = v."productId"` : Prisma.empty}
      LEFT JOIN (
        SELECT s."variantId", SUM(s."quantity") AS sold
        FROM "SoldLine" s
        WHERE ${soldIn(q.from, q.to)}
        GROUP BY s."variantId"
      ) sold ON sold."variantId" = v."id"
      WHERE ${where.length === 0 ? Prisma.sql`TRUE` : Prisma.join(where, ' AND ')}
    ), n AS (
      SELECT c.*, GREATEST(c.available, 0)::bigint AS stock, (CASE WHEN ${w}::int > 0 THEN GREATEST(c.sold, 0) ELSE 0 END)::bigint AS units FROM c
    ), f AS (
      SELECT n.*,
        CASE WHEN n.units > 0 THEN (n.stock * ${w}::int * 10) / n.units END AS left_tenths,
        -- units x 100 / window rounded half up, in whole numbers.
        CASE WHEN n.units > 0 THEN (n.units * 200 + ${w}::int) / (2 * ${w}::int) ELSE 0 END AS daily_hundredths,
        CASE WHEN n.units > 0 THEN GREATEST(0, (n.units * ${needDays}::int + ${w}::int - 1) / ${w}::int - n.stock) ELSE 0 END AS reorder,
        n.units > 0 AND n.stock * ${w}::int < ${q.leadTimeDays}::int * n.units AS flagged
      FROM n
    ), pg AS (
      -- Cut on the narrow rows (a top-N sort for a page); the page's few rows then fetch their names.
      SELECT f.variant_id, f.sku, f.available, f.sold, f.left_tenths, f.daily_hundredths, f.reorder,
        COUNT(*) OVER () AS total, COUNT(*) FILTER (WHERE f.flagged) OVER () AS flagged_total
      FROM f
      WHERE ${keep.length === 0 ? Prisma.sql`TRUE` : Prisma.join(keep, ' AND ')}
      ORDER BY ${orderBy('f')}
      ${q.limit === null ? Prisma.empty : Prisma.sql`LIMIT ${q.limit}`} OFFSET ${q.offset}
    )
    SELECT pg.variant_id, v."sku", p."id" AS product_id, p."name" AS product_name, v."color", v."sizeCode" AS size, v."packSize" AS pack_size,
      pg.available, pg.sold, pg.total, pg.flagged_total
    FROM pg JOIN "Variant" v ON v."id" = pg.variant_id JOIN "Product" p ON p."id" = v."productId"
    ORDER BY ${orderBy('pg')}`;
  return z.array(stockCoverSqlRow).parse(rows);
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
    SELECT o."shipCountry" AS country,
      COUNT(*) FILTER (WHERE ${cur}) AS orders, COALESCE(SUM(o."totalCents") FILTER (WHERE ${cur}), 0) AS revenue,
      COUNT(*) FILTER (WHERE NOT (${cur})) AS previous_orders, COALESCE(SUM(o."totalCents") FILTER (WHERE NOT (${cur})), 0) AS previous_revenue
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
      COUNT(*) FILTER (WHERE ${cur}) AS orders,
      COALESCE(SUM(o."discountCents") FILTER (WHERE ${cur}), 0) AS given,
      COALESCE(SUM(o."totalCents") FILTER (WHERE ${cur}), 0) AS revenue,
      COUNT(*) FILTER (WHERE NOT (${cur})) AS previous_orders,
      COALESCE(SUM(o."discountCents") FILTER (WHERE NOT (${cur})), 0) AS previous_given,
      COALESCE(SUM(o."totalCents") FILTER (WHERE NOT (${cur})), 0) AS previous_revenue
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
      COUNT(*) FILTER (WHERE ${cur}) AS orders,
      COALESCE(SUM(g."gifts") FILTER (WHERE ${cur}), 0) AS gifts,
      COALESCE(SUM(g."totalCents") FILTER (WHERE ${cur}), 0) AS revenue,
      COUNT(*) FILTER (WHERE NOT (${cur})) AS previous_orders,
      COALESCE(SUM(g."gifts") FILTER (WHERE NOT (${cur})), 0) AS previous_gifts,
      COALESCE(SUM(g."totalCents") FILTER (WHERE NOT (${cur})), 0) AS previous_revenue
    FROM "SoldGift" g
    WHERE g."at" >= ${ts(prevFrom)} AND g."at" < ${ts(to)}
    GROUP BY g."tier"
    ORDER BY revenue DESC, g."tier"`;
  return z.array(tierRow).parse(rows);
}
