// Stripe's webhook: the only truth about a Checkout payment (issue 36, decision 0165). The event is
// verified on the raw body, then recorded by its id and applied in ONE transaction: a redelivery,
// or the same event on two instances at once, finds the id taken (the second INSERT waits for the
// first's commit and then does nothing) and changes nothing. Two different events for one order
// (completed, then async_payment_succeeded for the same payment) meet at markOrderPaidInTx's row
// lock and its (provider, providerRef) rule: the order is paid once.
import type { Prisma, PrismaClient } from '@prisma/client';
import Stripe from 'stripe';
import { badRequest } from '../../../shared/errors';
import { newId } from '../../db/ids';
import { unitOfWork } from '../../db/unit-of-work';
import { logger } from '../../lib/log';
import type { MailSettings } from '../../mail/mail.service';
import type { PaymentAlertReason } from '../../mail/templates/payment-alert';
import { announce } from '../../outbox/business-events';
import { markOrderPaidInTx, type IncomingPayment } from './mark-paid';
import { stripeClient, stripeFailure } from '../stripe/client';
import { claimPaymentEvent } from './stripe-webhook.sql';
import type { StripeSettings } from '../stripe/config';

type Tx = Prisma.TransactionClient;

/** What became of an event, as recorded in PaymentEvent.outcome (and answered to Stripe). */
export type StripeEventOutcome =
  | 'applied'
  | 'duplicate_event'
  | 'duplicate'
  | 'already_paid'
  | 'cancelled_order'
  | 'mismatch'
  | 'unknown_order'
  | 'pending'
  | 'failed'
  | 'expired'
  | 'stale_session'
  | 'ignored';

const PAID_EVENTS = new Set(['checkout.session.completed', 'checkout.session.async_payment_succeeded']);

/** Verifies the signature (400 and nothing changes when it is missing, wrong or older than 5 minutes). */
export function verifyStripeEvent(stripe: StripeSettings, rawBody: Buffer, signature: string | undefined): Stripe.Event {
  if (!signature) throw badRequest('Missing Stripe-Signature header');
  try {
    return stripeClient(stripe).webhooks.constructEvent(rawBody, signature, stripe.webhookSecret);
  } catch {
    // The library's message names the expected signature scheme; the caller learns only that it failed.
    throw badRequest('The Stripe-Signature header does not verify: wrong secret, altered body or a timestamp too old');
  }
}

export async function handleStripeEvent(db: PrismaClient, stripe: StripeSettings, mail: MailSettings, event: Stripe.Event): Promise<StripeEventOutcome> {
  // A redelivery is answered without calling Stripe; the transaction below decides for certain.
  if (await db.paymentEvent.findUnique({ where: { id: event.id }, select: { id: true } })) return 'duplicate_event';
  const session = event.type.startsWith('checkout.session.') ? (event.data.object as Stripe.Checkout.Session) : null;
  const orderId = session ? orderIdOf(session) : null;
  const paid = session != null && PAID_EVENTS.has(event.type) && session.payment_status === 'paid';
  // How it was paid comes from the PaymentIntent's charge, read before the transaction (no network
  // wait while rows are locked); without it the payment is still taken, with the session's method.
  const method = paid ? await methodOf(stripe, session) : null;

  const outcome = await unitOfWork(db, async (tx) => {
    if (!(await claimPaymentEvent(tx, { id: event.id, provider: 'stripe', type: event.type.slice(0, 100), orderId }))) return 'duplicate_event' as const;
    const result = await apply(tx, event, session, orderId, paid, method, mail);
    await tx.paymentEvent.update({ where: { id: event.id }, data: { outcome: result }, select: { id: true } });
    return result;
  });
  if (outcome === 'unknown_order' || outcome === 'mismatch' || outcome === 'cancelled_order' || outcome === 'already_paid') {
    logger().warn({ event_id: event.id, event_type: event.type, order_id: orderId, outcome }, 'Stripe event not taken as an order payment');
  }
  return outcome;
}

function orderIdOf(session: Stripe.Checkout.Session): string | null {
  const id = session.metadata?.order_id || session.client_reference_id || null;
  return id ? id.slice(0, 100) : null;
}

async function methodOf(stripe: StripeSettings, session: Stripe.Checkout.Session): Promise<string> {
  const fallback = session.payment_method_types?.length === 1 ? session.payment_method_types[0] : 'unknown';
  const piId = typeof session.payment_intent === 'string' ? session.payment_intent : session.payment_intent?.id;
  if (!piId) return fallback;
  try {
    const pi = await stripeClient(stripe).paymentIntents.retrieve(piId, { expand: ['latest_charge'] });
    const charge = pi.latest_charge && typeof pi.latest_charge === 'object' ? pi.latest_charge : null;
    return charge?.payment_method_details?.type ?? (pi.payment_method_types.length === 1 ? pi.payment_method_types[0] : fallback);
  } catch (err) {
    logger().warn({ session_id: session.id, stripe: stripeFailure(err) }, 'Stripe payment method could not be read; the payment is recorded with the session\'s');
    return fallback;
  }
}

