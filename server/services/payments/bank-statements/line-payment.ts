// What a bank line says about the payment it carries, the same for a line matched on upload and one
// a person applies: the provider (PayNow when the bank names it, else a bank transfer), the day it
// was paid (the bank's date in Singapore time) and the evidence kept with the payment.
import { toDollars } from '../../../../shared/domain/money';

export const providerOf = (l: { description: string; reference: string }) => (/PAY\s?NOW/i.test(`${l.description} ${l.reference}`) ? 'paynow' : 'bank_transfer');
export const paidAtOf = (date: string) => new Date(`${date}T00:00:00+08:00`);
export const evidenceOf = (bank: string, l: { date: string; description: string; reference: string; amountCents: number }, lineId: string) => ({
  line_id: lineId,
  bank,
  date: l.date,
  description: l.description,
  reference: l.reference,
  amount: toDollars(l.amountCents),
});

export type LineProblem = 'unknown_reference' | 'short_payment' | 'over_payment' | 'several_orders' | 'order_not_payable';

type PayableOrder = { status: string; totalCents: number; paymentMethod: string; paidCents: number };

/**
 * Whether a bank line of `amountCents` pays this order: a pending order only by its exact total; an
 * order on invoice (decision 0194) by any part of what it still owes, since companies pay invoices
 * in instalments. Null when it pays; otherwise why a person must look.
 */
export function lineProblem(o: PayableOrder, amountCents: number): LineProblem | null {
  if (o.paymentMethod === 'invoice' && o.status !== 'cancelled') {
    const owed = o.totalCents - o.paidCents;
    if (owed <= 0) return 'order_not_payable';
    return amountCents > owed ? 'over_payment' : null;
  }
  if (o.status !== 'pending') return 'order_not_payable';
  if (amountCents < o.totalCents) return 'short_payment';
  if (amountCents > o.totalCents) return 'over_payment';
  return null;
}

/** Whether the order still takes money from the bank (the likely order of a line naming several). */
export const stillPayable = (o: PayableOrder): boolean => (o.paymentMethod === 'invoice' ? o.status !== 'cancelled' && o.paidCents < o.totalCents : o.status === 'pending');
