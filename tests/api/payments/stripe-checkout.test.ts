import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openMissingCheckouts } from '../../../server/services/stripe/checkout';
import { placeOrderFor, sgAddress } from '../../factories/orders';
import { createVariant } from '../../factories/shop';
import { createUser } from '../../factories/users';
import { createTestApp, type TestApp } from '../../setup/test-app';
import { startStripeServer, type StripeServer } from '../../support/stripe-server';

// Stripe Checkout (decision 0165) through both doors, against the Stripe-compatible test server on
// loopback: what the shop sends Stripe, payment_url in the order answers, POST /orders/{id}/pay,
// and Stripe down (the order stands and is payable later).

let t: TestApp;
let stripe: StripeServer;
let variantId: string;
const settingsOf = (s: StripeServer) => ({ secretKey: s.secretKey, webhookSecret: s.webhookSecret, apiUrl: s.url });

beforeAll(async () => {
  t = await createTestApp();
  stripe = await startStripeServer({ webhookUrl: `${t.baseUrl}/api/payments/stripe/webhook` });
  t.deps.stripe = settingsOf(stripe);
  variantId = (await createVariant(t.db, { onHand: 1000 })).variantId;
});
afterAll(async () => {
  await stripe.close();
  await t.close();
});

/** The order answer as placed (payment_url is null when Stripe could not be reached). */
type Placed = Awaited<ReturnType<typeof placeOrderFor>> & { payment_url: string; payment_state: string };
const placed = async (token: string, quantity: number) => (await placeOrderFor(t, token, variantId, quantity)) as Placed;
const creates = (orderId: string) => stripe.requests.filter((r) => r.method === 'POST' && r.path === '/v1/checkout/sessions' && (r.params.metadata as Record<string, string> | undefined)?.order_id === orderId);

describe('placing an order with Stripe on', () => {
  it('REST: opens a Checkout Session with the order total in SGD cents, the order id, the buyer e-mail and the return URLs; answers payment_url', async () => {
    const shopper = await createUser(t.deps);
    const order = await placed(shopper.token, 3);
    const [req] = creates(order.id);
    expect(req, 'one session created').toBeDefined();
    expect(creates(order.id)).toHaveLength(1);
    expect(req.authorization).toBe(`Bearer ${stripe.secretKey}`);
    expect(req.idempotencyKey).toBe(`order:${order.id}`);
    expect(req.params).toMatchObject({
      mode: 'payment',
      client_reference_id: order.id,
      metadata: { order_id: order.id, order_number: order.order_number },
      customer_email: shopper.email,
      success_url: `http://localhost:3000/order-success/${order.id}`,
      cancel_url: `http://localhost:3000/orders/${order.id}`,
      line_items: [{ quantity: '1', price_data: { currency: 'sgd', unit_amount: String(Math.round(order.total * 100)) } }],
    });
    // The account decides the methods (cards, PayNow, GrabPay, FPX): none named by the shop.
    expect(req.params.payment_method_types).toBeUndefined();
    const session = stripe.sessions.get(stripe.sessions.size ? [...stripe.sessions.values()].find((s) => s.client_reference_id === order.id)!.id : '')!;
    expect(session.amount_total).toBe(Math.round(order.total * 100));
    expect(order.payment_url).toBe(session.url);
    expect(order.payment_state).toBe('awaiting_payment');

    const read = await t.api('GET', `/orders/${order.id}`, { token: shopper.token });
    expect(read.body).toMatchObject({ payment_url: session.url, payment_state: 'awaiting_payment', status: 'pending' });
    const row = await t.db.order.findUniqueOrThrow({ where: { id: order.id } });
    expect(row).toMatchObject({ checkoutSessionId: session.id, checkoutState: 'open', checkoutUrl: session.url });
  });

  it('tRPC: the same, and a retried request (same Idempotency-Key) answers the same order and page without a second session', async () => {
    const shopper = await createUser(t.deps);
    await t.api('POST', '/cart/add', { token: shopper.token, body: { variant_id: variantId, quantity: 2 } });
    const caller = t.caller({ token: shopper.token, idempotencyKey: 'retry-key-0001' });
    const first = await caller.orders.place({ shipping_address: sgAddress, payment_method: 'stripe' });
    expect(first.payment_url).toMatch(new RegExp(`^${stripe.url}/pay/cs_test_`));
    const again = await caller.orders.place({ shipping_address: sgAddress, payment_method: 'stripe' });
    expect(again.id).toBe(first.id);
    expect(again.payment_url).toBe(first.payment_url);
    expect(creates(first.id)).toHaveLength(1);
  });

  it('without Stripe the order answer has no payment_url and nothing is sent to Stripe', async () => {
    const saved = t.deps.stripe;
    t.deps.stripe = null;
    try {
      const shopper = await createUser(t.deps);
      const order = await placed(shopper.token, 1);
      expect(order.payment_url).toBeNull();
      expect(creates(order.id)).toHaveLength(0);
      const pay = await t.api('POST', `/orders/${order.id}/pay`, { token: shopper.token });
      expect(pay.status).toBe(409);
      expect(pay.body.detail).toMatch(/Online payment is not available; please pay by PayNow or bank transfer/);
      expect((await t.api('GET', '/payment-options')).body.online).toBe(false);
    } finally {
      t.deps.stripe = saved;
    }
    expect((await t.api('GET', '/payment-options')).body.online).toBe(true);
  });
});

