// PayNow and bank transfers matched from the bank statement (issue 36 item 6, decision 0168).
// Each credit line is kept once by its fingerprint, so the same or an overlapping file uploaded
// again changes nothing. A line naming exactly one pending order whose total it equals, or one order
// on invoice that still owes at least its amount, pays that order (markOrderPaidInTx, in the
// transaction that marks the line matched); any other credit line
// waits for a person with the reason and the order it most likely belongs to.
import { createHash } from 'node:crypto';
import type { PrismaClient } from '@prisma/client';
import { formulaSafe as safeText } from '../../../../shared/domain/formula-safe';
import { toDollars } from '../../../../shared/domain/money';
import { newId } from '../../../db/ids';
import { unitOfWork } from '../../../db/unit-of-work';
import type { MailSettings } from '../../../mail/mail.service';
import { markOrderPaidInTx, type PaidOutcome } from '../mark-paid';
import { insertMatchedLine, insertReviewLines, ordersByNumber, type OrderRow } from './bank-statements.sql';
import { evidenceOf, lineProblem, paidAtOf, providerOf, stillPayable, type LineProblem } from './line-payment';
import { parseStatement, type Bank, type StatementLine } from './parse';

type Problem = LineProblem;

/** Lists in the upload answer are cut here (the counts are whole); the rest are in bankLines. */
export const MAX_LISTED = 1000;
const INSERT_CHUNK = 5000;

// PS-20261121-4F7K2Q as printed, typed in lower case, or with the hyphens dropped or made spaces by
// a banking app. The 8-digit day and the 6 characters of the order alphabet (no 0/O/1/I/L) are bounded
// on both sides, so no longer token (an account number, another reference) can be read as one.
const ORDER_NUMBER = /(?<![A-Z0-9])PS[\s-]?(\d{8})[\s-]?([2-9A-HJKMNP-Z]{6})(?![A-Z0-9])/g;

function orderNumbersIn(...texts: string[]): string[] {
  const found = new Set<string>();
  for (const t of texts) for (const m of t.toUpperCase().matchAll(ORDER_NUMBER)) found.add(`PS-${m[1]}-${m[2]}`);
  return [...found];
}

interface Credit extends StatementLine {
  id: string;
  fingerprint: string;
  numbers: string[];
}

interface MatchedEntry {
  line_id: string;
  date: string;
  amount: number;
  reference: string;
  order_id: string;
  order_number: string;
}
interface ReviewEntry {
  line_id: string;
  date: string;
  amount: number;
  description: string;
  reference: string;
  problem: Problem;
  order_id: string | null;
  order_number: string | null;
}
export interface UploadResult {
  bank: Bank;
  lines_read: number;
  matched: MatchedEntry[];
  review: ReviewEntry[];
  matched_count: number;
  review_count: number;
  already_seen: number;
  debits: number;
}

function fingerprintOf(bank: Bank, l: StatementLine, repeat: number): string {
  return createHash('sha256').update(JSON.stringify([bank, l.date, l.amountCents, l.description, l.reference, repeat])).digest('hex');
}

/** What a line with these orders in it is: pay `order`, or wait with a problem and the likely order. */
function decide(amountCents: number, orders: OrderRow[]): { pay: OrderRow } | { problem: Problem; order: OrderRow | null } {
  if (orders.length === 0) return { problem: 'unknown_reference', order: null };
  if (orders.length > 1) {
    const likely = orders.find((o) => lineProblem(o, amountCents) === null) ?? orders.find(stillPayable) ?? orders[0];
    return { problem: 'several_orders', order: likely };
  }
  const [o] = orders;
  const problem = lineProblem(o, amountCents);
  return problem ? { problem, order: o } : { pay: o };
}

/** Why markOrderPaidInTx did not take a payment, as a line's problem. */
function problemOf(outcome: PaidOutcome, amountCents: number, totalCents: number): Problem {
  if (outcome === 'mismatch') return amountCents < totalCents ? 'short_payment' : 'over_payment';
  return 'order_not_payable';
}

