import pg from 'pg';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { openPostgres } from '../../../server/db/client';
import { unitOfWork } from '../../../server/db/unit-of-work';
import { markOrderPaidInTx } from '../../../server/services/payments/mark-paid';
import {
  releaseUnpaidOrders,
  runUnpaidOrderPass,
  startUnpaidOrderRelease,
  UNPAID_ORDER_RELEASE_LOCK_KEY,
  type UnpaidRun,
} from '../../../server/services/payments/unpaid/unpaid-orders';
import { formatCancelAt } from '../../../server/mail/templates/payment-reminder';
import { placeOrderFor, sgAddress } from '../../factories/orders';
import { createCoupon, createGiftTier, createVariant } from '../../factories/shop';
import { createUser } from '../../factories/users';
import { createTestApp, type TestApp } from '../../setup/test-app';

// Unpaid orders are released (issue 36 item 3, decision 0167), on a real database: orders are
// aged with SQL and the pass is run directly. Reminder once at half the time, release after the
// whole time (and half the time after the reminder), stock, gift and coupon use given back, the
// buyer's e-mail, order.cancelled; a payment always wins its race with the release.

const HOUR = 60 * 60_000;
let t: TestApp;
let admin: Awaited<ReturnType<typeof createUser>>;
let staff: Awaited<ReturnType<typeof createUser>>;
let shopper: Awaited<ReturnType<typeof createUser>>;
let variantId: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t.deps, { role: 'admin' });
  staff = await createUser(t.deps, { role: 'staff' });
  shopper = await createUser(t.deps, { firstName: 'Mei' });
  variantId = (await createVariant(t.db, { onHand: 1000 })).variantId;
  const hook = await t.api('POST', '/admin/webhooks', { token: admin.token, body: { url: 'http://127.0.0.1:9/hooks', events: ['order.cancelled'] } });
  expect(hook.status).toBe(200);
});
afterAll(() => t.close());
// Orders of earlier tests that are still pending become fresh again, so each test sees only its own due orders.
beforeEach(async () => {
  await t.db.$executeRaw`UPDATE "Order" SET "createdAt" = ${new Date().toISOString()}::timestamp, "reminderSentAt" = NULL WHERE "status" = 'pending'`;
});

const mail = () => t.deps.mail;
const pass = (hours = 48, db = t.db): Promise<UnpaidRun> => runUnpaidOrderPass(db, { hours, mail: mail() });

/** Places an order `placedHoursAgo` old, reminded `remindedHoursAgo` ago (null: not yet). */
async function order(placedHoursAgo: number, remindedHoursAgo: number | null = null, quantity = 2, extra: Record<string, unknown> = {}, token = shopper.token) {
  const o = await placeOrderFor(t, token, variantId, quantity, extra);
  await age(o.id, placedHoursAgo, remindedHoursAgo);
  return o;
}
async function age(id: string, placedHoursAgo: number, remindedHoursAgo: number | null) {
  const at = (h: number) => new Date(Date.now() - h * HOUR).toISOString();
  await t.db.$executeRaw`UPDATE "Order" SET "createdAt" = ${at(placedHoursAgo)}::timestamp,
    "reminderSentAt" = ${remindedHoursAgo == null ? null : at(remindedHoursAgo)}::timestamp WHERE "id" = ${id}`;
}

const status = async (id: string) => (await t.db.order.findUniqueOrThrow({ where: { id }, select: { status: true } })).status;
const mails = (orderId: string, template: string) => t.db.outboxMessage.findMany({ where: { orderId, template } });
const stock = async () => t.db.variant.findUniqueOrThrow({ where: { id: variantId }, select: { onHand: true, allocated: true } });
const cancelledEvents = async (id: string) =>
  (await t.db.webhookEvent.findMany({ where: { type: 'order.cancelled', resourceKey: `order:${id}` } })).map((e) => JSON.parse(e.payload) as { data: { changed_by: string; note: string } });
const payment = (o: { id: string }, totalCents: number, ref = `ref-${o.id}`) =>
  ({ orderId: o.id, provider: 'paynow', method: 'paynow', amountCents: totalCents, currency: 'SGD', providerRef: ref, paidAt: new Date() });
