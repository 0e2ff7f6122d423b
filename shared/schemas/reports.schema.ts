import { z } from 'zod';
import { DEFAULT_TIME_ZONE, isTimeZone, rangeProblem, REPORT_INTERVALS } from '../domain/report-range';

// The reports of the back office: inputs, settings and answers. Money is in dollars
// with two decimals on the wire, as everywhere in the API, summed in cents in the database.

const day = (label: string) => z.string({ error: `${label} is required (YYYY-MM-DD)` }).max(10, `${label} must be a date as YYYY-MM-DD`);

/** from and to: calendar days in the shop's time zone, both included. */
export const reportRangeInput = z
  .object({
    from: day('from'),
    to: day('to'),
    format: z.enum(['json', 'csv'], { error: 'format must be json or csv' }).optional(),
  })
  .superRefine((v, ctx) => {
    const problem = rangeProblem(v.from, v.to);
    if (problem) ctx.addIssue({ code: 'custom', message: problem, path: [problem.startsWith('to') ? 'to' : 'from'] });
  });

export const salesReportInput = z
  .object({
    from: day('from'),
    to: day('to'),
    interval: z.enum(REPORT_INTERVALS, { error: 'interval must be day, week or month' }).optional(),
    format: z.enum(['json', 'csv'], { error: 'format must be json or csv' }).optional(),
  })
  .superRefine((v, ctx) => {
    const problem = rangeProblem(v.from, v.to);
    if (problem) ctx.addIssue({ code: 'custom', message: problem, path: [problem.startsWith('to') ? 'to' : 'from'] });
  });

const period = z.object({ from: z.string(), to: z.string() });
const money = z.number();
const count = z.number().int();

const salesTotals = z.object({
  /** GST-inclusive: the sum of the orders' totals (goods less discount, plus shipping). */
  revenue: money,
  revenue_excluding_gst: money,
  gst: money,
  orders: count,
  units: count,
  average_order_value: money,
  discounts: money,
  shipping: money,
});

const cancelled = z.object({ orders: count, value: money });

export const salesReport = z.object({
  range: period,
  previous_range: period,
  time_zone: z.string(),
  interval: z.enum(REPORT_INTERVALS),
  totals: salesTotals,
  previous: salesTotals,
  /** Cancelled orders placed in the range: never part of the totals. */
  cancelled,
  previous_cancelled: cancelled,
  series: z.array(z.object({ date: z.string(), revenue: money, orders: count, units: count })),
});
export type SalesReport = z.infer<typeof salesReport>;

const gstFigures = z.object({
  /** Box 1: total value of standard-rated supplies, without GST. */
  supplies_excluding_gst: money,
  /** Box 6: output tax due. */
  output_tax: money,
  /** Supplies with GST, i.e. the orders' totals. */
  supplies_including_gst: money,
  orders: count,
  /** Credit notes issued in the period, already subtracted from the figures above (decision 0166). */
  credit_notes: count,
  credited_including_gst: money,
  credited_gst: money,
});

export const gstReport = z.object({
  range: period,
  previous_range: period,
  time_zone: z.string(),
  ...gstFigures.shape,
  previous: gstFigures,
  by_month: z.array(gstFigures.extend({ month: z.string(), from: z.string(), to: z.string() })),
  /** What the figures include, word for word as the screen says it. */
  basis: z.string(),
});
export type GstReport = z.infer<typeof gstReport>;

const filterText = z.string().trim().max(100, 'Filters are at most 100 characters').optional();
export const stockCoverInput = z.object({
  /** Part of the SKU or of the product name, case-insensitive. */
  search: filterText,
  /** As the inventory screen filters (GET /admin/inventory/facets lists the values). */
  category: filterText,
  color: filterText,
  size: filterText,
  /** Only the variants that run out within the lead time. */
  flagged: z.enum(['true', 'false']).optional(),
  sort: z.enum(['days_left', 'daily_units', 'reorder_quantity', 'sku', 'available']).optional(),
  /** The page of rows (1 first) and rows per page (50 unless named); the CSV purchase list is every row to reorder. */
  page: z.coerce.number().int().min(1).max(1_000_000).optional(),
  limit: z.coerce.number().int().min(1).max(500).optional(),
  format: z.enum(['json', 'csv'], { error: 'format must be json or csv' }).optional(),
});

