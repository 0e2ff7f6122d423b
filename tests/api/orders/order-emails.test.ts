import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createOutboxSender, type OutboxSender } from '../../../server/outbox/sender';
import { deliveryEstimate } from '../../../shared/domain/delivery-estimate';
import { formatCalendarDay, formatShopDateTime } from '../../../shared/domain/shop-time';
import { smtpTransport } from '../../../server/outbox/transport';
import { placeOrderFor } from '../../factories/orders';
import { createGiftTier, createVariant } from '../../factories/shop';
import { createUser } from '../../factories/users';
import { startTestSmtp, type TestSmtp } from '../../setup/smtp';
import { createTestApp, type TestApp } from '../../setup/test-app';

let t: TestApp;
let smtp: TestSmtp;
let sender: OutboxSender;
let staff: Awaited<ReturnType<typeof createUser>>;
beforeAll(async () => {
  t = await createTestApp();
  smtp = await startTestSmtp();
  sender = createOutboxSender(t.db, { transport: smtpTransport(smtp.url), from: 'PackShop <orders@packshop.test>' });
  staff = await createUser(t.deps, { role: 'staff', firstName: 'Siti' });
});
afterAll(async () => {
  await sender.stop();
  await smtp.close();
  await t.close();
});
beforeEach(async () => {
  await sender.runOnce(); // whatever earlier tests queued is out of the way
  smtp.received.length = 0;
});

/** Delivers the outbox over SMTP and answers what the server received. */
async function deliver() {
  await sender.runOnce();
  return [...smtp.received];
}

const move = (id: string, body: Record<string, unknown>) => t.api('POST', `/admin/orders/${id}/status`, { token: staff.token, body });

describe('times in e-mails (issue 38, point 14)', () => {
  it('says when the order was placed and when it should arrive in Singapore time and long dates, never UTC or ISO', async () => {
    const v = await createVariant(t.db, { onHand: 100 });
    const shopper = await createUser(t.deps, { firstName: 'Mei' });
    const order = await placeOrderFor(t, shopper.token, v.variantId, 1);
    const [confirmation] = (await deliver()).filter((m) => m.subject?.includes('confirmed'));
    const placedAt = (await t.db.order.findUniqueOrThrow({ where: { id: order.id } })).createdAt;
    const estimate = deliveryEstimate(placedAt);
    expect(confirmation.text).toContain(`placed on ${formatShopDateTime(placedAt)}`);
    expect(confirmation.text).toMatch(/placed on \d{1,2} [A-Z][a-z]{2} \d{4}, \d{1,2}:\d{2} (am|pm) SGT/);
    expect(confirmation.text).toContain(`between ${formatCalendarDay(estimate.earliest_date)} and ${formatCalendarDay(estimate.latest_date)}`);
    expect(confirmation.text).not.toMatch(/\d{4}-\d{2}-\d{2}|UTC|GMT/);
  });
});

describe('status e-mails and the order history', () => {
  it('tells the customer each step, links the tracking number, and both timelines show every step with its time', async () => {
    const v = await createVariant(t.db, { onHand: 100 });
    const shopper = await createUser(t.deps, { firstName: 'Mei' });
    const order = await placeOrderFor(t, shopper.token, v.variantId, 2);
    await deliver();
    smtp.received.length = 0;

    expect((await move(order.id, { status: 'paid', note: 'PayNow received' })).status).toBe(200);
    expect((await move(order.id, { status: 'processing' })).status).toBe(200);
    expect((await move(order.id, { status: 'shipped', tracking_number: 'NVSG123', courier: 'ninjavan' })).status).toBe(200);
    expect((await move(order.id, { status: 'delivered' })).status).toBe(200);

    const mails = await deliver();
    expect(mails.map((m) => m.subject)).toEqual([
      `Order ${order.order_number}: payment received`,
      `Order ${order.order_number}: being packed`,
      `Order ${order.order_number}: on its way`,
      `Order ${order.order_number}: delivered`,
    ]);
    expect(mails.every((m) => (m.to as { text: string }).text === shopper.email)).toBe(true);
    const shipped = mails[2];
    expect(shipped.text).toContain('NVSG123');
    expect(shipped.text).toContain('Ninja Van');
    expect(shipped.html).toContain('https://www.ninjavan.co/en-sg/tracking?id=NVSG123');

    const mine = await t.api('GET', `/orders/${order.id}/history`, { token: shopper.token });
    expect(mine.status).toBe(200);
    expect(mine.body.map((e: { to_status: string }) => e.to_status)).toEqual(['pending', 'paid', 'processing', 'shipped', 'delivered']);
    expect(mine.body[0]).toMatchObject({ from_status: null, by: 'You' });
    expect(mine.body[1]).toMatchObject({ from_status: 'pending', by: 'PackShop', note: null }); // staff notes stay internal
    expect(mine.body[3]).toMatchObject({ tracking_number: 'NVSG123', courier: 'Ninja Van', tracking_url: 'https://www.ninjavan.co/en-sg/tracking?id=NVSG123' });
    expect(mine.body.every((e: { at: string }) => !Number.isNaN(Date.parse(e.at)))).toBe(true);

    const theirs = await t.caller({ token: staff.token }).admin.orders.history({ id: order.id });
    expect(theirs[1]).toMatchObject({ to_status: 'paid', note: 'PayNow received', by: `Siti User (${staff.email})` });
    expect(theirs[2].to_status).toBe('processing');

    // Someone else's order history reads like an unknown one.
    const other = await createUser(t.deps);
    expect((await t.api('GET', `/orders/${order.id}/history`, { token: other.token })).status).toBe(404);
    expect((await move(order.id, { status: 'shipped', tracking_number: 'X', courier: 'fedex' })).status).toBe(400);
  });

  it('staff cancelling with a reason tells the customer the reason', async () => {
    const v = await createVariant(t.db, { onHand: 100 });
    const shopper = await createUser(t.deps);
    const order = await placeOrderFor(t, shopper.token, v.variantId, 1);
    expect((await move(order.id, { status: 'cancelled', note: 'Duplicate order' })).status).toBe(200);
    const mails = await deliver();
    const cancelled = mails.find((m) => m.subject === `Order ${order.order_number}: cancelled`)!;
    expect(cancelled.text).toContain('Reason: Duplicate order');
  });
});

