import type { Prisma, PrismaClient } from '@prisma/client';
import { GST_RATE_PERCENT } from '../../../shared/constants';
import { formatCreditNoteNumber } from '../../../shared/domain/payment-state';
import { toDollars } from '../../../shared/domain/money';
import {
  addDays,
  dayIn,
  defaultInterval,
  percentChange,
  previousPeriod,
  rangeBuckets,
  startOfDay,
  type DayRange,
  type ReportInterval,
} from '../../../shared/domain/report-range';
import { stockCover } from '../../../shared/domain/stock-cover';
import {
  REPORT_SETTINGS_DEFAULTS,
  reportSettings,
  type CustomersReport,
  type GstReport,
  type ProductsReport,
  type PromotionsReport,
  type ReportSettings,
  type SalesReport,
  type StockCoverReport,
} from '../../../shared/schemas/reports.schema';
import * as q from './reports.sql';

type Db = PrismaClient | Prisma.TransactionClient;

const KEY = 'report_settings';

/** The saved report settings over the defaults (a setting never saved, or no longer valid, reads as its default). */
export async function getReportSettings(db: Db): Promise<ReportSettings> {
  const row = await db.setting.findUnique({ where: { key: KEY }, select: { value: true } });
  const value = (row?.value ?? {}) as Record<string, unknown>;
  const out: Record<string, unknown> = { ...REPORT_SETTINGS_DEFAULTS };
  for (const [k, schema] of Object.entries(reportSettings.shape)) {
    const parsed = schema.safeParse(value[k]);
    if (parsed.success) out[k] = parsed.data;
  }
  return out as ReportSettings;
}

export async function updateReportSettings(db: PrismaClient, input: Partial<ReportSettings>): Promise<ReportSettings> {
  const value = { ...(await getReportSettings(db)), ...input };
  await db.setting.upsert({ where: { key: KEY }, create: { key: KEY, value }, update: { value }, select: { key: true } });
  return value;
}

/** The words the GST screen, its CSV and the docs use for what the figures include. */
function gstBasis(tz: string): string {
  return (
    `Orders placed in the period and not cancelled (pending, paid, processing, shipped and delivered), by order date in the shop's time zone (${tz}). ` +
    'Supplies without GST (box 1) is the sum of those orders\' totals (goods after discounts, plus shipping) less their GST; ' +
    `output tax (box 6) is the sum of the GST recorded on each order (${GST_RATE_PERCENT}/${100 + GST_RATE_PERCENT} of its total, rounded to the cent per order). ` +
    'Credit notes (refunds, and cancellations of invoiced orders, which are then counted in the period they were placed) are subtracted in the period they were issued. ' +
    'Every order is counted as a standard-rated supply as the shop recorded it, whatever the delivery country; orders cancelled without a credit note are left out, ' +
    'and no zero-rated, exempt or imported-services figures are included.'
  );
}

interface Resolved {
  tz: string;
  range: DayRange;
  previous: DayRange;
  from: Date;
  to: Date;
  prevFrom: Date;
}

async function resolve(db: Db, input: DayRange): Promise<Resolved> {
  const { time_zone: tz } = await getReportSettings(db);
  const range = { from: input.from, to: input.to };
  const previous = previousPeriod(range);
  return { tz, range, previous, from: startOfDay(range.from, tz), to: startOfDay(addDays(range.to, 1), tz), prevFrom: startOfDay(previous.from, tz) };
}

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

// ---------- GST ----------

const monthOf = (day: string) => day.slice(0, 7);

