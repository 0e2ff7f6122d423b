import { stringify } from 'csv-stringify/sync';
import { reportRangeInput, salesReportInput, stockCoverInput } from '../../shared/schemas/reports.schema';
import type { AppDeps } from '../deps';
import * as reports from '../services/reports/reports.service';
import { searchReport } from '../services/search/search-report.service';
import { searchReportInput } from '../../shared/schemas/search-report.schema';
import { receivablesInput } from '../../shared/schemas/statement.schema';
import { receivablesReport } from '../services/statements/receivables.service';
import { backOffice, type PlainRoute } from './plain-route';

// `GET /api/admin/reports/<name>?format=csv`: the same report as a file. The JSON answer is the
// procedure's (server/routers/reports/reports.router.ts); this route only takes the csv requests,
// ahead of it, through the same gate (plain-route.ts: role from shared/domain/permissions.ts, scope reports:read).

type Cell = string | number | null;
interface Table {
  filename: string;
  columns: string[];
  rows: Array<Record<string, Cell>>;
}

const label = (q: { from: string; to: string }) => `${q.from}_to_${q.to}`;

const TABLES: Record<string, (deps: AppDeps, query: unknown) => Promise<Table>> = {
  sales: async ({ db }, query) => {
    const q = salesReportInput.parse(query);
    const r = await reports.salesReport(db, q);
    return { filename: `sales-${label(q)}.csv`, columns: ['date', 'revenue', 'orders', 'units'], rows: r.series };
  },
  products: async ({ db }, query) => {
    const q = reportRangeInput.parse(query);
    const r = await reports.productsReport(db, q);
    return {
      filename: `products-${label(q)}.csv`,
      columns: ['product_id', 'product_name', 'revenue', 'units', 'orders', 'previous_revenue', 'previous_units', 'revenue_change', 'units_change'],
      rows: r.products,
    };
  },
  customers: async ({ db }, query) => {
    const q = reportRangeInput.parse(query);
    const r = await reports.customersReport(db, q);
    return { filename: `top-customers-${label(q)}.csv`, columns: ['email', 'name', 'orders', 'revenue'], rows: r.top_customers };
  },
  promotions: async ({ db }, query) => {
    const q = reportRangeInput.parse(query);
    const r = await reports.promotionsReport(db, q);
    const rows = [
      ...r.coupons.map((c) => ({ kind: 'coupon', name: c.code, orders: c.orders, discount_given: c.given, gifts_given: null, revenue: c.revenue, previous_orders: c.previous_orders, previous_revenue: c.previous_revenue })),
      ...r.gift_tiers.map((t) => ({ kind: 'gift tier', name: t.tier, orders: t.orders, discount_given: null, gifts_given: t.gifts, revenue: t.revenue, previous_orders: t.previous_orders, previous_revenue: t.previous_revenue })),
    ];
    return { filename: `promotions-${label(q)}.csv`, columns: ['kind', 'name', 'orders', 'discount_given', 'gifts_given', 'revenue', 'previous_orders', 'previous_revenue'], rows };
  },
  'stock-cover': async ({ db }, query) => {
    const q = stockCoverInput.parse(query);
    // The purchase list: every variant with something to reorder, in the order asked for (most urgent first).
    const r = await reports.stockCoverReport(db, q, new Date(), { purchaseList: true });
    const rows = r.rows.map((x) => ({ ...x, flagged: x.flagged ? 'yes' : 'no' }));
    return {
      filename: `purchase-list-${r.window.to}.csv`,
      columns: ['sku', 'product_name', 'color', 'size', 'pack_size', 'available', 'daily_units', 'days_left', 'reorder_quantity', 'reorder_pieces', 'flagged', 'variant_id'],
      rows,
    };
  },
  gst: async ({ db }, query) => {
    const q = reportRangeInput.parse(query);
    const rows = await reports.gstOrderRows(db, q);
    return {
      filename: `gst-orders-${label(q)}.csv`,
      columns: ['order_number', 'invoice_number', 'order_date', 'month', 'status', 'delivery_country', 'total_including_gst', 'supplies_excluding_gst', 'output_tax', 'credit_note_number'],
      rows,
    };
  },
  // One row per company owing anything, then the totals (decision 0199).
  receivables: async ({ db }, query) => {
    const r = await receivablesReport(db, receivablesInput.parse(query) ?? {});
    const total = { company_id: null, company_name: 'Total', payment_terms_days: null, ...r.totals };
    return {
      filename: `receivables-${r.as_of}.csv`,
      columns: ['company_name', 'company_id', 'payment_terms_days', 'outstanding', 'current', 'days_1_30', 'days_31_60', 'days_61_90', 'over_90', 'overdue'],
      rows: [...r.companies, total],
    };
  },
  // Both lists in one file, told apart by `list` (decision 0173).
  search: async ({ db }, query) => {
    const q = searchReportInput.parse(query);
    const r = await searchReport(db, q);
    const rows = [
      ...r.top_searches.map((x) => ({ list: 'top', query: x.query, searches: x.searches, zero_results: x.zero_results })),
      ...r.zero_result_searches.map((x) => ({ list: 'zero results', query: x.query, searches: x.searches, zero_results: x.searches })),
    ];
    return { filename: `searches-${label(q)}.csv`, columns: ['list', 'query', 'searches', 'zero_results'], rows };
  },
};

export const reportsCsvRoutes: PlainRoute[] = Object.entries(TABLES).map(([name, build]) => ({
  method: 'GET',
  path: `/admin/reports/${name}`,
  gate: backOffice,
  only: (req) => req.query.format === 'csv',
  handle: async (deps, req, res) => {
    const table = await build(deps, req.query);
    res.setHeader('Content-Type', 'text/csv; charset=utf-8');
    res.setHeader('Content-Disposition', `attachment; filename="${table.filename}"`);
    // As the other CSV downloads: BOM for Excel, a header row, formulas neutralised.
    res.send(stringify(table.rows, { header: true, columns: table.columns, bom: true, escape_formulas: true }));
  },
  // The procedure at the same path documents both answers (its format parameter).
  openapi: null,
}));
