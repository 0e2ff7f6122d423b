import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createWebhookSender, type WebhookSender } from '../../../server/webhooks/sender';
import { webhookSubscriptionsChanged } from '../../../server/webhooks/subscriptions';
import { placeOrderFor } from '../../factories/orders';
import { createVariant } from '../../factories/shop';
import { createUser } from '../../factories/users';
import { startTestReceiver, type TestReceiver } from '../../setup/webhook-receiver';
import { createTestApp, type TestApp } from '../../setup/test-app';
import { startStripeServer, type StripeServer } from '../../support/stripe-server';

// POST /api/payments/stripe/webhook (decision 0165): events signed as Stripe signs them by the
// test server, over real HTTP; the order, its payment row, the outbox and the order.paid webhook
// read back from the database. Forged, stale and replayed signatures, unknown orders, mismatches,
// money for a cancelled order, and concurrent deliveries.

let t: TestApp;
let stripe: StripeServer;
let rx: TestReceiver;
let sender: WebhookSender;
let admin: Awaited<ReturnType<typeof createUser>>;
let variantId: string;
let hookUrl: string;

beforeAll(async () => {
  t = await createTestApp();
  hookUrl = `${t.baseUrl}/api/payments/stripe/webhook`;
  stripe = await startStripeServer({ webhookUrl: hookUrl });
  t.deps.stripe = { secretKey: stripe.secretKey, webhookSecret: stripe.webhookSecret, apiUrl: stripe.url };
  t.deps.mail = { ...t.deps.mail, staffEmail: 'staff@packshop.test' };
  admin = await createUser(t.deps, { role: 'admin' });
  variantId = (await createVariant(t.db, { onHand: 10_000 })).variantId;
  rx = await startTestReceiver();
  sender = createWebhookSender(t.db, { allowPrivate: true });
  const reg = await t.api('POST', '/admin/webhooks', { token: admin.token, body: { url: `${rx.url}/hooks`, events: ['order.paid'], description: 'ERP' } });
  expect(reg.status, JSON.stringify(reg.body)).toBe(200);
  webhookSubscriptionsChanged();
});
afterAll(async () => {
  await stripe.close();
  await rx.close();
  await t.close();
});
beforeEach(() => {
  rx.received.length = 0;
});

type Placed = Awaited<ReturnType<typeof placeOrderFor>> & { payment_url: string };
async function newOrder(quantity = 1) {
  const shopper = await createUser(t.deps);
  const order = (await placeOrderFor(t, shopper.token, variantId, quantity)) as Placed;
  return { shopper, order, sessionId: order.payment_url.split('/').pop()! };
}
const post = (payload: string, header?: string) =>
  fetch(hookUrl, { method: 'POST', headers: { 'content-type': 'application/json', ...(header ? { 'stripe-signature': header } : {}) }, body: payload }).then(async (r) => ({ status: r.status, body: (await r.json()) as { detail?: string; outcome?: string } }));
const mailsFor = (orderId: string, template: string) => t.db.outboxMessage.count({ where: { orderId, template } });
const paidMails = (orderId: string) => mailsFor(orderId, 'order_paid');
const orderPaidEvents = async (orderId: string) => (await t.db.webhookEvent.findMany({ where: { type: 'order.paid' } })).filter((e) => e.payload.includes(orderId)).length;

