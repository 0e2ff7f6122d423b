// The back office's reports over a day range: sales, stock cover, products, customers and
// promotions, each summed by the queries of reports.sql.ts (stock cover: stock-cover.sql.ts).
import type { Prisma, PrismaClient } from '@prisma/client';
import { toDollars } from '../../../shared/domain/money';
import {
  addDays,
  dayIn,
  defaultInterval,
  percentChange,
  rangeBuckets,
  startOfDay,
  type DayRange,
  type ReportInterval,
} from '../../../shared/domain/report-range';
import { stockCover } from '../../../shared/domain/stock-cover';
import {
  type CustomersReport,
  type ProductsReport,
  type PromotionsReport,
  type SalesReport,
  type StockCoverReport,
} from '../../../shared/schemas/reports.schema';
import { getReportSettings, resolve } from './report-settings.service';
import * as q from './reports.sql';
import * as stockSql from './stock-cover.sql';

type Db = PrismaClient | Prisma.TransactionClient;

// The GST report lives in its own file; the router and the CSV route read every report through here.
export { gstOrderRows, gstReport } from './gst-report.service';

// ---------- sales ----------

function salesTotals(rows: q.SalesBucketRow[]) {
  const sum = (k: keyof q.SalesBucketRow) => rows.reduce((s, r) => s + r[k], 0);
  const revenue = sum('revenue');
  const gst = sum('gst');
  const orders = sum('orders');
  return {
    totals: {
      revenue: toDollars(revenue),
      revenue_excluding_gst: toDollars(revenue - gst),
      gst: toDollars(gst),
      orders,
      units: sum('units'),
      average_order_value: orders === 0 ? 0 : toDollars(Math.round(revenue / orders)),
      discounts: toDollars(sum('discounts')),
      shipping: toDollars(sum('shipping')),
    },
    cancelled: { orders: sum('cancelled_orders'), value: toDollars(sum('cancelled_value')) },
  };
}

export async function salesReport(db: Db, input: DayRange & { interval?: ReportInterval }): Promise<SalesReport> {
  const r = await resolve(db, input);
  const interval = input.interval ?? defaultInterval(r.range);
  const buckets = rangeBuckets(r.range, interval, r.tz);
  const [rows, prevRows] = await Promise.all([q.salesBuckets(db, buckets.bounds), q.salesBuckets(db, [r.prevFrom, r.from])]);
  const byBucket = new Map(rows.map((row) => [row.bucket, row]));
  const now = salesTotals(rows);
  const before = salesTotals(prevRows);
  return {
    range: r.range,
    previous_range: r.previous,
    time_zone: r.tz,
    interval,
    totals: now.totals,
    previous: before.totals,
    cancelled: now.cancelled,
    previous_cancelled: before.cancelled,
    series: buckets.days.map((date, i) => {
      const row = byBucket.get(i + 1);
      return { date, revenue: toDollars(row?.revenue ?? 0), orders: row?.orders ?? 0, units: row?.units ?? 0 };
    }),
  };
}

// ---------- stock cover ----------

/** Rows per page of the stock cover when the request names no limit. */
const STOCK_COVER_PAGE = 50;

export async function stockCoverReport(
  db: Db,
  input: stockSql.StockCoverFilter & { flagged?: 'true' | 'false'; sort?: stockSql.StockCoverSort; page?: number; limit?: number },
  now: Date = new Date(),
  opts: { purchaseList?: boolean } = {},
): Promise<StockCoverReport> {
  const settings = await getReportSettings(db);
  const tz = settings.time_zone;
  // The window is the last N whole days up to and including today, in the shop's time zone.
  const today = dayIn(tz, now);
  const window = { from: addDays(today, -(settings.stock_window_days - 1)), to: today };
  const page = input.page ?? 1;
  // The purchase list (CSV) is every variant with something to reorder; the screen and the API page.
  const limit = opts.purchaseList ? null : (input.limit ?? STOCK_COVER_PAGE);
  const query: stockSql.StockCoverQuery = {
    from: startOfDay(window.from, tz),
    to: startOfDay(addDays(today, 1), tz),
    filter: {
      search: input.search?.trim() || undefined,
      category: input.category?.trim() || undefined,
      color: input.color?.trim() || undefined,
      size: input.size?.trim() || undefined,
    },
    windowDays: settings.stock_window_days,
    leadTimeDays: settings.lead_time_days,
    coverDays: settings.cover_days,
    flaggedOnly: input.flagged === 'true',
    reorderOnly: Boolean(opts.purchaseList),
    sort: input.sort ?? 'days_left',
    limit,
    offset: limit === null ? 0 : (page - 1) * limit,
  };
  const rows = await stockSql.stockCoverPage(db, query);
  // A page past the last has no row to carry the counts: ask for the first row for them.
  const counts = rows[0] ?? (query.offset > 0 ? (await stockSql.stockCoverPage(db, { ...query, limit: 1, offset: 0 }))[0] : undefined);
  return {
    window_days: settings.stock_window_days,
    lead_time_days: settings.lead_time_days,
    cover_days: settings.cover_days,
    window,
    time_zone: tz,
    total: counts?.total ?? 0,
    flagged_total: counts?.flagged_total ?? 0,
    page: limit === null ? 1 : page,
    limit: limit ?? rows.length,
    rows: rows.map(({ sold, total: _total, flagged_total: _flagged, ...row }) => {
      const c = stockCover({ available: row.available, sold, windowDays: settings.stock_window_days, leadTimeDays: settings.lead_time_days, coverDays: settings.cover_days });
      return { ...row, sold_in_window: sold, daily_units: c.dailyUnits, days_left: c.daysLeft, reorder_quantity: c.reorderQuantity, reorder_pieces: c.reorderQuantity * row.pack_size, flagged: c.flagged };
    }),
  };
}