/** The variant a stock cover row is about, as the report names it (the SQL row carries the same). */
export const stockCoverVariant = z.object({
  variant_id: z.string(),
  sku: z.string(),
  product_id: z.string(),
  product_name: z.string(),
  color: z.string(),
  size: z.string(),
});

const stockCoverRow = stockCoverVariant.extend({
  pack_size: count,
  available: count,
  sold_in_window: count,
  daily_units: z.number(),
  /** null when nothing sold in the window: the stock does not run down. */
  days_left: z.number().nullable(),
  /** Packs to order (stock is counted in packs), rounded up to whole packs. */
  reorder_quantity: count,
  /** The same in pieces (reorder_quantity x pack_size), for the supplier. */
  reorder_pieces: count,
  /** Runs out within the lead time. */
  flagged: z.boolean(),
});

export const stockCoverReport = z.object({
  window_days: count,
  lead_time_days: count,
  cover_days: count,
  window: period,
  time_zone: z.string(),
  /** Variants matching the filters, on every page; of them, those flagged. */
  total: count,
  flagged_total: count,
  page: count,
  limit: count,
  /** This page, in the order asked for. */
  rows: z.array(stockCoverRow),
});
export type StockCoverReport = z.infer<typeof stockCoverReport>;

const trend = { previous_revenue: money, previous_units: count, revenue_change: z.number().nullable(), units_change: z.number().nullable() };

export const productsReport = z.object({
  range: period,
  previous_range: period,
  time_zone: z.string(),
  products: z.array(z.object({ product_id: z.string().nullable(), product_name: z.string(), revenue: money, units: count, orders: count, ...trend })),
  variants: z.array(z.object({ variant_id: z.string().nullable(), sku: z.string(), product_name: z.string(), revenue: money, units: count, orders: count, ...trend })),
  unsold: z.array(z.object({ product_id: z.string(), product_name: z.string() })),
});
export type ProductsReport = z.infer<typeof productsReport>;

const customerFigures = z.object({
  buyers: count,
  new_buyers: count,
  returning_buyers: count,
  /** Share of buyers in the range with more than one order in it, in percent. */
  repeat_rate: z.number(),
  orders: count,
  revenue: money,
});

export const customersReport = z.object({
  range: period,
  previous_range: period,
  time_zone: z.string(),
  ...customerFigures.shape,
  previous: customerFigures,
  top_customers: z.array(z.object({ email: z.string(), name: z.string(), orders: count, revenue: money })),
  by_country: z.array(z.object({ country: z.string(), orders: count, revenue: money, previous_orders: count, previous_revenue: money })),
});
export type CustomersReport = z.infer<typeof customersReport>;

const promoFigures = { orders: count, given: money, revenue: money, previous_orders: count, previous_given: money, previous_revenue: money };

export const promotionsReport = z.object({
  range: period,
  previous_range: period,
  time_zone: z.string(),
  coupons: z.array(z.object({ code: z.string(), ...promoFigures })),
  gift_tiers: z.array(z.object({ tier: z.string(), orders: count, gifts: count, revenue: money, previous_orders: count, previous_gifts: count, previous_revenue: money })),
});
export type PromotionsReport = z.infer<typeof promotionsReport>;

export const REPORT_SETTINGS_DEFAULTS = {
  time_zone: DEFAULT_TIME_ZONE,
  stock_window_days: 30,
  lead_time_days: 14,
  cover_days: 30,
} as const;

export const reportSettings = z.object({
  time_zone: z
    .string()
    .trim()
    .max(64)
    .refine(isTimeZone, 'Choose a time zone such as Asia/Singapore'),
  stock_window_days: z.number({ error: 'The sales window is a number of days' }).int().min(1, 'The sales window is at least 1 day').max(365, 'The sales window is at most 365 days'),
  lead_time_days: z.number({ error: 'The lead time is a number of days' }).int().min(0, 'The lead time cannot be negative').max(365, 'The lead time is at most 365 days'),
  cover_days: z.number({ error: 'The cover period is a number of days' }).int().min(1, 'The cover period is at least 1 day').max(365, 'The cover period is at most 365 days'),
});
export type ReportSettings = z.infer<typeof reportSettings>;
export const updateReportSettingsInput = reportSettings.partial();