describe('a paid checkout', () => {
  it('marks the order paid once: a Stripe payment row, one "payment received" e-mail, one order.paid webhook delivered', async () => {
    const { shopper, order, sessionId } = await newOrder(2);
    const session = await stripe.pay(sessionId);
    const read = await t.api('GET', `/orders/${order.id}`, { token: shopper.token });
    expect(read.body).toMatchObject({ status: 'paid', payment_state: 'paid', payment_url: null });
    const payments = await t.db.payment.findMany({ where: { orderId: order.id } });
    expect(payments).toHaveLength(1);
    expect(payments[0]).toMatchObject({ provider: 'stripe', method: 'card', providerRef: session.payment_intent, sessionId, amountCents: Math.round(order.total * 100), currency: 'SGD' });
    expect(await t.db.paymentEvent.findMany({ where: { orderId: order.id } })).toEqual([expect.objectContaining({ provider: 'stripe', type: 'checkout.session.completed', outcome: 'applied' })]);
    expect(await paidMails(order.id)).toBe(1);
    expect(await orderPaidEvents(order.id)).toBe(1);
    await sender.runOnce();
    const delivered = rx.received.map((r) => JSON.parse(r.body) as { type: string; data: { id?: string; order?: { id: string } } });
    expect(delivered.filter((d) => d.type === 'order.paid' && JSON.stringify(d.data).includes(order.id))).toHaveLength(1);
  });

  it('a replayed event (same id, freshly signed) answers 200 and changes nothing', async () => {
    const { order, sessionId } = await newOrder();
    const session = await stripe.pay(sessionId, { send: false });
    const first = await stripe.sendEvent('checkout.session.completed', session);
    expect(first.status).toBe(200);
    const again = await stripe.sendEvent('checkout.session.completed', session, { id: first.event.id });
    expect(again.status).toBe(200);
    expect(JSON.parse(again.body)).toEqual({ received: true, outcome: 'duplicate_event' });
    expect(await t.db.payment.count({ where: { orderId: order.id } })).toBe(1);
    expect(await paidMails(order.id)).toBe(1);
    expect(await orderPaidEvents(order.id)).toBe(1);
  });

  it('an async method: completed unpaid keeps the checkout open, async_payment_succeeded pays it (method from the charge)', async () => {
    const { shopper, order, sessionId } = await newOrder();
    await stripe.payAsync(sessionId, { method: 'paynow' });
    const pending = await t.api('GET', `/orders/${order.id}`, { token: shopper.token });
    expect(pending.body).toMatchObject({ status: 'pending', payment_state: 'awaiting_payment' });
    expect((await t.db.order.findUniqueOrThrow({ where: { id: order.id } })).checkoutState).toBe('open');
    // The session is complete at Stripe: /pay says the money is on its way rather than opening a second page.
    const pay = await t.api('POST', `/orders/${order.id}/pay`, { token: shopper.token });
    expect(pay.status).toBe(409);
    expect(pay.body.detail).toMatch(/being processed/);
    await stripe.succeedAsync(sessionId);
    const paid = await t.api('GET', `/orders/${order.id}`, { token: shopper.token });
    expect(paid.body.status).toBe('paid');
    expect(await t.db.payment.findFirstOrThrow({ where: { orderId: order.id } })).toMatchObject({ method: 'paynow' });
    expect((await t.db.paymentEvent.findMany({ where: { orderId: order.id }, orderBy: { receivedAt: 'asc' } })).map((e) => e.outcome)).toEqual(['pending', 'applied']);
  });

  it('async_payment_failed leaves the order payable again: payment_state payment_failed, /pay opens a new session', async () => {
    const { shopper, order, sessionId } = await newOrder();
    await stripe.fail(sessionId);
    const read = await t.api('GET', `/orders/${order.id}`, { token: shopper.token });
    expect(read.body).toMatchObject({ status: 'pending', payment_state: 'payment_failed', payment_url: null });
    const pay = await t.api('POST', `/orders/${order.id}/pay`, { token: shopper.token });
    expect(pay.status).toBe(200);
    const next = pay.body.payment_url.split('/').pop();
    expect(next).not.toBe(sessionId);
    await stripe.pay(next);
    expect((await t.api('GET', `/orders/${order.id}`, { token: shopper.token })).body.status).toBe('paid');
    expect(await paidMails(order.id)).toBe(1);
  });

  it("an old session's expired event does not touch the order's current checkout", async () => {
    const { shopper, order, sessionId } = await newOrder();
    await stripe.fail(sessionId);
    const pay = await t.api('POST', `/orders/${order.id}/pay`, { token: shopper.token });
    const old = stripe.sessions.get(sessionId)!;
    const res = await stripe.sendEvent('checkout.session.expired', { ...old, status: 'expired' });
    expect(JSON.parse(res.body).outcome).toBe('stale_session');
    expect((await t.api('GET', `/orders/${order.id}`, { token: shopper.token })).body).toMatchObject({ payment_url: pay.body.payment_url, payment_state: 'awaiting_payment' });
  });
});

