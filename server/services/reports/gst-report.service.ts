// The GST report (the figures of the GST return, by month) and the orders and credit notes behind
// it as CSV rows. Credit notes are subtracted in the period they are issued (decision 0166).
import type { Prisma, PrismaClient } from '@prisma/client';
import { GST_RATE_PERCENT } from '../../../shared/constants';
import { formatCreditNoteNumber } from '../../../shared/domain/payment-state';
import { toDollars } from '../../../shared/domain/money';
import { addDays, dayIn, rangeBuckets, type DayRange } from '../../../shared/domain/report-range';
import type { GstReport } from '../../../shared/schemas/reports.schema';
import * as q from './gst-report.sql';
import { resolve } from './report-settings.service';

type Db = PrismaClient | Prisma.TransactionClient;

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
