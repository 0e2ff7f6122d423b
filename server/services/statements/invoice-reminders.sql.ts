// The invoice reminder pass's claim (decision 0199), in SQL for FOR UPDATE SKIP LOCKED. Rows are
// checked by zod. Days are Singapore calendar days; times are the app's, in UTC.
import { Prisma } from '@prisma/client';
import { z } from 'zod';
import { int } from '../../db/sql-rows';

type Tx = Prisma.TransactionClient;

const claimed = z.object({
  id: z.string(),
  orderNumber: z.string(),
  invoiceNumber: int.nullable(),
  userId: z.string().nullable(),
  companyId: z.string().nullable(),
  email: z.string(),
  shipFullName: z.string(),
  totalCents: int,
  owedCents: int,
  /** YYYY-MM-DD. */
  dueDay: z.string(),
});
export type ClaimedInvoice = z.infer<typeof claimed>;

/**
 * Claims up to `batch` invoice orders whose reminder of `stage` is due on `today` and not sent, and
 * stamps it in the caller's transaction (which queues the e-mails): another pass, here or on
 * another instance, finds them stamped and sends none. Due: the due day has come, but not the
 * overdue day. Overdue: 7 days past the due day; it stamps the due reminder too, so an invoice first
 * seen after its overdue day (the shop was down, or this began after) gets one e-mail, not two.
 * Only what is still owed is reminded: paidCents below the total less its credit notes (a cancelled
 * order is never reminded). Rows another transaction holds (a payment being recorded this moment)
 * are skipped, never waited for; the next run sees them paid or still owed. updatedAt is left alone.
 */
export async function claimInvoiceReminders(tx: Tx, at: { stage: 'due' | 'overdue'; today: string; now: Date; batch: number }): Promise<ClaimedInvoice[]> {
  const now = at.now.toISOString();
  // The stage decides only which stamp is set and which due days are in; the claim is the same.
  const stamp =
    at.stage === 'due'
      ? Prisma.sql`"dueReminderSentAt" = ${now}::timestamp`
      : Prisma.sql`"overdueReminderSentAt" = ${now}::timestamp, "dueReminderSentAt" = COALESCE(o."dueReminderSentAt", ${now}::timestamp)`;
  const due =
    at.stage === 'due'
      ? Prisma.sql`d."dueReminderSentAt" IS NULL AND d."dueDate" <= ${at.today}::date AND d."dueDate" > ${at.today}::date - 7`
      : Prisma.sql`d."overdueReminderSentAt" IS NULL AND d."dueDate" <= ${at.today}::date - 7`;
  const rows = await tx.$queryRaw<unknown[]>`
    UPDATE "Order" o SET ${stamp}
    FROM (
      SELECT "id" FROM "Order" d
      WHERE d."paymentMethod" = 'invoice' AND d."status" <> 'cancelled' AND ${due}
        AND d."paidCents" < d."totalCents" - COALESCE((SELECT SUM(c."amountCents") FROM "CreditNote" c WHERE c."orderId" = d."id"), 0)
      ORDER BY d."dueDate", d."id"
      LIMIT ${at.batch}
      FOR UPDATE SKIP LOCKED
    ) due
    WHERE o."id" = due."id"
    RETURNING o."id", o."orderNumber", o."invoiceNumber", o."userId", o."companyId", o."email", o."shipFullName", o."totalCents",
      o."totalCents" - o."paidCents" - COALESCE((SELECT SUM(c."amountCents") FROM "CreditNote" c WHERE c."orderId" = o."id"), 0) AS "owedCents", o."dueDate"::text AS "dueDay"`;
  return rows.map((r) => claimed.parse(r));
}
