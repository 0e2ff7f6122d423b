// The one place an order becomes paid because money arrived: a Stripe event (stripe/), a matched or
// applied bank statement line (bank-statements/). Both doors call it inside their own transaction,
// so the payment row, the status change, its history, the buyer's "payment received" e-mail and
// the order.paid webhook commit together or not at all (docs/architecture.md section 12, decision 0165).
import type { Prisma } from '@prisma/client';
import { newId } from '../../db/ids';
import type { MailSettings } from '../../mail/mail.service';
import { changeStatusInTx } from '../orders/orders-admin.service';
import { paymentProblem } from '../../../shared/domain/net-terms';
import { announce } from '../../outbox/business-events';
import { lockOrderForPayment, type LockedOrder } from './mark-paid.sql';

type Tx = Prisma.TransactionClient;

export interface IncomingPayment {
  orderId: string;
  /** stripe | paynow | bank_transfer | manual */
  provider: string;
  /** card, paynow, grabpay, fpx, bank_transfer ... as the provider reports it */
  method: string;
  amountCents: number;
  currency: string;
  /** The provider's id of this money (Stripe payment_intent, bank line id): one payment per id. */
  providerRef: string;
  sessionId?: string | null;
  reference?: string | null;
  evidence?: Prisma.InputJsonValue;
  paidAt: Date;
  /** The staff member who applied it by hand; null when the provider said so. */
  byUserId?: string | null;
}

/**
 * applied: the order is paid now (an order on invoice: the payment is added to what it has received). duplicate: this very payment was recorded before (a retried event).
 * already_paid: the order was paid by another payment. cancelled: money for a cancelled order (the
 * caller refunds or flags it; never lost). mismatch: amount or currency differ from the order's
 * (not taken as payment; the caller alerts staff). not_found: no such order.
 */
export type PaidOutcome = 'applied' | 'duplicate' | 'already_paid' | 'cancelled' | 'mismatch' | 'not_found';

/**
 * Marks the order paid with this payment, exactly once. The order row is locked first, so a payment
 * and the unpaid-order release (or two webhooks for one order on two instances) are decided one
 * after the other: whichever comes second sees the first's outcome.
 */
export async function markOrderPaidInTx(tx: Tx, p: IncomingPayment, mail: MailSettings): Promise<PaidOutcome> {
  const order = await lockOrderForPayment(tx, p.orderId);
  if (!order) return 'not_found';
  const seen = await tx.payment.findUnique({ where: { provider_providerRef: { provider: p.provider, providerRef: p.providerRef } }, select: { orderId: true } });
  if (seen) return 'duplicate';
  if (order.status === 'cancelled') return 'cancelled';
  if (order.paymentMethod === 'invoice') return payInvoiceInTx(tx, p.orderId, order, p, mail);
  if (order.status !== 'pending') return 'already_paid';
  if (p.amountCents !== order.totalCents || p.currency.toUpperCase() !== 'SGD') return 'mismatch';
  await insertPayment(tx, p);
  await tx.order.update({ where: { id: p.orderId }, data: { checkoutUrl: null, checkoutState: null }, select: { id: true } });
  const actor = p.byUserId ? { userId: p.byUserId, role: 'staff' } : { userId: null, role: p.provider };
  await changeStatusInTx(tx, actor, { id: p.orderId, status: 'paid', note: paymentNote(p) }, mail);
  return 'applied';
}

/**
 * An order on invoice (decision 0194) is already confirmed and on its way: a payment does not move
 * its status but adds to what has been received, in part or in full; more than it still owes is a
 * mismatch, so an over-payment is never taken by mistake. The buyer is told of each payment.
 */
async function payInvoiceInTx(tx: Tx, orderId: string, order: LockedOrder, p: IncomingPayment, mail: MailSettings): Promise<PaidOutcome> {
  if (order.paidCents >= order.totalCents) return 'already_paid';
  if (p.currency.toUpperCase() !== 'SGD' || paymentProblem(order, p.amountCents)) return 'mismatch';
  await insertPayment(tx, p);
  const paidCents = order.paidCents + p.amountCents;
  const full = paidCents >= order.totalCents;
  await tx.order.update({ where: { id: orderId }, data: { paidCents, ...(full ? { paidAt: p.paidAt } : {}) }, select: { id: true } });
  await announce('invoicePaymentReceived', tx, mail, {
    email: order.email,
    shipFullName: order.shipFullName,
    payment: {
      orderId,
      orderNumber: order.orderNumber,
      amountCents: p.amountCents,
      dueCents: order.totalCents - paidCents,
      dueDay: order.dueDate ? order.dueDate.toISOString().slice(0, 10) : '',
      reference: p.reference ?? null,
    },
  });
  return 'applied';
}

async function insertPayment(tx: Tx, p: IncomingPayment) {
  await tx.payment.create({
    data: {
      id: newId(),
      orderId: p.orderId,
      provider: p.provider,
      method: p.method,
      amountCents: p.amountCents,
      currency: p.currency.toUpperCase(),
      providerRef: p.providerRef,
      sessionId: p.sessionId ?? null,
      reference: p.reference ?? null,
      evidence: p.evidence,
      paidAt: p.paidAt,
      byUserId: p.byUserId ?? null,
    },
    select: { id: true },
  });
}

const PROVIDER_NAME: Record<string, string> = { stripe: 'Stripe', paynow: 'PayNow', bank_transfer: 'Bank transfer', manual: 'Recorded by staff' };

/** The history line: "Paid by Stripe (card)", "Paid by PayNow, reference PS-...". */
function paymentNote(p: IncomingPayment): string {
  const by = PROVIDER_NAME[p.provider] ?? p.provider;
  return `Paid by ${by}${p.method && p.method !== p.provider ? ` (${p.method})` : ''}${p.reference ? `, reference ${p.reference.slice(0, 80)}` : ''}`;
}