const totalOf = async (id: string) => (await t.db.order.findUniqueOrThrow({ where: { id }, select: { totalCents: true } })).totalCents;
const payNow = (o: { id: string }, totalCents: number) => unitOfWork(t.db, (tx) => markOrderPaidInTx(tx, payment(o, totalCents), mail()));

describe('the reminder at half the time', () => {
  it('is queued once, with the total, the order page and when it will be cancelled; not before half the time', async () => {
    const due = await order(25);
    const early = await order(23);
    const run = await pass();
    expect(run).toEqual({ reminded: 1, released: 0 });
    const [reminder, ...more] = await mails(due.id, 'payment_reminder');
    expect(more).toHaveLength(0);
    expect(reminder.toAddress).toBe(shopper.email);
    expect(reminder.subject).toBe(`Order ${due.order_number}: payment reminder`);
    expect(reminder.text).toContain(`The total to pay is $${due.total.toFixed(2)}`);
    expect(reminder.text).toContain(`${mail().publicUrl}/orders/${due.id}`);
    const placed = (await t.db.order.findUniqueOrThrow({ where: { id: due.id }, select: { createdAt: true, reminderSentAt: true } }));
    expect(placed.reminderSentAt).not.toBeNull();
    // Half the time after the reminder: at the earliest the whole time after placing, as it was sent after half.
    expect(reminder.text).toContain(`If payment has not arrived by ${formatCancelAt(new Date(placed.reminderSentAt!.getTime() + 24 * HOUR))}`);
    expect(reminder.html).toContain(`href="${mail().publicUrl}/orders/${due.id}"`);
    expect(await status(due.id)).toBe('pending');

    // A second run (or a second instance's) sends none.
    expect(await pass()).toEqual({ reminded: 0, released: 0 });
    expect(await mails(due.id, 'payment_reminder')).toHaveLength(1);
    expect(await mails(early.id, 'payment_reminder')).toHaveLength(0);
  });
});

