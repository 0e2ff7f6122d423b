// Net terms (issue 40 item 4, decision 0194): a company member may pay on invoice. Pure rules, in
// cents and Singapore calendar days, so checkout, the placement step, the payments and the answers
// read one set of figures.
import { formatMoney, toDollars } from './money';
import { addDays } from './report-range';
import { shopDay } from './shop-time';

/** A purchase-order number is a short reference a buyer copies from their own system. */
const PO_NUMBER_MAX = 100;

/** Whether an order of a company with these terms may be paid on invoice: any terms above 0 days. */
export const offersInvoice = (paymentTermsDays: number): boolean => paymentTermsDays > 0;

/** The Singapore calendar day (YYYY-MM-DD) an invoice issued at `invoicedAt` falls due. */
export const dueDay = (invoicedAt: Date | string, paymentTermsDays: number): string => addDays(shopDay(invoicedAt), paymentTermsDays);

/** What an invoice order still owes: its total less what has been received, never below 0. */
const owedCents = (o: { totalCents: number; paidCents: number }): number => Math.max(0, o.totalCents - o.paidCents);


/** What may still be ordered on invoice: the limit less what is owed, never below 0; null for no limit. */
export function availableCreditCents(creditLimitCents: number | null, outstanding: number): number | null {
  return creditLimitCents === null ? null : Math.max(0, creditLimitCents - outstanding);
}

/** Null when an order of `totalCents` fits the credit; otherwise the sentence that refuses it. */
export function creditProblem(creditLimitCents: number | null, outstanding: number, totalCents: number): string | null {
  const available = availableCreditCents(creditLimitCents, outstanding);
  if (available === null || totalCents <= available) return null;
  return `This order of ${formatMoney(toDollars(totalCents))} is over your company's credit limit: ${formatMoney(toDollars(available))} is available.`;
}

/** Null for a usable PO number (already trimmed); otherwise why not. */
export function poNumberProblem(poNumber: string, required: boolean): string | null {
  if (poNumber === '') return required ? 'Your company asks for a purchase-order number.' : null;
  if (poNumber.length > PO_NUMBER_MAX) return `A purchase-order number has at most ${PO_NUMBER_MAX} characters.`;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(poNumber)) return 'A purchase-order number cannot contain control characters.';
  return null;
}

type InvoiceState = 'unpaid' | 'partially_paid' | 'paid';

/** How far an invoice order has been paid. */
export function invoiceState(o: { totalCents: number; paidCents: number }): InvoiceState {
  if (o.paidCents <= 0) return 'unpaid';
  return o.paidCents >= o.totalCents ? 'paid' : 'partially_paid';
}

/** Null when a payment of `amountCents` may be recorded against the order; otherwise why not. */
export function paymentProblem(o: { totalCents: number; paidCents: number }, amountCents: number): string | null {
  if (!Number.isInteger(amountCents) || amountCents <= 0) return 'A payment is a positive amount.';
  const owed = owedCents(o);
  if (owed === 0) return 'This invoice is already paid.';
  if (amountCents > owed) return `This payment is more than the ${formatMoney(toDollars(owed))} still owed.`;
  return null;
}
