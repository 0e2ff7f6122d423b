import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unitOfWork } from '../../../server/db/unit-of-work';
import { defaultMailSettings } from '../../../server/mail/mail.service';
import { markOrderPaidInTx } from '../../../server/services/payments/mark-paid';
import { placeOrderFor } from '../../factories/orders';
import { createVariant } from '../../factories/shop';
import { createUser } from '../../factories/users';
import { createTestApp, type TestApp } from '../../setup/test-app';
import { startStripeServer, type StripeServer } from '../../support/stripe-server';

// Refunds (decision 0166) on both doors, against a real database and, for Stripe payments, the
// Stripe-compatible test server: what may be refunded, stock given back, credit notes, e-mail,
// webhooks, history, roles and scopes, and two refunds of the last dollars at once.

let t: TestApp;
let stripe: StripeServer;
let admin: Awaited<ReturnType<typeof createUser>>;
let staff: Awaited<ReturnType<typeof createUser>>;
let shopper: Awaited<ReturnType<typeof createUser>>;

beforeAll(async () => {
  t = await createTestApp();
  stripe = await startStripeServer();
  admin = await createUser(t.deps, { role: 'admin' });
  staff = await createUser(t.deps, { role: 'staff' });
  shopper = await createUser(t.deps);
  const hook = await t.api('POST', '/admin/webhooks', { token: admin.token, body: { url: 'http://127.0.0.1:9/hooks', events: ['order.refunded', 'credit_note.issued'] } });
  expect(hook.status).toBe(200);
});
afterAll(async () => {
  await stripe.close();
  await t.close();
});


/** An order of the shopper, marked paid by staff through the status change (a bank transfer seen in the bank app). */
async function paidByHand(variantId: string, quantity: number) {
  const order = await placeOrderFor(t, shopper.token, variantId, quantity);
  const res = await t.api('POST', `/admin/orders/${order.id}/status`, { token: staff.token, body: { status: 'paid' } });
  expect(res.status).toBe(200);
  return order;
}

/** An order paid on the Stripe test server (session, payment intent, charge), recorded by the one way money arrives. */
async function paidByStripe(variantId: string, quantity: number) {
  const order = await placeOrderFor(t, shopper.token, variantId, quantity);
  const row = await t.db.order.findUniqueOrThrow({ where: { id: order.id }, select: { totalCents: true } });
  const u = new URL(stripe.url);
  const client = new Stripe(stripe.secretKey, { host: u.hostname, port: Number(u.port), protocol: 'http' });
  const session = await client.checkout.sessions.create({
    mode: 'payment',
    line_items: [{ price_data: { currency: 'sgd', unit_amount: row.totalCents, product_data: { name: `Order ${order.order_number}` } }, quantity: 1 }],
    success_url: 'http://127.0.0.1/ok',
    client_reference_id: order.id,
    metadata: { order_id: order.id },
  });
  const paid = await stripe.pay(session.id, { send: false });
  const outcome = await unitOfWork(t.db, (tx) =>
    markOrderPaidInTx(tx, { orderId: order.id, provider: 'stripe', method: 'card', amountCents: row.totalCents, currency: 'SGD', providerRef: paid.payment_intent!, sessionId: session.id, paidAt: new Date() }, defaultMailSettings),
  );
  expect(outcome).toBe('applied');
  return { ...order, totalCents: row.totalCents, paymentIntent: paid.payment_intent! };
}

const refund = (orderId: string, body: Record<string, unknown>, token = admin.token, headers?: Record<string, string>) =>
  t.api('POST', `/admin/orders/${orderId}/refunds`, { token, body, ...(headers ? { headers } : {}) });

const round2 = (n: number) => Math.round(n * 100) / 100;
const stock = (variantId: string) => t.db.variant.findUniqueOrThrow({ where: { id: variantId }, select: { onHand: true, allocated: true } });