describe('the shopper cancels a pending order', () => {
  it('releases the allocation and the gift, records it, and sends the e-mail; through tRPC and REST', async () => {
    const v = await createVariant(t.db, { onHand: 100, tiers: [[1, 6000]] });
    const tier = await createGiftTier(t.db, { thresholdCents: 5000 });
    const shopper = await createUser(t.deps);
    const order = await placeOrderFor(t, shopper.token, v.variantId, 1, { selected_gifts: [tier.giftIds[0]] });
    expect((await t.db.variant.findUniqueOrThrow({ where: { id: v.variantId } })).allocated).toBe(1);
    expect((await t.db.giftItem.findUniqueOrThrow({ where: { id: tier.giftIds[0] } })).allocated).toBe(1);

    const other = await createUser(t.deps);
    expect((await t.api('POST', `/orders/${order.id}/cancel`, { token: other.token, body: {} })).status).toBe(404);
    expect((await t.api('POST', `/orders/${order.id}/cancel`, { body: {} })).status).toBe(401);

    const res = await t.api('POST', `/orders/${order.id}/cancel`, { token: shopper.token, body: { reason: 'Ordered the wrong size' } });
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('cancelled');
    expect((await t.db.variant.findUniqueOrThrow({ where: { id: v.variantId } })).allocated).toBe(0);
    expect((await t.db.giftItem.findUniqueOrThrow({ where: { id: tier.giftIds[0] } })).allocated).toBe(0);

    const history = await t.caller({ token: shopper.token }).orders.history({ id: order.id });
    expect(history.at(-1)).toMatchObject({ from_status: 'pending', to_status: 'cancelled', by: 'You', note: 'Ordered the wrong size' });
    const mail = (await deliver()).find((m) => m.subject === `Order ${order.order_number}: cancelled`)!;
    expect(mail.text).toContain('As you asked');

    // Twice, or once it is no longer pending: refused with a reason.
    const again = await t.api('POST', `/orders/${order.id}/cancel`, { token: shopper.token, body: {} });
    expect(again.status).toBe(409);
    const paid = await placeOrderFor(t, shopper.token, v.variantId, 1);
    await move(paid.id, { status: 'paid' });
    const late = await t.api('POST', `/orders/${paid.id}/cancel`, { token: shopper.token, body: {} });
    expect(late.status).toBe(409);
    expect(late.body.detail).toBe('This order is paid and can no longer be cancelled');
  });
});

describe('contact form and low stock', () => {
  it("acknowledges a signed-in customer at the account's own address with fixed words, and gives staff everything", async () => {
    const shopper = await createUser(t.deps, { firstName: 'Aisyah' });
    const res = await t.api('POST', '/contact', { token: shopper.token, body: { name: 'Aisyah', email: 'Aisyah@Example.com', message: 'Do you print logos on mailers?' } });
    expect(res.status).toBe(200);
    const mails = await deliver();
    expect(mails.map((m) => (m.to as { text: string }).text).sort()).toEqual(['hello@packshop.sg', shopper.email].sort());
    const ack = mails.find((m) => m.subject === 'We received your message')!;
    expect((ack.to as { text: string }).text).toBe(shopper.email);
    expect(ack.text).not.toContain('Do you print logos on mailers?');
    const staffMail = mails.find((m) => m.subject === 'New message from Aisyah')!;
    expect((staffMail.to as { text: string }).text).toBe('hello@packshop.sg');
    expect(staffMail.text).toContain('aisyah@example.com');
    expect(staffMail.text).toContain('Do you print logos on mailers?');
  });

  it('sends a guest no acknowledgement: only the staff copy leaves', async () => {
    await t.api('POST', '/contact', { body: { name: 'Guest', email: 'someone-else@example.net', message: 'Reset your password here' } });
    const mails = await deliver();
    expect(mails.map((m) => (m.to as { text: string }).text)).toEqual(['hello@packshop.sg']);
  });

  it('alerts staff once when an order takes a variant to the low-stock level, not on every order below it', async () => {
    const v = await createVariant(t.db, { onHand: 10 });
    const shopper = await createUser(t.deps);
    await placeOrderFor(t, shopper.token, v.variantId, 3); // 7 left
    const second = await placeOrderFor(t, shopper.token, v.variantId, 3); // 4 left: crosses
    await placeOrderFor(t, shopper.token, v.variantId, 1); // 3 left: already below
    const alerts = await t.db.outboxMessage.findMany({ where: { template: 'low_stock', subject: { contains: v.sku } } });
    expect(alerts).toHaveLength(1);
    expect(alerts[0].orderId).toBe(second.id);
    expect(alerts[0].text).toContain(v.sku);
    // It links to the stock cover report, where the reorder is worked out.
    expect(alerts[0].text).toContain('/admin/reports/stock-cover?flagged=true');
    expect(alerts[0].toAddress).toBe('hello@packshop.sg');
  });
});