describe('POST /orders/{id}/pay', () => {
  it('answers the open session again rather than a new one', async () => {
    const shopper = await createUser(t.deps);
    const order = await placed(shopper.token, 1);
    const rest = await t.api('POST', `/orders/${order.id}/pay`, { token: shopper.token });
    expect(rest.status).toBe(200);
    expect(rest.body).toEqual({ payment_url: order.payment_url });
    const trpc = await t.caller({ token: shopper.token }).payments.pay({ id: order.id });
    expect(trpc.payment_url).toBe(order.payment_url);
    expect(creates(order.id)).toHaveLength(1);
  });

  it("someone else's order and an unknown id are 404 alike; a guest is 401; odd ids are 400 or 404", async () => {
    const owner = await createUser(t.deps);
    const other = await createUser(t.deps);
    const order = await placeOrderFor(t, owner.token, variantId, 1);
    const theirs = await t.api('POST', `/orders/${order.id}/pay`, { token: other.token });
    const unknown = await t.api('POST', '/orders/cl0000000000000000000000/pay', { token: other.token });
    expect(theirs.status).toBe(404);
    expect(unknown.status).toBe(404);
    expect(theirs.body.detail).toBe(unknown.body.detail);
    expect((await t.api('POST', `/orders/${order.id}/pay`)).status).toBe(401);
    for (const id of ['%00', 'x'.repeat(5000)]) {
      const res = await t.api('POST', `/orders/${id}/pay`, { token: owner.token });
      expect([400, 404]).toContain(res.status);
      expect(res.body.detail).toBeTruthy();
    }
  });

  it('a paid order and a cancelled one are 409 with a reason', async () => {
    const shopper = await createUser(t.deps);
    const paid = await placed(shopper.token, 1);
    await stripe.pay(paid.payment_url.split('/').pop()!);
    expect((await t.api('GET', `/orders/${paid.id}`, { token: shopper.token })).body.status).toBe('paid');
    const a = await t.api('POST', `/orders/${paid.id}/pay`, { token: shopper.token });
    expect(a.status).toBe(409);
    expect(a.body.detail).toBe('This order is already paid.');

    const cancelled = await placeOrderFor(t, shopper.token, variantId, 1);
    expect((await t.api('POST', `/orders/${cancelled.id}/cancel`, { token: shopper.token, body: {} })).status).toBe(200);
    const b = await t.api('POST', `/orders/${cancelled.id}/pay`, { token: shopper.token });
    expect(b.status).toBe(409);
    expect(b.body.detail).toBe('This order is cancelled and can no longer be paid.');
  });

  it('an expired session leaves the order payable again with a new session (a new idempotency key)', async () => {
    const shopper = await createUser(t.deps);
    const order = await placed(shopper.token, 1);
    const first = order.payment_url.split('/').pop()!;
    const res = await fetch(`${stripe.url}/v1/checkout/sessions/${first}/expire`, { method: 'POST', headers: { authorization: `Bearer ${stripe.secretKey}` } });
    expect(res.status).toBe(200);
    await stripe.flush();
    const read = await t.api('GET', `/orders/${order.id}`, { token: shopper.token });
    expect(read.body).toMatchObject({ status: 'pending', payment_url: null, payment_state: 'payment_expired' });
    const pay = await t.api('POST', `/orders/${order.id}/pay`, { token: shopper.token });
    expect(pay.status).toBe(200);
    expect(pay.body.payment_url).not.toBe(order.payment_url);
    const reqs = creates(order.id);
    expect(reqs).toHaveLength(2);
    expect(reqs[1].idempotencyKey).toBe(`order:${order.id}:after:${first}`);
    expect((await t.api('GET', `/orders/${order.id}`, { token: shopper.token })).body).toMatchObject({ payment_url: pay.body.payment_url, payment_state: 'awaiting_payment' });
  });

  it('a session that expired at Stripe before its event arrived is replaced on /pay', async () => {
    const shopper = await createUser(t.deps);
    const order = await placed(shopper.token, 1);
    const s = stripe.sessions.get(order.payment_url.split('/').pop()!)!;
    s.status = 'expired'; // no event sent
    const pay = await t.api('POST', `/orders/${order.id}/pay`, { token: shopper.token });
    expect(pay.status).toBe(200);
    expect(pay.body.payment_url).not.toBe(order.payment_url);
  });
});

