// Stripe Checkout for an order (issue 36, decision 0165). The session is created OUTSIDE any
// database transaction, after the order committed: a Stripe outage or a slow answer never loses,
// blocks or rolls back an order. The order then has no payment_url, and paying is retried by the
// catch-up pass (openMissingCheckouts) and by the buyer's POST /api/orders/{id}/pay.
//
// Idempotency: the key is derived from the order and the session it replaces: `order:<id>` for the
// first session, `order:<id>:after:<previous session id>` for the next one after the previous
// expired or failed. Two requests racing to open the same generation get the same session from
// Stripe; a new generation gets a new one (Stripe would replay the old, expired session for a reused key).
import type { PrismaClient } from '@prisma/client';
import { conflict, notFound } from '../../../shared/errors';
import { logger } from '../../lib/log';
import { pollWorker } from '../../lib/poll-worker';
import { stripeClient, stripeFailure } from './client';
import type { StripeSettings } from './config';

/** What opening a checkout came to. */
export type CheckoutOpening =
  | { state: 'open'; url: string }
  /** The buyer completed the session; the money is on its way (an async method) or its webhook is. */
  | { state: 'processing' }
  /** Stripe could not be reached or refused: logged, retried later. */
  | { state: 'unavailable' }
  /** Paid, cancelled or gone: nothing to pay. */
  | { state: 'not_payable' };

const orderForCheckout = { id: true, orderNumber: true, email: true, totalCents: true, status: true, checkoutUrl: true, checkoutSessionId: true, checkoutState: true } as const;

/**
 * An open Checkout Session for a pending order: the current one while Stripe still says it is open,
 * otherwise a new one. Never throws for Stripe's sake: a failure is logged (no key, no request)
 * and answered 'unavailable'.
 */
export async function openCheckout(db: PrismaClient, stripe: StripeSettings, publicUrl: string, orderId: string): Promise<CheckoutOpening> {
  const order = await db.order.findUnique({ where: { id: orderId }, select: orderForCheckout });
  if (!order || order.status !== 'pending') return { state: 'not_payable' };
  const client = stripeClient(stripe);
  try {
    if (order.checkoutState === 'open' && order.checkoutSessionId) {
      const current = await client.checkout.sessions.retrieve(order.checkoutSessionId);
      if (current.status === 'open' && current.url) return { state: 'open', url: current.url };
      if (current.status === 'complete') return { state: 'processing' };
      // Expired at Stripe before its event reached us: the next generation below.
    }
    const base = publicUrl.replace(/\/$/, '');
    const previous = order.checkoutSessionId;
    const session = await client.checkout.sessions.create(
      {
        mode: 'payment',
        // One line for the order's total: the shop's own figures (GST, shipping, discounts) are the
        // truth, and Stripe is told only the amount to collect. No payment_method_types: the
        // methods are the ones the Stripe account enables (cards, PayNow, GrabPay, FPX ...).
        line_items: [{ quantity: 1, price_data: { currency: 'sgd', unit_amount: order.totalCents, product_data: { name: `PackShop order ${order.orderNumber}` } } }],
        client_reference_id: order.id,
        metadata: { order_id: order.id, order_number: order.orderNumber },
        payment_intent_data: { metadata: { order_id: order.id, order_number: order.orderNumber } },
        customer_email: order.email,
        success_url: `${base}/order-success/${order.id}`,
        cancel_url: `${base}/orders/${order.id}`,
      },
      { idempotencyKey: previous ? `order:${order.id}:after:${previous}` : `order:${order.id}` },
    );
    if (!session.url) throw new Error(`Stripe answered session ${session.id} without a URL`);
    // Only over the generation this request saw: a racing request that stored a session first wins,
    // and a payment that arrived meanwhile (status no longer pending) is never given a new page.
    const stored = await db.order.updateMany({
      where: { id: order.id, status: 'pending', checkoutSessionId: previous },
      data: { checkoutUrl: session.url, checkoutSessionId: session.id, checkoutState: 'open' },
    });
    if (stored.count === 1 || (await db.order.count({ where: { id: order.id, checkoutSessionId: session.id } })) === 1) return { state: 'open', url: session.url };
    const now = await db.order.findUnique({ where: { id: order.id }, select: orderForCheckout });
    if (now?.status === 'pending' && now.checkoutState === 'open' && now.checkoutUrl) return { state: 'open', url: now.checkoutUrl };
    return now?.status === 'pending' ? { state: 'unavailable' } : { state: 'not_payable' };
  } catch (err) {
    logger().warn({ order_id: order.id, stripe: stripeFailure(err) }, 'Stripe Checkout could not be opened; the order stands and can be paid later');
    return { state: 'unavailable' };
  }
}

/** The payment page of the buyer's own unpaid order (POST /api/orders/{id}/pay). */
export async function payOrder(db: PrismaClient, stripe: StripeSettings | null, publicUrl: string, userId: string, orderId: string): Promise<{ payment_url: string }> {
  const order = await db.order.findFirst({ where: { id: orderId, userId }, select: { status: true } });
  if (!order) throw notFound('Order not found');
  if (!stripe) throw conflict('Online payment is not available; please pay by PayNow or bank transfer as shown on the order.');
  if (order.status === 'cancelled') throw conflict('This order is cancelled and can no longer be paid.');
  if (order.status !== 'pending') throw conflict('This order is already paid.');
  const opened = await openCheckout(db, stripe, publicUrl, orderId);
  switch (opened.state) {
    case 'open':
      return { payment_url: opened.url };
    case 'processing':
      throw conflict('Your payment is being processed; the order will show as paid as soon as it arrives.');
    case 'unavailable':
      throw conflict('Online payment cannot be opened right now; please try again in a few minutes.');
    default:
      throw conflict('This order can no longer be paid.');
  }
}

/**
 * The catch-up pass: pending orders of the last day whose checkout was never opened (Stripe was
 * down when they were placed) get one now, so the buyer's order page and e-mail link can take
 * them to pay. Few and bounded; openCheckout is idempotent per order and generation.
 */
export async function openMissingCheckouts(db: PrismaClient, stripe: StripeSettings, publicUrl: string, limit = 50): Promise<number> {
  const since = new Date(Date.now() - 24 * 3600 * 1000);
  const due = await db.order.findMany({ where: { status: 'pending', checkoutState: null, createdAt: { gte: since } }, select: { id: true }, orderBy: { createdAt: 'asc' }, take: limit });
  let opened = 0;
  for (const o of due) {
    const r = await openCheckout(db, stripe, publicUrl, o.id);
    if (r.state === 'open') opened++;
    // Stripe is still down: the rest wait for the next pass rather than each timing out now.
    else if (r.state === 'unavailable') break;
  }
  return opened;
}


/** How often the catch-up pass looks for orders placed while Stripe could not be reached. */
const CATCH_UP_EVERY_MS = 2 * 60_000;

/**
 * The catch-up pass on a timer (server/index.ts). Every instance may run it: openCheckout is
 * idempotent per order and generation (the same idempotency key, a conditional write), so two
 * instances picking the same order open one session.
 */
export function startCheckoutCatchUp(db: PrismaClient, stripe: StripeSettings, publicUrl: string): { stop(): Promise<void> } {
  const worker = pollWorker({
    pass: () => openMissingCheckouts(db, stripe, publicUrl),
    firstAfterMs: CATCH_UP_EVERY_MS,
    everyMs: CATCH_UP_EVERY_MS,
    onError: (err) => logger().warn({ err: err instanceof Error ? err.message : String(err) }, 'Stripe checkout catch-up pass failed; retried at the next'),
  });
  worker.start();
  return { stop: worker.stop };
}
