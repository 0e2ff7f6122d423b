// What a shopper, the back office and an integrator are told about an order's money, derived from
// the order's status, its latest hosted checkout and what has been refunded (docs/architecture.md section 12,
// docs/decisions/0165). One rule for every page and answer.
import type { OrderStatus } from '../constants';

export const PAYMENT_STATES = ['awaiting_payment', 'payment_failed', 'payment_expired', 'on_invoice', 'paid', 'partially_refunded', 'refunded', 'cancelled'] as const;
export type PaymentState = (typeof PAYMENT_STATES)[number];

export interface PaymentFacts {
  status: OrderStatus;
  /** The latest hosted checkout: open | failed | expired, or null (none yet, or no Stripe). */
  checkoutState: string | null;
  totalCents: number;
  refundedCents: number;
  /** 'invoice' for an order a company member pays on invoice (net terms, decision 0194). */
  paymentMethod: string;
  /** What staff have recorded as received against an invoice order. */
  paidCents: number;
}

export function paymentState(o: PaymentFacts): PaymentState {
  if (o.status === 'pending') {
    if (o.checkoutState === 'failed') return 'payment_failed';
    if (o.checkoutState === 'expired') return 'payment_expired';
    return 'awaiting_payment';
  }
  // An order on invoice is confirmed at once and owed until its payments add up to its total.
  if (o.paymentMethod === 'invoice' && o.status !== 'cancelled' && o.paidCents < o.totalCents) return 'on_invoice';
  if (o.refundedCents > 0) return o.refundedCents >= o.totalCents ? 'refunded' : 'partially_refunded';
  if (o.status === 'cancelled') return 'cancelled';
  return 'paid';
}

/** 'CN-000042': a credit note's number, from its own gap-free series beside the invoices'. */
export const formatCreditNoteNumber = (n: number): string => `CN-${String(n).padStart(6, '0')}`;