async function apply(tx: Tx, event: Stripe.Event, session: Stripe.Checkout.Session | null, orderId: string | null, paid: boolean, method: string | null, mail: MailSettings): Promise<StripeEventOutcome> {
  if (!session) return 'ignored';
  const known = event.type === 'checkout.session.completed' || event.type === 'checkout.session.async_payment_succeeded' || event.type === 'checkout.session.async_payment_failed' || event.type === 'checkout.session.expired';
  if (!known) return 'ignored';
  if (!orderId) return 'unknown_order';
  const order = await tx.order.findUnique({ where: { id: orderId }, select: { id: true, orderNumber: true, totalCents: true, checkoutSessionId: true, status: true } });
  if (!order) return 'unknown_order';

  if (paid) {
    const pi = typeof session.payment_intent === 'string' ? session.payment_intent : (session.payment_intent?.id ?? null);
    const payment: IncomingPayment = {
      orderId,
      provider: 'stripe',
      method: method ?? 'unknown',
      amountCents: session.amount_total ?? 0,
      currency: session.currency ?? '',
      // One payment per PaymentIntent; a session without one (never for mode payment) by its own id.
      providerRef: pi ?? session.id,
      sessionId: session.id,
      evidence: { event_id: event.id, event_type: event.type, session_id: session.id, payment_intent: pi },
      paidAt: new Date(event.created * 1000),
    };
    const result = await markOrderPaidInTx(tx, payment, mail);
    switch (result) {
      case 'applied':
      case 'duplicate':
        return result;
      case 'not_found':
        return 'unknown_order';
      case 'mismatch':
        await alertStaff(tx, mail, 'mismatch', order, payment);
        return 'mismatch';
      case 'cancelled':
        // Money for a cancelled order is never lost: it is recorded on the order (where it can be
        // refunded), the order stays cancelled, and staff are told.
        await recordUnappliedPaymentInTx(tx, payment);
        await alertStaff(tx, mail, 'cancelled_order', order, payment);
        return 'cancelled_order';
      case 'already_paid':
        // A second payment (e.g. two sessions of one order both paid): recorded, flagged, refundable.
        await recordUnappliedPaymentInTx(tx, payment);
        await alertStaff(tx, mail, 'already_paid', order, payment);
        return 'already_paid';
    }
  }

  // Only the order's current session moves its checkout state: an old session's late event does not
  // make a new open page look failed or expired.
  const current = order.checkoutSessionId === session.id && order.status === 'pending';
  switch (event.type) {
    case 'checkout.session.completed':
      // payment_status unpaid: an async method (PayNow, bank debit) whose money has not arrived;
      // the checkout stays 'open' until async_payment_succeeded or _failed.
      return 'pending';
    case 'checkout.session.async_payment_failed':
      if (!current) return 'stale_session';
      await tx.order.update({ where: { id: orderId }, data: { checkoutState: 'failed', checkoutUrl: null }, select: { id: true } });
      return 'failed';
    case 'checkout.session.expired':
      if (!current) return 'stale_session';
      await tx.order.update({ where: { id: orderId }, data: { checkoutState: 'expired', checkoutUrl: null }, select: { id: true } });
      return 'expired';
    default:
      // async_payment_succeeded whose session does not say paid: nothing to take.
      return 'ignored';
  }
}

/** The Payment row of money that did not pay the order (cancelled or already paid): kept, not applied. */
async function recordUnappliedPaymentInTx(tx: Tx, p: IncomingPayment): Promise<void> {
  await tx.payment.createMany({
    data: [{ id: newId(), orderId: p.orderId, provider: p.provider, method: p.method, amountCents: p.amountCents, currency: p.currency.toUpperCase(), providerRef: p.providerRef, sessionId: p.sessionId ?? null, evidence: p.evidence, paidAt: p.paidAt }],
    skipDuplicates: true,
  });
}

const money = (cents: number, currency: string) => `${currency.toUpperCase()} ${(cents / 100).toFixed(2)}`;

async function alertStaff(tx: Tx, mail: MailSettings, reason: PaymentAlertReason, order: { id: string; orderNumber: string; totalCents: number }, p: IncomingPayment) {
  await announce('paymentNotApplied', tx, mail, {
    reason,
    orderId: order.id,
    orderNumber: order.orderNumber,
    orderTotal: money(order.totalCents, 'SGD'),
    paid: money(p.amountCents, p.currency || '?'),
    paymentIntent: p.providerRef === p.sessionId ? null : p.providerRef,
    sessionId: p.sessionId ?? '',
  });
}