describe('the release after the whole time', () => {
  it('cancels the order: stock, gift and coupon use given back, e-mail with the reason, order.cancelled, history', async () => {
    const coupon = await createCoupon(t.db, { usageLimit: 1 });
    const tier = await createGiftTier(t.db, { thresholdCents: 1, gifts: [{ stock: 5 }] });
    const buyer = await createUser(t.deps, { firstName: 'Wei' });
    expect((await t.api('POST', '/cart/add', { token: buyer.token, body: { variant_id: variantId, quantity: 3 } })).status).toBe(200);
    expect((await t.api('POST', '/cart/gifts/toggle', { token: buyer.token, body: { tier_id: tier.tierId, gift_id: tier.giftIds[0] } })).status).toBe(200);
    const placed = await t.api('POST', '/orders', { token: buyer.token, body: { shipping_address: sgAddress, payment_method: 'stripe', coupon_code: coupon.code } });
    expect(placed.status).toBe(200);
    const o = placed.body as { id: string; order_number: string };
    await age(o.id, 49, 25);
    const gift = () => t.db.giftItem.findUniqueOrThrow({ where: { id: tier.giftIds[0] }, select: { allocated: true, stockQuantity: true } });
    expect(await gift()).toEqual({ allocated: 1, stockQuantity: 5 });
    const before = await stock();

    // The coupon's one use is taken by this unpaid order.
    const other = await createUser(t.deps);
    const withCoupon = async () => {
      await t.api('POST', '/cart/add', { token: other.token, body: { variant_id: variantId, quantity: 1 } });
      return t.api('POST', '/orders', { token: other.token, body: { shipping_address: sgAddress, payment_method: 'stripe', coupon_code: coupon.code } });
    };
    expect((await withCoupon()).status).toBe(409);

    expect(await pass()).toEqual({ reminded: 0, released: 1 });
    const row = await t.db.order.findUniqueOrThrow({ where: { id: o.id }, select: { status: true, cancelledAt: true } });
    expect(row.status).toBe('cancelled');
    expect(row.cancelledAt).not.toBeNull();
    expect(await stock()).toEqual({ onHand: before.onHand, allocated: before.allocated - 3 });
    expect(await gift()).toEqual({ allocated: 0, stockQuantity: 5 });
    expect((await withCoupon()).status).toBe(200);

    const [cancelled, ...more] = await mails(o.id, 'order_cancelled');
    expect(more).toHaveLength(0);
    expect(cancelled.toAddress).toBe(buyer.email);
    expect(cancelled.text).toContain(`Order ${o.order_number} has been cancelled.`);
    expect(cancelled.text).toContain('Reason: Not paid within 48 hours');
    expect(await cancelledEvents(o.id)).toEqual([expect.objectContaining({ data: expect.objectContaining({ changed_by: 'system', note: 'Not paid within 48 hours' }) })]);
    const history = await t.db.orderStatusEvent.findMany({ where: { orderId: o.id, toStatus: 'cancelled' } });
    expect(history).toMatchObject([{ actorRole: 'system', userId: null, note: 'Not paid within 48 hours' }]);
    const buyerView = await t.api('GET', `/orders/${o.id}`, { token: buyer.token });
    expect(buyerView.body).toMatchObject({ status: 'cancelled' });

    // Once is all: the next run finds nothing.
    expect(await pass()).toEqual({ reminded: 0, released: 0 });
    expect(await mails(o.id, 'order_cancelled')).toHaveLength(1);
  });

  it('never cancels without the reminder and half the time after it; the setting in hours is used as given', async () => {
    const neverReminded = await order(200);
    const remindedLately = await order(49, 23);
    expect(await pass()).toEqual({ reminded: 1, released: 0 });
    expect(await status(neverReminded.id)).toBe('pending');
    expect(await status(remindedLately.id)).toBe('pending');
    // Placed long ago, warned just now: the e-mail names half the time from now, not a time already past.
    const [reminder] = await mails(neverReminded.id, 'payment_reminder');
    const sentAt = (await t.db.order.findUniqueOrThrow({ where: { id: neverReminded.id }, select: { reminderSentAt: true } })).reminderSentAt!;
    expect(reminder.text).toContain(formatCancelAt(new Date(sentAt.getTime() + 24 * HOUR)));

    // A shorter setting: 10 hours releases an order placed 11 hours ago and reminded 6 hours ago (and
    // the one reminded 23 hours ago), not the one reminded just now.
    const short = await order(11, 6);
    expect(await pass(10)).toEqual({ reminded: 0, released: 2 });
    expect(await status(short.id)).toBe('cancelled');
    expect(await status(remindedLately.id)).toBe('cancelled');
    expect(await status(neverReminded.id)).toBe('pending');
    expect((await mails(short.id, 'order_cancelled'))[0].text).toContain('Reason: Not paid within 10 hours');
  });

  it('never releases a paid order, nor one staff moved on', async () => {
    const paid = await order(1);
    expect(await payNow(paid, await totalOf(paid.id))).toBe('applied');
    await age(paid.id, 100, 60);
    const packing = await order(1);
    expect((await t.api('POST', `/admin/orders/${packing.id}/status`, { token: staff.token, body: { status: 'paid' } })).status).toBe(200);
    expect((await t.api('POST', `/admin/orders/${packing.id}/status`, { token: staff.token, body: { status: 'processing' } })).status).toBe(200);
    await age(packing.id, 100, null);
    expect(await pass()).toEqual({ reminded: 0, released: 0 });
    expect(await status(paid.id)).toBe('paid');
    expect(await status(packing.id)).toBe('processing');
    expect(await mails(paid.id, 'payment_reminder')).toHaveLength(0);
    expect(await mails(packing.id, 'order_cancelled')).toHaveLength(0);
  });
});

/** Waits until `n` statements of this database wait for a row lock. */
async function waitersOnLocks(n: number) {
  await vi.waitFor(
    async () => {
      const rows = await t.db.$queryRaw<{ n: number }[]>`
        SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`;
      expect(rows[0].n).toBeGreaterThanOrEqual(n);
    },
    { timeout: 10_000, interval: 25 },
  );
}

