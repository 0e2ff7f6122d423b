// The queries behind the GST report and its CSV: orders invoiced in a period and the credit notes
// issued in it, summed in cents as stored (credit notes: decision 0166). Rows are checked by zod.
import { Prisma } from '@prisma/client';
import { z } from 'zod';
import { int } from '../../db/sql-rows';
import { ts, tsArray, placedIn, NOT_CANCELLED, type Db } from './report-periods.sql';

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
