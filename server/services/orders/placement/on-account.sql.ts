// What paying on invoice reads and locks, as SQL (why order placement is written as SQL: read-lines.sql.ts).
import { z } from 'zod';
import type { SqlClient as Tx } from '../../../db/sql-client';
import { int } from '../../../db/sql-rows';

const termsRow = z.object({
  companyId: z.string(),
  paymentTermsDays: int,
  creditLimitCents: int.nullable(),
  poNumberRequired: z.boolean(),
});

/**
 * The buyer's company terms as they are now: read from the membership in the order's transaction,
 * not from the session, so a member removed a moment ago (or terms taken away) cannot order on
 * account. Null when the buyer belongs to no company.
 */
export async function readCompanyTerms(tx: Tx, userId: string) {
  const rows = await tx.$queryRaw<unknown[]>`
    SELECT c."id" AS "companyId", c."paymentTermsDays", c."creditLimitCents", c."poNumberRequired"
    FROM "CompanyMember" m JOIN "Company" c ON c."id" = m."companyId"
    WHERE m."userId" = ${userId}`;
  return rows.length ? termsRow.parse(rows[0]) : null;
}

/**
 * Locks the company row and then sums what its invoice orders still owe, this transaction's new
 * order included. Two statements on purpose: under READ COMMITTED a statement sees what was
 * committed when it began, so the sum must start after the lock is held, or it would miss the
 * order of a colleague whose transaction held the lock and committed while this one waited.
 * FOR NO KEY UPDATE: members' other orders, which only reference the company, do not wait.
 */
export async function lockCompanyAndSumOwed(tx: Tx, companyId: string): Promise<number> {
  await tx.$queryRaw`SELECT 1 FROM "Company" WHERE "id" = ${companyId} FOR NO KEY UPDATE`;
  return sumOwedOnInvoice(tx, companyId);
}

/**
 * What a company's invoice orders still owe, as its statement counts it (decision 0199): each
 * invoice's total less what was paid and credited, plus money given back, never below 0 per
 * invoice; cancelled orders owe nothing.
 */
export async function sumOwedOnInvoice(tx: Tx, companyId: string): Promise<number> {
  const rows = await tx.$queryRaw<{ owed: unknown }[]>`
    SELECT COALESCE(SUM(GREATEST(o."totalCents" - o."paidCents" + o."refundedCents"
      - COALESCE((SELECT SUM(c."amountCents") FROM "CreditNote" c WHERE c."orderId" = o."id"), 0), 0)), 0) AS "owed"
    FROM "Order" o WHERE o."companyId" = ${companyId} AND o."paymentMethod" = 'invoice' AND o."status" <> 'cancelled'`;
  return int.parse(rows[0].owed);
}