describe('a payment and the release at the same moment', () => {
  it('a payment committed while the release waits for the row wins: the order is paid with its stock still allocated', async () => {
    const o = await order(49, 25);
    const totalCents = await totalOf(o.id);
    const before = await stock();
    let releasing: Promise<UnpaidRun> | undefined;
    const outcome = await unitOfWork(t.db, async (tx) => {
      const paid = await markOrderPaidInTx(tx, payment(o, totalCents), mail());
      releasing = pass();
      await waitersOnLocks(1); // the release has read the order as pending and waits for its row
      return paid;
    });
    expect(outcome).toBe('applied');
    expect(await releasing).toEqual({ reminded: 0, released: 0 });
    expect(await status(o.id)).toBe('paid');
    expect(await t.db.payment.count({ where: { orderId: o.id } })).toBe(1);
    expect(await stock()).toEqual(before);
    expect(await mails(o.id, 'order_cancelled')).toHaveLength(0);
    expect(await cancelledEvents(o.id)).toEqual([]);
  });

  it('a payment after the release finds the order cancelled and applies nothing', async () => {
    const o = await order(49, 25);
    const totalCents = await totalOf(o.id);
    expect(await pass()).toEqual({ reminded: 0, released: 1 });
    expect(await payNow(o, totalCents)).toBe('cancelled');
    expect(await status(o.id)).toBe('cancelled');
    expect(await t.db.payment.count({ where: { orderId: o.id } })).toBe(0);
  });

  it('released together from a held lock: exactly one of them wins and the order is consistent', async () => {
    const outcomes: string[] = [];
    for (let round = 0; round < 4; round++) {
      const o = await order(49, 25, 1);
      const totalCents = await totalOf(o.id);
      const before = await stock();
      const holder = new pg.Client({ connectionString: t.database.url });
      await holder.connect();
      try {
        await holder.query('BEGIN');
        await holder.query('SELECT 1 FROM "Order" WHERE "id" = $1 FOR UPDATE', [o.id]);
        const both = Promise.all([round % 2 ? pass() : Promise.resolve(null), payNow(o, totalCents), round % 2 ? null : pass()]);
        await waitersOnLocks(2);
        await holder.query('COMMIT');
        const [a, paid, b] = await both;
        const released = (a ?? b)!.released;
        const now = await status(o.id);
        const payments = await t.db.payment.count({ where: { orderId: o.id } });
        if (now === 'paid') {
          expect({ paid, released, payments }).toEqual({ paid: 'applied', released: 0, payments: 1 });
          expect(await stock()).toEqual(before);
        } else {
          expect(now).toBe('cancelled');
          expect({ paid, released, payments }).toEqual({ paid: 'cancelled', released: 1, payments: 0 });
          expect(await stock()).toEqual({ onHand: before.onHand, allocated: before.allocated - 1 });
        }
        outcomes.push(now);
      } finally {
        await holder.end();
      }
    }
    expect(outcomes).toHaveLength(4);
  });
});

describe('two instances', () => {
  it('two passes at once send each reminder once and release each order once', async () => {
    const due = [];
    for (let i = 0; i < 5; i++) due.push(await order(49, 25, 1));
    const toRemind = [];
    for (let i = 0; i < 5; i++) toRemind.push(await order(30, null, 1));
    const second = await openPostgres(t.database.url, 3);
    try {
      const runs = await Promise.all([
        runUnpaidOrderPass(t.db, { hours: 48, mail: mail(), batch: 2 }),
        runUnpaidOrderPass(second.db, { hours: 48, mail: mail(), batch: 2 }),
      ]);
      expect(runs.reduce((s, r) => s + r.released, 0)).toBe(5);
      expect(runs.reduce((s, r) => s + r.reminded, 0)).toBe(5);
    } finally {
      await second.close();
    }
    for (const o of due) {
      expect(await status(o.id)).toBe('cancelled');
      expect(await mails(o.id, 'order_cancelled')).toHaveLength(1);
      expect(await cancelledEvents(o.id)).toHaveLength(1);
      expect(await t.db.orderStatusEvent.count({ where: { orderId: o.id, toStatus: 'cancelled' } })).toBe(1);
    }
    for (const o of toRemind) expect(await mails(o.id, 'payment_reminder')).toHaveLength(1);
  });

  it('an instance that finds the lock taken skips its run; the setting gives the hours', async () => {
    const o = await order(49, 25, 1);
    const other = new pg.Client({ connectionString: t.database.url });
    await other.connect();
    try {
      await other.query('SELECT pg_advisory_lock($1)', [UNPAID_ORDER_RELEASE_LOCK_KEY]);
      expect(await releaseUnpaidOrders(t.db, t.database.executor, { mail: mail() })).toBeNull();
      expect(await status(o.id)).toBe('pending');
    } finally {
      await other.end();
    }
    // Raised to 72 hours in the back office: the 49-hour-old order is not due any more.
    expect((await t.api('PUT', '/admin/payment-settings', { token: admin.token, body: { unpaid_order_hours: 72 } })).status).toBe(200);
    expect(await releaseUnpaidOrders(t.db, t.database.executor, { mail: mail() })).toEqual({ reminded: 0, released: 0, hours: 72 });
    expect(await status(o.id)).toBe('pending');
    expect((await t.api('PUT', '/admin/payment-settings', { token: admin.token, body: { unpaid_order_hours: 48 } })).status).toBe(200);
    expect(await releaseUnpaidOrders(t.db, t.database.executor, { mail: mail() })).toEqual({ reminded: 0, released: 1, hours: 48 });
  });

  it('runs in the background after its start delay and stops when asked', async () => {
    const o = await order(49, 25, 1);
    const job = startUnpaidOrderRelease(t.db, { executor: t.database.executor, mail: mail(), startDelayMs: 0, everyMs: 60_000 });
    try {
      await vi.waitFor(async () => expect(await status(o.id)).toBe('cancelled'), { timeout: 20_000, interval: 100 });
    } finally {
      await job.stop();
    }
  });
});