describe('signatures', () => {
  it('forged, stale, missing, and a body altered after signing: 400 with a detail, nothing recorded', async () => {
    const { order, sessionId } = await newOrder();
    const session = await stripe.pay(sessionId, { send: false });
    const forged = stripe.signEvent('checkout.session.completed', session, { secret: 'whsec_not_the_shops_secret' });
    const stale = stripe.signEvent('checkout.session.completed', session, { timestamp: Math.floor(Date.now() / 1000) - 600 });
    const good = stripe.signEvent('checkout.session.completed', session);
    const tries = [
      await post(forged.payload, forged.header),
      await post(stale.payload, stale.header),
      await post(good.payload),
      await post(good.payload.replace(/"amount_total":\d+/, '"amount_total":1'), good.header),
      await post(good.payload, 'garbage'),
      await post('', good.header),
    ];
    for (const r of tries) {
      expect(r.status).toBe(400);
      expect(r.body.detail).toBeTruthy();
    }
    expect(await t.db.paymentEvent.count({ where: { id: { in: [forged.event.id, stale.event.id, good.event.id] } } })).toBe(0);
    expect(await t.db.payment.count({ where: { orderId: order.id } })).toBe(0);
    expect((await t.db.order.findUniqueOrThrow({ where: { id: order.id } })).status).toBe('pending');
    // The same signed body, untouched, is taken.
    expect((await post(good.payload, good.header)).status).toBe(200);
    expect((await t.db.order.findUniqueOrThrow({ where: { id: order.id } })).status).toBe('paid');
  });

  it('answers 404 when Stripe is not configured', async () => {
    const saved = t.deps.stripe;
    t.deps.stripe = null;
    try {
      const ev = stripe.signEvent('checkout.session.completed', { id: 'cs_x', object: 'checkout.session' });
      const r = await post(ev.payload, ev.header);
      expect(r.status).toBe(404);
      expect(r.body.detail).toBeTruthy();
    } finally {
      t.deps.stripe = saved;
    }
  });

  it('is public and listed in the OpenAPI document', async () => {
    const doc = (await t.api('GET', '/openapi.json')).body;
    expect(doc.paths['/payments/stripe/webhook'].post.security).toEqual([]);
  });
});