describe('Stripe down', () => {
  it('the order is still placed (no payment_url), /pay says try later, and once Stripe is back the catch-up pass and /pay open it', async () => {
    const down = await startStripeServer();
    const settings = settingsOf(down);
    await down.close();
    t.deps.stripe = settings;
    try {
      const shopper = await createUser(t.deps);
      const order = await placed(shopper.token, 1);
      expect(order).toMatchObject({ status: 'pending', payment_url: null, payment_state: 'awaiting_payment' });
      const pay = await t.api('POST', `/orders/${order.id}/pay`, { token: shopper.token });
      expect(pay.status).toBe(409);
      expect(pay.body.detail).toMatch(/try again in a few minutes/);

      const other = await createUser(t.deps);
      const second = await placed(other.token, 1);
      expect(second.payment_url).toBeNull();

      // Back: the shop's configuration points at the live server again.
      t.deps.stripe = settingsOf(stripe);
      const opened = await openMissingCheckouts(t.db, t.deps.stripe, t.deps.mail.publicUrl);
      expect(opened).toBeGreaterThanOrEqual(2);
      const read = await t.api('GET', `/orders/${order.id}`, { token: shopper.token });
      expect(read.body.payment_url).toMatch(/\/pay\/cs_test_/);
      const again = await t.api('POST', `/orders/${second.id}/pay`, { token: other.token });
      expect(again.status).toBe(200);
      expect(again.body.payment_url).toBe((await t.api('GET', `/orders/${second.id}`, { token: other.token })).body.payment_url);
    } finally {
      t.deps.stripe = settingsOf(stripe);
    }
  });

  it('a wrong secret key (Stripe answers 401) never fails the order and is never logged in full', async () => {
    t.deps.stripe = { ...settingsOf(stripe), secretKey: 'sk_test_wrongwrongwrongwrong1234' };
    try {
      const shopper = await createUser(t.deps);
      const order = await placed(shopper.token, 1);
      expect(order).toMatchObject({ status: 'pending', payment_url: null });
    } finally {
      t.deps.stripe = settingsOf(stripe);
    }
  });
});