export async function uploadStatement(db: PrismaClient, mail: MailSettings, uploadedBy: string | null, bytes: Buffer): Promise<UploadResult> {
  const { bank, lines } = parseStatement(bytes);
  const uploadId = newId();
  const repeats = new Map<string, number>();
  const credits: Credit[] = [];
  let debits = 0;
  for (const l of lines) {
    if (l.amountCents <= 0) {
      if (l.amountCents < 0) debits++;
      continue;
    }
    // Two identical lines in one file (two customers paying the same amount with the same text on
    // one day) are two payments: the repeat count keeps their fingerprints apart.
    const key = JSON.stringify([l.date, l.amountCents, l.description, l.reference]);
    const repeat = repeats.get(key) ?? 0;
    repeats.set(key, repeat + 1);
    credits.push({ ...l, id: newId(), fingerprint: fingerprintOf(bank, l, repeat), numbers: orderNumbersIn(l.reference, l.description) });
  }

  // The orders named anywhere in the file, in one query.
  const allNumbers = [...new Set(credits.flatMap((c) => c.numbers))];
  const orders = new Map<string, OrderRow>();
  for (let i = 0; i < allNumbers.length; i += INSERT_CHUNK) {
    for (const r of await ordersByNumber(db, allNumbers.slice(i, i + INSERT_CHUNK))) orders.set(r.orderNumber, r);
  }

  const result: UploadResult = { bank, lines_read: lines.length, matched: [], review: [], matched_count: 0, review_count: 0, already_seen: 0, debits };
  const toReview = (c: Credit, problem: Problem, order: OrderRow | null) => {
    result.review_count++;
    if (result.review.length < MAX_LISTED) {
      result.review.push({
        line_id: c.id,
        date: c.date,
        amount: toDollars(c.amountCents),
        description: safeText(c.description, 500),
        reference: safeText(c.reference, 200),
        problem,
        order_id: order?.id ?? null,
        order_number: order?.orderNumber ?? null,
      });
    }
  };

  // Lines that wait for a person: written in bulk, a few statements for the whole file.
  const waiting: { c: Credit; problem: Problem; order: OrderRow | null }[] = [];
  const payable: { c: Credit; order: OrderRow }[] = [];
  for (const c of credits) {
    const d = decide(
      c.amountCents,
      c.numbers.map((n) => orders.get(n)).filter((o): o is OrderRow => !!o),
    );
    if ('pay' in d) payable.push({ c, order: d.pay });
    else waiting.push({ c, problem: d.problem, order: d.order });
  }
  for (let i = 0; i < waiting.length; i += INSERT_CHUNK) {
    const chunk = waiting.slice(i, i + INSERT_CHUNK);
    const fresh = await insertReviewLines(
      db,
      bank,
      uploadId,
      uploadedBy,
      chunk.map((w) => ({ ...w.c, problem: w.problem, orderId: w.order?.id ?? null })),
    );
    for (const w of chunk) {
      if (fresh.has(w.c.id)) toReview(w.c, w.problem, w.order);
      else result.already_seen++;
    }
  }

  // Lines that pay an order: one transaction each, so the line, the payment, the status change,
  // the e-mail and the webhooks commit together. Two lines for one order: the second finds it paid.
  for (const { c, order } of payable) {
    const outcome = await unitOfWork(db, async (tx) => {
      if (!(await insertMatchedLine(tx, bank, uploadId, uploadedBy, { ...c, orderId: order.id }))) return 'seen' as const;
      const provider = providerOf(c);
      const paid = await markOrderPaidInTx(
        tx,
        {
          orderId: order.id,
          provider,
          method: provider,
          amountCents: c.amountCents,
          currency: 'SGD',
          providerRef: c.id,
          reference: c.reference || c.description.slice(0, 100) || null,
          evidence: evidenceOf(bank, c, c.id),
          paidAt: paidAtOf(c.date),
        },
        mail,
      );
      if (paid === 'applied') return 'applied' as const;
      const problem = problemOf(paid, c.amountCents, order.totalCents);
      await tx.bankStatementLine.update({ where: { id: c.id }, data: { status: 'review', problem, decidedAt: null }, select: { id: true } });
      return problem;
    });
    if (outcome === 'seen') result.already_seen++;
    else if (outcome === 'applied') {
      result.matched_count++;
      if (result.matched.length < MAX_LISTED) {
        result.matched.push({ line_id: c.id, date: c.date, amount: toDollars(c.amountCents), reference: safeText(c.reference || c.description, 200), order_id: order.id, order_number: order.orderNumber });
      }
    } else toReview(c, outcome, order);
  }
  return result;
}
