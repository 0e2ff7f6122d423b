import { z } from 'zod';
import {
  customersReport,
  gstReport,
  productsReport,
  promotionsReport,
  reportRangeInput,
  reportSettings,
  salesReport,
  salesReportInput,
  stockCoverInput,
  stockCoverReport,
  updateReportSettingsInput,
} from '../../../shared/schemas/reports.schema';
import { receivablesInput, receivablesOutput } from '../../../shared/schemas/statement.schema';
import { getReportSettings, updateReportSettings } from '../../services/reports/report-settings.service';
import { receivablesReport } from '../../services/statements/receivables.service';
import * as reports from '../../services/reports/reports.service';
import { searchReportProcedures } from '../search/search-report.router';
import { router } from '../../trpc/init';
import { adminProcedure, staffProcedure } from '../../trpc/procedures';

const tags = ['admin: reports'];
const RANGE =
  'from and to are calendar days (YYYY-MM-DD, both included) in the shop\'s time zone (report settings, Asia/Singapore by default); ' +
  'every figure comes with the previous period of the same length, ending the day before from. Orders count by the moment they were placed; ' +
  'cancelled orders are never in revenue. Money is in dollars, summed in cents. `format=csv` answers the same report as a CSV file (text/csv). ' +
  'A range longer than 732 days, reversed or not a date is a 400 with the reason.';

export const reportsRouter = router({
  sales: staffProcedure
    .meta({ openapi: { method: 'GET', path: '/admin/reports/sales', tags, summary: 'Sales: revenue with and without GST, orders, units, average order, discounts, shipping; a series by day, week or month', description: RANGE, protect: true } })
    .input(salesReportInput)
    .output(salesReport)
    .query(({ ctx, input }) => reports.salesReport(ctx.db, input)),

  products: staffProcedure
    .meta({ openapi: { method: 'GET', path: '/admin/reports/products', tags, summary: 'Best sellers per product and per variant with their trend, and products with no sale', description: RANGE, protect: true } })
    .input(reportRangeInput)
    .output(productsReport)
    .query(({ ctx, input }) => reports.productsReport(ctx.db, input)),

  customers: staffProcedure
    .meta({ openapi: { method: 'GET', path: '/admin/reports/customers', tags, summary: 'New and returning buyers, repeat rate, top customers by spend, orders by country', description: RANGE, protect: true } })
    .input(reportRangeInput)
    .output(customersReport)
    .query(({ ctx, input }) => reports.customersReport(ctx.db, input)),

  promotions: staffProcedure
    .meta({ openapi: { method: 'GET', path: '/admin/reports/promotions', tags, summary: 'Per coupon and gift tier: orders that used it, discount or gifts given, and those orders\' revenue', description: RANGE, protect: true } })
    .input(reportRangeInput)
    .output(promotionsReport)
    .query(({ ctx, input }) => reports.promotionsReport(ctx.db, input)),

  stockCover: staffProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/reports/stock-cover',
        tags,
        summary: 'Per variant: packs sold per day over the sales window, days of stock left and packs to reorder',
        description:
          'The sales window (default 30 days, ending today), lead time and cover period are report settings. The reorder covers the lead time plus the cover period, in whole packs. ' +
          'flagged rows run out within the lead time. `format=csv` answers the purchase list (the rows with something to reorder).',
        protect: true,
      },
    })
    .input(stockCoverInput)
    .output(stockCoverReport)
    .query(({ ctx, input }) => reports.stockCoverReport(ctx.db, input)),

  gst: staffProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/reports/gst',
        tags,
        summary: 'GST F5 figures: supplies without GST (box 1) and output tax (box 6), per month and for the period',
        description: `${RANGE} \`format=csv\` answers the orders behind the figures. \`basis\` says exactly what is included.`,
        protect: true,
      },
    })
    .input(reportRangeInput)
    .output(gstReport)
    .query(({ ctx, input }) => reports.gstReport(ctx.db, input)),

  receivables: staffProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/reports/receivables',
        tags,
        summary: 'Receivables: per company, what it owes on invoice on a day, by days past due (current, 1-30, 31-60, 61-90, over 90), and the part overdue',
        description:
          "as_of is a Singapore calendar day (YYYY-MM-DD), not after today; default today. Each company's figures are its statement's closing balance and ageing on that day (decision 0199). " +
          'Companies owing nothing are left out; the most overdue come first. `format=csv` answers the same rows as a CSV file (text/csv).',
        protect: true,
      },
    })
    .input(receivablesInput)
    .output(receivablesOutput)
    .query(({ ctx, input }) => receivablesReport(ctx.db, input ?? {})),

  // What buyers searched for (decision 0173).
  ...searchReportProcedures,

  settings: staffProcedure
    .meta({ openapi: { method: 'GET', path: '/admin/reports/settings', tags, summary: 'Report settings: time zone, sales window, lead time and cover period', protect: true } })
    .input(z.object({}).optional())
    .output(reportSettings)
    .query(({ ctx }) => getReportSettings(ctx.db)),

  updateSettings: adminProcedure
    .meta({ openapi: { method: 'PUT', path: '/admin/reports/settings', tags, summary: 'Change the report settings (fields left out are unchanged)', protect: true } })
    .input(updateReportSettingsInput)
    .output(reportSettings)
    .mutation(({ ctx, input }) => updateReportSettings(ctx.db, input)),
});
