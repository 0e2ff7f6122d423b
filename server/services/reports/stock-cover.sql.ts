// The query behind the stock cover report: each variant's available stock beside its recent sales,
// filtered, sorted and paged in the database. Rows are checked by zod.
import { Prisma } from '@prisma/client';
import { z } from 'zod';
import { availableSql } from '../../db/stock.sql';
import { int } from '../../db/sql-rows';
import { stockCoverVariant } from '../../../shared/schemas/reports.schema';
import { soldIn, type Db } from './report-periods.sql';

const stockCoverSqlRow = stockCoverVariant.extend({
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