describe('refunds of a payment made outside Stripe', () => {
  it('refunds part with a reference, gives the named line back (allocation of an unpaid-yet-unshipped order), credit note, e-mail, webhooks, history', async () => {
    const v = await createVariant(t.db, { onHand: 100, tiers: [[1, 1000]] });
    const order = await paidByHand(v.variantId, 3);
    expect(await stock(v.variantId)).toEqual({ onHand: 100, allocated: 3 });
    const item = (await t.db.orderItem.findFirstOrThrow({ where: { orderId: order.id }, select: { id: true } })).id;

    const res = await refund(order.id, { amount: 10, reason: 'One pack arrived torn', restock: true, reference: 'DBS-TRF-001', lines: [{ item_id: item, quantity: 1 }] });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ amount: 10, status: 'succeeded', provider: 'manual', reference: 'DBS-TRF-001', restock: true, lines: [{ item_id: item, quantity: 1 }] });
    expect(res.body.credit_note.number).toMatch(/^CN-\d{6}$/);
    // Not shipped yet: the unit's allocation is released, nothing comes back to the shelf.
    expect(await stock(v.variantId)).toEqual({ onHand: 100, allocated: 2 });
    const ledger = await t.db.inventoryLedger.findMany({ where: { orderId: order.id, reason: 'order_refunded' }, select: { field: true, before: true, after: true } });
    expect(ledger).toEqual([{ field: 'allocated', before: 3, after: 2 }]);

    const mail = await t.db.outboxMessage.findFirstOrThrow({ where: { template: 'order_refunded', orderId: order.id } });
    expect(mail.subject).toBe(`Refund for order ${order.order_number}: S$10.00`);
    expect(mail.toAddress).toBe(shopper.email);
    const events = await t.db.webhookEvent.findMany({ where: { resourceKey: `order:${order.id}` }, orderBy: { seq: 'asc' }, select: { type: true, payload: true } });
    expect(events.map((e) => e.type)).toEqual(['credit_note.issued', 'order.refunded']);
    expect(JSON.parse(events[1].payload).data.refund).toMatchObject({ amount: 10, status: 'succeeded' });
    const history = await t.api('GET', `/admin/orders/${order.id}/history`, { token: staff.token });
    expect(history.body.at(-1).note).toContain('Refunded S$10.00 (recorded by staff, reference DBS-TRF-001');

    // Shipping takes only the units not given back: 2 leave the shelf.
    const ship = async (status: string, extra = {}) => expect((await t.api('POST', `/admin/orders/${order.id}/status`, { token: staff.token, body: { status, ...extra } })).status).toBe(200);
    await ship('processing');
    await ship('shipped', { tracking_number: 'SP123' });
    expect(await stock(v.variantId)).toEqual({ onHand: 98, allocated: 0 });
    // After shipping, goods given back return to the shelf; no lines named = every unit not refunded yet.
    const rest = await refund(order.id, { amount: round2(order.total - 10), reason: 'Returned the rest', restock: true, reference: 'DBS-TRF-002' });
    expect(rest.status).toBe(200);
    expect(rest.body.lines).toEqual([{ item_id: item, quantity: 2 }]);
    expect(await stock(v.variantId)).toEqual({ onHand: 100, allocated: 0 });
    // The full refund of a paid order leaves its status as it was; the money says refunded.
    const detail = await t.api('GET', `/admin/orders/${order.id}`, { token: staff.token });
    expect(detail.body).toMatchObject({ status: 'shipped', payment_state: 'refunded', amount_refunded: order.total });
    expect(detail.body.credit_notes).toHaveLength(2);
    // Nothing left: 409 with a detail; listed by both doors.
    const more = await refund(order.id, { amount: 0.01, reason: 'again', restock: false, reference: 'X' });
    expect(more.status).toBe(409);
    expect(more.body.detail).toContain('refunded in full');
    const list = await t.caller({ token: staff.token }).admin.payments.refunds({ id: order.id });
    expect(list.refundable).toBe(0);
    expect(list.items.map((r) => r.amount)).toEqual([10, round2(order.total - 10)]);
    const payments = await t.api('GET', `/admin/orders/${order.id}/payments`, { token: staff.token });
    expect(payments.body).toMatchObject({ paid: order.total, refunded: order.total, refundable: 0, items: [] });
  });

  it('cancelling a paid, partly refunded order releases only the units not restocked and credits only what is left', async () => {
    const v = await createVariant(t.db, { onHand: 50, tiers: [[1, 1090]] });
    const order = await paidByHand(v.variantId, 4);
    const item = (await t.db.orderItem.findFirstOrThrow({ where: { orderId: order.id }, select: { id: true } })).id;
    expect((await refund(order.id, { amount: 10.9, reason: 'One pack short', restock: true, reference: 'R1', lines: [{ item_id: item, quantity: 1 }] })).status).toBe(200);
    expect(await stock(v.variantId)).toEqual({ onHand: 50, allocated: 3 });
    const cancel = await t.api('POST', `/admin/orders/${order.id}/status`, { token: staff.token, body: { status: 'cancelled', note: 'Customer changed their mind' } });
    expect(cancel.status).toBe(200);
    expect(await stock(v.variantId)).toEqual({ onHand: 50, allocated: 0 });
    const notes = await t.db.creditNote.findMany({ where: { orderId: order.id }, orderBy: { number: 'asc' } });
    expect(notes.map((n) => [n.kind, n.amountCents])).toEqual([
      ['refund', 1090],
      ['cancellation', Math.round(order.total * 100) - 1090],
    ]);
    const o = await t.db.order.findUniqueOrThrow({ where: { id: order.id }, select: { gstCents: true } });
    expect(notes.reduce((s, n) => s + n.gstCents, 0)).toBe(o.gstCents);
    expect(notes[1].reason).toBe('Customer changed their mind');
    // The money of the rest is still refundable, but the invoice is credited in full: no further note.
    const rest = await refund(order.id, { amount: round2(order.total - 10.9), reason: 'Cancelled', restock: false, reference: 'R2' });
    expect(rest.status).toBe(200);
    expect(rest.body.credit_note).toBeNull();
    // Restocking a cancelled order's goods twice is refused.
    expect((await refund(order.id, { amount: 0.01, reason: 'x', restock: true, reference: 'R3' })).status).toBe(409);
  });

  it('refuses an unpaid order, more than is left, a missing reference, wrong lines and odd input with a detail', async () => {
    const v = await createVariant(t.db, { onHand: 100, tiers: [[1, 1000]] });
    const unpaid = await placeOrderFor(t, shopper.token, v.variantId, 1);
    const none = await refund(unpaid.id, { amount: 1, reason: 'x', restock: false, reference: 'R' });
    expect(none.status).toBe(409);
    expect(none.body.detail).toBe('This order has no payment to refund');
    const order = await paidByHand(v.variantId, 2);
    const over = await refund(order.id, { amount: round2(order.total + 0.01), reason: 'x', restock: false, reference: 'R' });
    expect(over.status).toBe(409);
    expect(over.body.detail).toContain(`at most S$${order.total.toFixed(2)} can be refunded`);
    const noRef = await refund(order.id, { amount: 1, reason: 'x', restock: false });
    expect(noRef.status).toBe(400);
    expect(noRef.body.detail).toContain('reference');
    const item = (await t.db.orderItem.findFirstOrThrow({ where: { orderId: order.id }, select: { id: true } })).id;
    const tooMany = await refund(order.id, { amount: 1, reason: 'x', restock: true, reference: 'R', lines: [{ item_id: item, quantity: 3 }] });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.detail).toContain('at most 2');
    expect((await refund(order.id, { amount: 1, reason: 'x', restock: true, reference: 'R', lines: [{ item_id: 'not-an-item', quantity: 1 }] })).status).toBe(400);
    for (const body of [
      { amount: 0, reason: 'x', restock: false, reference: 'R' },
      { amount: -5, reason: 'x', restock: false, reference: 'R' },
      { amount: 1.234, reason: 'x', restock: false, reference: 'R' },
      { amount: '5', reason: 'x', restock: false, reference: 'R' },
      { amount: 1e12, reason: 'x', restock: false, reference: 'R' },
      { amount: 1, reason: '', restock: false, reference: 'R' },
      { amount: 1, reason: 'x'.repeat(501), restock: false, reference: 'R' },
      { amount: 1, reason: 'bad\u0000text', restock: false, reference: 'R' },
      { amount: 1, reason: 'x', restock: 'yes', reference: 'R' },
      { amount: 1, reason: 'x', reference: 'R' },
    ]) {
      const res = await refund(order.id, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(typeof res.body.detail).toBe('string');
    }
    expect((await refund('no-such-order', { amount: 1, reason: 'x', restock: false, reference: 'R' })).status).toBe(404);
    // Nothing was written by any of them.
    expect(await t.db.refund.count({ where: { orderId: order.id } })).toBe(0);
  });

  it('lets only one of several refunds of the last dollars through', async () => {
    const v = await createVariant(t.db, { onHand: 100, tiers: [[1, 1500]] });
    const order = await paidByHand(v.variantId, 1);
    const answers = await Promise.all(Array.from({ length: 6 }, (_, i) => refund(order.id, { amount: order.total, reason: `try ${i}`, restock: false, reference: `R${i}` })));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 409)).toHaveLength(5);
    const o = await t.db.order.findUniqueOrThrow({ where: { id: order.id }, select: { refundedCents: true } });
    expect(o.refundedCents).toBe(Math.round(order.total * 100));
    expect(await t.db.creditNote.count({ where: { orderId: order.id } })).toBe(1);
  });

  it('is the owner\'s: staff 403, an API key needs payments:write to refund and payments:read to look', async () => {
    const v = await createVariant(t.db, { onHand: 100, tiers: [[1, 1000]] });
    const order = await paidByHand(v.variantId, 1);
    const body = { amount: 1, reason: 'x', restock: false, reference: 'R' };
    expect((await refund(order.id, body, staff.token)).status).toBe(403);
    expect((await refund(order.id, body, shopper.token)).status).toBe(403);
    expect((await t.api('POST', `/admin/orders/${order.id}/refunds`, { body })).status).toBe(401);
    await expect(t.caller({ token: staff.token }).admin.payments.refund({ id: order.id, ...body })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    const key = async (scopes: string[]) => (await t.api('POST', '/admin/api-keys', { token: admin.token, body: { name: `pay ${scopes}`, scopes } })).body.secret as string;
    const read = await key(['payments:read']);
    const write = await key(['payments:write']);
    const orders = await key(['orders:read', 'orders:write']);
    expect((await t.api('GET', `/admin/orders/${order.id}/refunds`, { token: read })).status).toBe(200);
    expect((await t.api('GET', `/admin/orders/${order.id}/payments`, { token: orders })).status).toBe(403);
    expect((await refund(order.id, body, read)).status).toBe(403);
    expect((await refund(order.id, body, orders)).status).toBe(403);
    expect((await refund(order.id, body, write)).status).toBe(200);
    expect((await t.api('GET', `/admin/orders/${order.id}/refunds`, { token: shopper.token })).status).toBe(403);
    expect((await t.api('GET', '/admin/orders/nope/refunds', { token: staff.token })).status).toBe(404);
  });
});