describe('events that do not pay an order', () => {
  it('an unknown order id in metadata: 200, recorded as unknown_order', async () => {
    const r = await stripe.sendEvent('checkout.session.completed', { id: 'cs_test_nobody', object: 'checkout.session', payment_status: 'paid', amount_total: 1000, currency: 'sgd', metadata: { order_id: 'cl_no_such_order' }, client_reference_id: 'cl_no_such_order', payment_intent: null });
    expect(r.status).toBe(200);
    expect(await t.db.paymentEvent.findUniqueOrThrow({ where: { id: r.event.id } })).toMatchObject({ outcome: 'unknown_order', orderId: 'cl_no_such_order' });
    const none = await stripe.sendEvent('checkout.session.completed', { id: 'cs_test_nometa', object: 'checkout.session', payment_status: 'paid', amount_total: 1000, currency: 'sgd', metadata: {}, client_reference_id: null });
    expect(JSON.parse(none.body).outcome).toBe('unknown_order');
  });

  it('an amount or currency that differs from the order total: not paid, recorded as mismatch, staff alerted', async () => {
    const { order, sessionId } = await newOrder();
    const session = await stripe.pay(sessionId, { send: false });
    const short = await stripe.sendEvent('checkout.session.completed', { ...session, amount_total: session.amount_total - 1 });
    expect(JSON.parse(short.body).outcome).toBe('mismatch');
    const usd = await stripe.sendEvent('checkout.session.completed', { ...session, currency: 'usd' });
    expect(JSON.parse(usd.body).outcome).toBe('mismatch');
    expect((await t.db.order.findUniqueOrThrow({ where: { id: order.id } })).status).toBe('pending');
    expect(await t.db.payment.count({ where: { orderId: order.id } })).toBe(0);
    const alerts = await t.db.outboxMessage.findMany({ where: { orderId: order.id, template: 'payment_alert' } });
    expect(alerts).toHaveLength(2);
    expect(alerts[0]).toMatchObject({ toAddress: 'staff@packshop.test', subject: `Payment for order ${order.order_number}: amount does not match` });
    expect(alerts[0].text).not.toContain(stripe.secretKey);
  });

  it('money for a cancelled order is recorded on the order (refundable), the order stays cancelled, staff are alerted', async () => {
    const { shopper, order, sessionId } = await newOrder();
    expect((await t.api('POST', `/orders/${order.id}/cancel`, { token: shopper.token, body: {} })).status).toBe(200);
    const session = await stripe.pay(sessionId);
    expect((await t.db.order.findUniqueOrThrow({ where: { id: order.id } })).status).toBe('cancelled');
    expect(await t.db.payment.findMany({ where: { orderId: order.id } })).toEqual([expect.objectContaining({ provider: 'stripe', providerRef: session.payment_intent, amountCents: session.amount_total })]);
    expect(await t.db.paymentEvent.findFirstOrThrow({ where: { orderId: order.id } })).toMatchObject({ outcome: 'cancelled_order' });
    expect(await mailsFor(order.id, 'payment_alert')).toBe(1);
    expect(await paidMails(order.id)).toBe(0);
  });

  it('a second payment for an already paid order (two sessions both paid) is recorded and flagged, not lost', async () => {
    const { order, sessionId } = await newOrder();
    // A second session for the same order, e.g. opened in another tab before the first was paid.
    const s1 = stripe.sessions.get(sessionId)!;
    const res = await fetch(`${stripe.url}/v1/checkout/sessions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${stripe.secretKey}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ mode: 'payment', 'line_items[0][quantity]': '1', 'line_items[0][price_data][currency]': 'sgd', 'line_items[0][price_data][unit_amount]': String(s1.amount_total), 'line_items[0][price_data][product_data][name]': 'x', 'metadata[order_id]': order.id, success_url: 'http://localhost/x' }),
    });
    const s2 = (await res.json()) as { id: string };
    await stripe.pay(sessionId);
    const second = await stripe.pay(s2.id);
    expect(await t.db.payment.count({ where: { orderId: order.id } })).toBe(2);
    expect(await t.db.paymentEvent.findFirstOrThrow({ where: { orderId: order.id, outcome: 'already_paid' } })).toBeTruthy();
    expect(await t.db.payment.findFirstOrThrow({ where: { providerRef: second.payment_intent! } })).toMatchObject({ orderId: order.id });
    expect(await paidMails(order.id)).toBe(1);
    expect(await mailsFor(order.id, 'payment_alert')).toBe(1);
  });
});

describe('concurrency', () => {
  it('two concurrent deliveries of one event pay the order exactly once', async () => {
    const { order, sessionId } = await newOrder();
    const session = await stripe.pay(sessionId, { send: false });
    const signed = stripe.signEvent('checkout.session.completed', session);
    const results = await Promise.all(Array.from({ length: 4 }, () => post(signed.payload, signed.header)));
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    expect(results.map((r) => r.body.outcome).sort()).toEqual(['applied', 'duplicate_event', 'duplicate_event', 'duplicate_event']);
    expect(await t.db.payment.count({ where: { orderId: order.id } })).toBe(1);
    expect(await paidMails(order.id)).toBe(1);
    expect(await orderPaidEvents(order.id)).toBe(1);
  });

  it('two different events for one order at once (completed and async_payment_succeeded) pay it exactly once', async () => {
    const { order, sessionId } = await newOrder();
    const session = await stripe.pay(sessionId, { send: false });
    const a = stripe.signEvent('checkout.session.completed', session);
    const b = stripe.signEvent('checkout.session.async_payment_succeeded', session);
    const results = await Promise.all([post(a.payload, a.header), post(b.payload, b.header)]);
    expect(results.map((r) => r.status)).toEqual([200, 200]);
    expect(results.map((r) => r.body.outcome).sort()).toEqual(['applied', 'duplicate']);
    expect(await t.db.payment.count({ where: { orderId: order.id } })).toBe(1);
    expect(await paidMails(order.id)).toBe(1);
    expect(await orderPaidEvents(order.id)).toBe(1);
  });
});
