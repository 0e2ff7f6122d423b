// A company's statement of account (issue 40, item 5): what it owed when the period began, the
// invoices, credit notes and payments of the period with the balance after each, what it owes at
// the end, and how old the unpaid part is. Pure, in cents and Singapore calendar days, so the PDF,
// the CSV, the API and the reminders read one set of figures.
import { addDays, daysInRange, isCalendarDay } from './report-range';

type StatementEntryKind = 'invoice' | 'credit_note' | 'payment' | 'refund';

export interface StatementEntry {
  kind: StatementEntryKind;
  /** The calendar day (YYYY-MM-DD, Singapore) the invoice was issued, the note issued or the payment received. */
  day: string;
  /** What the line shows: the invoice number, the credit note's number, the payment's reference. */
  reference: string;
  /** The invoice the entry belongs to (its own reference for an invoice); ageing is counted per invoice. */
  invoice: string;
  /**
   * Always positive: an invoice adds it to the balance, a credit note or a payment takes it off. A
   * refund (money the shop paid back, e.g. for goods returned after the invoice was paid) adds it
   * again: its credit note took it off what was owed, so without it the company would seem to be
   * owed the money it already has back (decision 0199).
   */
  amountCents: number;
  /** Invoices only: the day payment falls due (invoice day + the company's terms). */
  dueDay?: string;
}

interface StatementLine extends StatementEntry {
  debitCents: number;
  creditCents: number;
  /** The balance after this line. */
  balanceCents: number;
}

/** Amounts owed by how many days past their due day they are on the statement's last day. */
export interface Ageing {
  current: number;
  days1to30: number;
  days31to60: number;
  days61to90: number;
  over90: number;
}

export interface Statement {
  from: string;
  to: string;
  openingCents: number;
  lines: StatementLine[];
  closingCents: number;
  ageing: Ageing;
}

const isDebit = (e: StatementEntry) => e.kind === 'invoice' || e.kind === 'refund';
const sign = (e: StatementEntry) => (isDebit(e) ? e.amountCents : -e.amountCents);
// Invoices first on a day, so a payment received the day it was invoiced follows what it pays; a
// refund last, as it gives back what was paid.
const ORDER: Record<StatementEntryKind, number> = { invoice: 0, credit_note: 1, payment: 2, refund: 3 };
const byDay = (a: StatementEntry, b: StatementEntry) => a.day.localeCompare(b.day) || ORDER[a.kind] - ORDER[b.kind] || a.reference.localeCompare(b.reference);

/** Days past due on `asOf`: 0 on the due day and before it. */
export const daysOverdue = (dueDay: string, asOf: string): number => Math.max(0, daysInRange(dueDay, asOf) - 1);

export function ageingBucket(days: number): keyof Ageing {
  if (days <= 0) return 'current';
  if (days <= 30) return 'days1to30';
  if (days <= 60) return 'days31to60';
  if (days <= 90) return 'days61to90';
  return 'over90';
}

/**
 * What each invoice still owes on `asOf` (entries after it ignored), keyed by invoice. An invoice
 * paid or credited in full is left out; one paid more than it asked shows as a negative amount,
 * which the ageing counts as current (a credit the company has with the shop).
 */
export function outstandingByInvoice(entries: StatementEntry[], asOf: string): Map<string, { cents: number; dueDay?: string }> {
  const open = new Map<string, { cents: number; dueDay?: string }>();
  for (const e of entries) {
    if (e.day > asOf) continue;
    const o = open.get(e.invoice) ?? { cents: 0 };
    o.cents += sign(e);
    if (e.kind === 'invoice') o.dueDay = e.dueDay ?? e.day;
    open.set(e.invoice, o);
  }
  for (const [invoice, o] of open) if (o.cents === 0) open.delete(invoice);
  return open;
}

export function ageingOf(entries: StatementEntry[], asOf: string): Ageing {
  const ageing: Ageing = { current: 0, days1to30: 0, days31to60: 0, days61to90: 0, over90: 0 };
  for (const o of outstandingByInvoice(entries, asOf).values()) {
    const bucket = o.cents < 0 || !o.dueDay ? 'current' : ageingBucket(daysOverdue(o.dueDay, asOf));
    ageing[bucket] += o.cents;
  }
  return ageing;
}

/** The statement for `from`..`to` (both calendar days, inclusive) from every entry the company has. */
export function buildStatement(entries: StatementEntry[], from: string, to: string): Statement {
  const sorted = [...entries].filter((e) => e.day <= to).sort(byDay);
  const openingCents = sorted.filter((e) => e.day < from).reduce((sum, e) => sum + sign(e), 0);
  let balanceCents = openingCents;
  const lines = sorted
    .filter((e) => e.day >= from)
    .map((e) => {
      balanceCents += sign(e);
      return { ...e, debitCents: isDebit(e) ? e.amountCents : 0, creditCents: isDebit(e) ? 0 : e.amountCents, balanceCents };
    });
  return { from, to, openingCents, lines, closingCents: balanceCents, ageing: ageingOf(sorted, to) };
}

/** The days a reminder goes out for an invoice: when it falls due, and again 7 days after. */
export const reminderDays = (dueDay: string): { due: string; overdue: string } => ({ due: dueDay, overdue: addDays(dueDay, 7) });

/** A statement covers at most five years, leap days included (decision 0199). */
const STATEMENT_MAX_DAYS = 1827;
/** Without a period asked for: the last 90 days to today (decision 0199). */
const DEFAULT_DAYS = 90;

/**
 * The period a statement is asked for, days in Singapore: `to` defaults to today, `from` to 89 days
 * before `to` (90 days with both ends). Answers the period, or why it cannot be one.
 */
export function statementPeriod(asked: { from?: string; to?: string }, today: string): { from: string; to: string } | { problem: string } {
  if (asked.from !== undefined && !isCalendarDay(asked.from)) return { problem: 'from must be a date as YYYY-MM-DD' };
  if (asked.to !== undefined && !isCalendarDay(asked.to)) return { problem: 'to must be a date as YYYY-MM-DD' };
  const to = asked.to ?? today;
  if (to > today) return { problem: 'to must not be after today' };
  const from = asked.from ?? addDays(to, -(DEFAULT_DAYS - 1));
  if (from > to) return { problem: 'from must not be after to' };
  if (daysInRange(from, to) > STATEMENT_MAX_DAYS) return { problem: 'A statement covers at most 5 years' };
  return { from, to };
}