export async function gstReport(db: Db, input: DayRange): Promise<GstReport> {
  const r = await resolve(db, input);
  const buckets = rangeBuckets(r.range, 'month', r.tz);
  const prevBounds = [r.prevFrom, r.from];
  const [rows, prevRows, credits, prevCredits] = await Promise.all([
    q.gstBuckets(db, buckets.bounds),
    q.gstBuckets(db, prevBounds),
    q.gstCreditBuckets(db, buckets.bounds),
    q.gstCreditBuckets(db, prevBounds),
  ]);
  // Credit notes are subtracted in the period they are issued (decision 0166).
  const figures = (rs: q.GstBucketRow[], cs: q.GstCreditBucketRow[]) => {
    const credited = cs.reduce((s, x) => s + x.total, 0);
    const creditedGst = cs.reduce((s, x) => s + x.gst, 0);
    const total = rs.reduce((s, x) => s + x.total, 0) - credited;
    const gst = rs.reduce((s, x) => s + x.gst, 0) - creditedGst;
    return {
      supplies_excluding_gst: toDollars(total - gst),
      output_tax: toDollars(gst),
      supplies_including_gst: toDollars(total),
      orders: rs.reduce((s, x) => s + x.orders, 0),
      credit_notes: cs.reduce((s, x) => s + x.notes, 0),
      credited_including_gst: toDollars(credited),
      credited_gst: toDollars(creditedGst),
    };
  };
  const byBucket = new Map(rows.map((row) => [row.bucket, row]));
  const creditsByBucket = new Map(credits.map((row) => [row.bucket, row]));
  return {
    range: r.range,
    previous_range: r.previous,
    time_zone: r.tz,
    ...figures(rows, credits),
    previous: figures(prevRows, prevCredits),
    by_month: buckets.days.map((day, i) => {
      const row = byBucket.get(i + 1);
      const credit = creditsByBucket.get(i + 1);
      const last = i + 1 < buckets.days.length ? addDays(buckets.days[i + 1], -1) : r.range.to;
      return { month: monthOf(day), from: day, to: last, ...figures(row ? [row] : [], credit ? [credit] : []) };
    }),
    basis: gstBasis(r.tz),
  };
}

/** The orders behind the GST figures, as rows for the CSV download. */
export async function gstOrderRows(db: Db, input: DayRange) {
  const r = await resolve(db, input);
  const [orders, credits] = await Promise.all([q.gstOrders(db, r.from, r.to), q.gstCredits(db, r.from, r.to)]);
  return [
    ...orders.map((o) => ({
      order_number: o.orderNumber,
      invoice_number: o.invoiceNumber ?? '',
      order_date: dayIn(r.tz, o.createdAt),
      month: monthOf(dayIn(r.tz, o.createdAt)),
      status: o.status,
      delivery_country: o.shipCountry,
      total_including_gst: toDollars(o.totalCents),
      supplies_excluding_gst: toDollars(o.totalCents - o.gstCents),
      output_tax: toDollars(o.gstCents),
      credit_note_number: '',
    })),
    // A credit note is a row of its own, dated when issued, its figures negative (decision 0166).
    ...credits.map((c) => ({
      order_number: c.orderNumber,
      invoice_number: c.invoiceNumber ?? '',
      order_date: dayIn(r.tz, c.issuedAt),
      month: monthOf(dayIn(r.tz, c.issuedAt)),
      status: 'credit_note',
      delivery_country: c.shipCountry,
      total_including_gst: -toDollars(c.amountCents),
      supplies_excluding_gst: -toDollars(c.amountCents - c.gstCents),
      output_tax: -toDollars(c.gstCents),
      credit_note_number: formatCreditNoteNumber(c.number),
    })),
  ];
}

// ---------- stock cover ----------

/** Rows per page of the stock cover when the request names no limit. */
const STOCK_COVER_PAGE = 50;

export async function stockCoverReport(
  db: Db,
  input: q.StockCoverFilter & { flagged?: 'true' | 'false'; sort?: q.StockCoverSort; page?: number; limit?: number },
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
  const query: q.StockCoverQuery = {
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
  const rows = await q.stockCoverPage(db, query);
  // A page past the last has no row to carry the counts: ask for the first row for them.
  const counts = rows[0] ?? (query.offset > 0 ? (await q.stockCoverPage(db, { ...query, limit: 1, offset: 0 }))[0] : undefined);
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