// ---------- products ----------

const TOP = 100;

export async function productsReport(db: Db, input: DayRange): Promise<ProductsReport> {
  const r = await resolve(db, input);
  const [products, variants, unsold] = await Promise.all([
    q.lineSales(db, 'product', r.prevFrom, r.from, r.to, TOP),
    q.lineSales(db, 'variant', r.prevFrom, r.from, r.to, TOP),
    q.unsoldProducts(db, r.from, r.to, 500),
  ]);
  const trend = (x: q.LineSalesRow) => ({
    revenue: toDollars(x.revenue),
    units: x.units,
    orders: x.orders,
    previous_revenue: toDollars(x.previous_revenue),
    previous_units: x.previous_units,
    revenue_change: percentChange(x.revenue, x.previous_revenue),
    units_change: percentChange(x.units, x.previous_units),
  });
  return {
    range: r.range,
    previous_range: r.previous,
    time_zone: r.tz,
    products: products.map((x) => ({ product_id: x.key, product_name: x.label, ...trend(x) })),
    variants: variants.map((x) => ({ variant_id: x.key, sku: x.label, product_name: x.product_name, ...trend(x) })),
    unsold,
  };
}

// ---------- customers ----------

export async function customersReport(db: Db, input: DayRange): Promise<CustomersReport> {
  const r = await resolve(db, input);
  const [now, before, top, countries] = await Promise.all([
    q.buyerFigures(db, r.from, r.to),
    q.buyerFigures(db, r.prevFrom, r.from),
    q.topCustomers(db, r.from, r.to, 20),
    q.ordersByCountry(db, r.prevFrom, r.from, r.to),
  ]);
  const figures = (f: q.BuyerFiguresRow) => ({
    buyers: f.buyers,
    new_buyers: f.new_buyers,
    returning_buyers: f.buyers - f.new_buyers,
    repeat_rate: f.buyers === 0 ? 0 : Math.round((f.repeat_buyers / f.buyers) * 1000) / 10,
    orders: f.orders,
    revenue: toDollars(f.revenue),
  });
  return {
    range: r.range,
    previous_range: r.previous,
    time_zone: r.tz,
    ...figures(now),
    previous: figures(before),
    top_customers: top.map((c) => ({ ...c, revenue: toDollars(c.revenue) })),
    by_country: countries.map((c) => ({ ...c, revenue: toDollars(c.revenue), previous_revenue: toDollars(c.previous_revenue) })),
  };
}

// ---------- promotions ----------

export async function promotionsReport(db: Db, input: DayRange): Promise<PromotionsReport> {
  const r = await resolve(db, input);
  const [coupons, tiers] = await Promise.all([q.couponFigures(db, r.prevFrom, r.from, r.to), q.giftTierFigures(db, r.prevFrom, r.from, r.to)]);
  return {
    range: r.range,
    previous_range: r.previous,
    time_zone: r.tz,
    coupons: coupons.map((c) => ({ ...c, given: toDollars(c.given), revenue: toDollars(c.revenue), previous_given: toDollars(c.previous_given), previous_revenue: toDollars(c.previous_revenue) })),
    gift_tiers: tiers.map((t) => ({ ...t, revenue: toDollars(t.revenue), previous_revenue: toDollars(t.previous_revenue) })),
  };
}