describe('refunds of a Stripe payment', () => {
  beforeAll(() => {
    t.deps.stripe = { secretKey: stripe.secretKey, webhookSecret: stripe.webhookSecret, apiUrl: stripe.url };
  });
  afterAll(() => {
    t.deps.stripe = null;
  });

  it('refunds through Stripe with the refund id as idempotency key and metadata; the same Idempotency-Key answers the same refund', async () => {
    const v = await createVariant(t.db, { onHand: 100, tiers: [[1, 2500]] });
    const order = await paidByStripe(v.variantId, 2);
    const res = await refund(order.id, { amount: 12.5, reason: 'Late delivery', restock: false }, admin.token, { 'idempotency-key': 'refund-key-1' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ amount: 12.5, provider: 'stripe', status: 'succeeded' });
    expect(res.body.provider_refund_id).toMatch(/^re_/);
    expect(res.body.credit_note.number).toMatch(/^CN-/);
    const calls = stripe.requests.filter((r) => r.path === '/v1/refunds');
    expect(calls).toHaveLength(1);
    expect(calls[0].idempotencyKey).toBe(res.body.id);
    expect(calls[0].params).toMatchObject({ payment_intent: order.paymentIntent, amount: '1250', metadata: { order_id: order.id, refund_id: res.body.id } });
    expect(stripe.refunds.get(res.body.provider_refund_id)!.amount).toBe(1250);

    const again = await refund(order.id, { amount: 12.5, reason: 'Late delivery', restock: false }, admin.token, { 'idempotency-key': 'refund-key-1' });
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(res.body.id);
    expect(stripe.requests.filter((r) => r.path === '/v1/refunds')).toHaveLength(1);
    expect(await t.db.refund.count({ where: { orderId: order.id } })).toBe(1);
  });

  it('a refund Stripe fails is marked failed and its money is refundable again', async () => {
    const v = await createVariant(t.db, { onHand: 100, tiers: [[1, 2000]] });
    const order = await paidByStripe(v.variantId, 1);
    stripe.refundStatus = 'failed';
    const failed = await refund(order.id, { amount: 20, reason: 'Damaged', restock: false });
    stripe.refundStatus = 'succeeded';
    expect(failed.status).toBe(409);
    expect(failed.body.detail).toContain('Stripe did not refund');
    const rows = await t.db.refund.findMany({ where: { orderId: order.id } });
    expect(rows.map((r) => r.status)).toEqual(['failed']);
    expect((await t.db.order.findUniqueOrThrow({ where: { id: order.id } })).refundedCents).toBe(0);
    expect(await t.db.creditNote.count({ where: { orderId: order.id } })).toBe(0);
    expect((await t.caller({ token: staff.token }).admin.payments.refunds({ id: order.id })).refundable).toBe(order.total);
  });

  it('a refund Stripe leaves pending holds its money without a credit note', async () => {
    const v = await createVariant(t.db, { onHand: 100, tiers: [[1, 2000]] });
    const order = await paidByStripe(v.variantId, 1);
    stripe.refundStatus = 'pending';
    const pending = await refund(order.id, { amount: 5, reason: 'Partial', restock: false });
    stripe.refundStatus = 'succeeded';
    expect(pending.status).toBe(200);
    expect(pending.body).toMatchObject({ status: 'pending', credit_note: null });
    expect((await t.caller({ token: staff.token }).admin.payments.refunds({ id: order.id })).refundable).toBe(round2(order.total - 5));

    // Over what is left is refused before Stripe is asked.
    const before = stripe.requests.length;
    expect((await refund(order.id, { amount: round2(order.total - 5 + 0.01), reason: 'x', restock: false })).status).toBe(409);
    expect(stripe.requests.length).toBe(before);
    expect((await refund(order.id, { amount: round2(order.total - 5), reason: 'The rest', restock: false })).status).toBe(200);
  });

  it('refuses a Stripe payment while Stripe is not configured', async () => {
    const v = await createVariant(t.db, { onHand: 100, tiers: [[1, 2000]] });
    const order = await paidByStripe(v.variantId, 1);
    t.deps.stripe = null;
    try {
      const res = await refund(order.id, { amount: 1, reason: 'x', restock: false });
      expect(res.status).toBe(409);
      expect(res.body.detail).toContain('Stripe');
    } finally {
      t.deps.stripe = { secretKey: stripe.secretKey, webhookSecret: stripe.webhookSecret, apiUrl: stripe.url };
    }
  });
});