describe('the setting', () => {
  it('is 48 by default and changes through both doors, keeping the other payment settings', async () => {
    const get = await t.api('GET', '/admin/payment-settings', { token: admin.token });
    expect(get.status).toBe(200);
    expect(get.body.unpaid_order_hours).toBe(48);
    const caller = t.caller({ token: admin.token });
    expect((await caller.admin.paymentSettings.get()).unpaid_order_hours).toBe(48);

    const put = await t.api('PUT', '/admin/payment-settings', { token: admin.token, body: { unpaid_order_hours: 12 } });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ unpaid_order_hours: 12, paynow_proxy_type: get.body.paynow_proxy_type, bank_name: get.body.bank_name });
    expect((await caller.admin.paymentSettings.get()).unpaid_order_hours).toBe(12);
    expect((await caller.admin.paymentSettings.update({ unpaid_order_hours: 720 })).unpaid_order_hours).toBe(720);
    expect((await t.api('GET', '/admin/payment-settings', { token: admin.token })).body.unpaid_order_hours).toBe(720);
    // Changing something else leaves the hours alone.
    expect((await t.api('PUT', '/admin/payment-settings', { token: admin.token, body: { bank_name: '' } })).body.unpaid_order_hours).toBe(720);
    expect((await caller.admin.paymentSettings.update({ unpaid_order_hours: 48 })).unpaid_order_hours).toBe(48);
  });

  it('refuses anything but a whole number of hours from 1 to 720, with a detail, and changes nothing', async () => {
    for (const bad of [0, 721, 1.5, 'abc', '', null, -1, 1e12, '48', true, [48]]) {
      const res = await t.api('PUT', '/admin/payment-settings', { token: admin.token, body: { unpaid_order_hours: bad } });
      expect(res.status, JSON.stringify(bad)).toBe(400);
      expect(res.body.detail, JSON.stringify(bad)).toMatch(/Unpaid orders are cancelled after a whole number of hours from 1 to 720/);
    }
    await expect(t.caller({ token: admin.token }).admin.paymentSettings.update({ unpaid_order_hours: 0 })).rejects.toThrow(/from 1 to 720/);
    expect((await t.api('GET', '/admin/payment-settings', { token: admin.token })).body.unpaid_order_hours).toBe(48);
  });

  it('is for admins only', async () => {
    expect((await t.api('GET', '/admin/payment-settings')).status).toBe(401);
    for (const who of [staff, shopper]) {
      expect((await t.api('GET', '/admin/payment-settings', { token: who.token })).status).toBe(403);
      const put = await t.api('PUT', '/admin/payment-settings', { token: who.token, body: { unpaid_order_hours: 1 } });
      expect(put.status).toBe(403);
      expect(put.body.detail).toBeTruthy();
    }
    await expect(t.caller({ token: staff.token }).admin.paymentSettings.update({ unpaid_order_hours: 1 })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    expect((await t.api('GET', '/admin/payment-settings', { token: admin.token })).body.unpaid_order_hours).toBe(48);
  });
});
