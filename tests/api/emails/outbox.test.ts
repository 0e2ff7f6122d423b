import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MAX_ATTEMPTS } from '../../../server/outbox/backoff';
import { createOutboxSender, type OutboxSender } from '../../../server/outbox/sender';
import { smtpTransport } from '../../../server/outbox/transport';
import { placeOrderFor } from '../../factories/orders';
import { createVariant } from '../../factories/shop';
import { createUser } from '../../factories/users';
import { startTestSmtp, type TestSmtp } from '../../setup/smtp';
import { createTestApp, type TestApp } from '../../setup/test-app';

let t: TestApp;
let smtp: TestSmtp;
let sender: OutboxSender;
let adminToken: string;
beforeAll(async () => {
  t = await createTestApp();
  smtp = await startTestSmtp();
  sender = createOutboxSender(t.db, { transport: smtpTransport(smtp.url), from: 'PackShop <orders@packshop.test>' });
  adminToken = (await createUser(t.deps, { role: 'admin' })).token;
});
afterAll(async () => {
  await sender.stop();
  await smtp.close();
  await t.close();
});
beforeEach(async () => {
  smtp.refuse = null;
  smtp.received.length = 0;
  await t.db.outboxMessage.deleteMany();
});

describe('order confirmation through the outbox', () => {
  it('is written with the order and delivered over SMTP with the order figures, in HTML and text', async () => {
    const v = await createVariant(t.db, { onHand: 100, tiers: [[1, 1000], [10, 800]] });
    const { token, email } = await createUser(t.deps);
    const order = await placeOrderFor(t, token, v.variantId, 12);

    const queued = await t.db.outboxMessage.findMany({ where: { orderId: order.id } });
    expect(queued).toHaveLength(1);
    expect(queued[0]).toMatchObject({ template: 'order_confirmation', toAddress: email, status: 'pending', attempts: 0 });

    expect(await sender.runOnce()).toMatchObject({ sent: 1, failed: 0 });
    const [mail] = smtp.received;
    expect(mail.subject).toBe(`Order ${order.order_number} confirmed`);
    expect(mail.from?.text).toContain('orders@packshop.test');
    expect((mail.to as { text: string }).text).toBe(email);
    for (const body of [mail.text ?? '', mail.html || '']) {
      expect(body).toContain(v.sku);
      expect(body).toContain('$8.00'); // the 10+ tier price
      expect(body).toContain('$96.00');
      expect(body).toContain('12 packs'); // quantities are packs, as on the product page
      expect(body).toContain('GST included (9%)');
      expect(body).toContain('1 Orchard Road');
      expect(body).toContain('3-7 working days');
      expect(body).toContain('PackShop');
      expect(body).toContain('payment');
    }
    const row = await t.db.outboxMessage.findUniqueOrThrow({ where: { id: queued[0].id } });
    expect(row).toMatchObject({ status: 'sent', attempts: 1, lastError: null });
    expect(row.sentAt).toBeInstanceOf(Date);

    // Nothing left to send: a second pass sends nothing again.
    expect(await sender.runOnce()).toMatchObject({ sent: 0 });
    expect(smtp.received).toHaveLength(1);
  });

  it('a refusing mail server never fails the order; the attempt is recorded and retried later with backoff', async () => {
    const v = await createVariant(t.db, { onHand: 100 });
    const { token } = await createUser(t.deps);
    smtp.refuse = 'Mailbox temporarily unavailable';
    const order = await placeOrderFor(t, token, v.variantId, 1);
    expect(order.status).toBe('pending');

    expect(await sender.runOnce()).toMatchObject({ sent: 0, failed: 1 });
    const row = await t.db.outboxMessage.findFirstOrThrow({ where: { orderId: order.id } });
    expect(row.status).toBe('pending');
    expect(row.attempts).toBe(1);
    expect(row.lastError).toContain('Mailbox temporarily unavailable');
    expect(row.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 20_000);

    // Not due yet: the next pass leaves it alone.
    expect(await sender.runOnce()).toMatchObject({ failed: 0, sent: 0 });

    // Due again and the server is back: delivered on the second attempt.
    smtp.refuse = null;
    await t.db.outboxMessage.update({ where: { id: row.id }, data: { nextAttemptAt: new Date(Date.now() - 1000) } });
    expect(await sender.runOnce()).toMatchObject({ sent: 1 });
    expect(await t.db.outboxMessage.findUniqueOrThrow({ where: { id: row.id } })).toMatchObject({ status: 'sent', attempts: 2 });
  });

  it('gives up after the last attempt, and the owner can resend it from the back office', async () => {
    const v = await createVariant(t.db, { onHand: 100 });
    const { token } = await createUser(t.deps);
    const order = await placeOrderFor(t, token, v.variantId, 1);
    const row = await t.db.outboxMessage.findFirstOrThrow({ where: { orderId: order.id } });
    await t.db.outboxMessage.update({ where: { id: row.id }, data: { attempts: MAX_ATTEMPTS - 1 } });
    smtp.refuse = 'Still down';
    await sender.runOnce();
    expect(await t.db.outboxMessage.findUniqueOrThrow({ where: { id: row.id } })).toMatchObject({ status: 'failed', attempts: MAX_ATTEMPTS });

    const list = await t.api('GET', '/admin/emails?status=failed', { token: adminToken });
    expect(list.status).toBe(200);
    expect(list.body.items).toEqual([expect.objectContaining({ id: row.id, status: 'failed', attempts: MAX_ATTEMPTS, last_error: expect.stringContaining('Still down') })]);

    smtp.refuse = null;
    const resent = await t.api('POST', `/admin/emails/${row.id}/resend`, { token: adminToken });
    expect(resent.status).toBe(200);
    expect(resent.body).toMatchObject({ status: 'pending', attempts: 0, last_error: null });
    expect(await sender.runOnce()).toMatchObject({ sent: 1 });
    expect(smtp.received).toHaveLength(1);
  });
});

describe('without SMTP the messages are kept and readable in the back office', () => {
  it('marks them kept and shows the message as the customer sees it, through both doors', async () => {
    const keeper = createOutboxSender(t.db, { transport: null, from: 'x@example.com' });
    const v = await createVariant(t.db, { onHand: 100 });
    const { token } = await createUser(t.deps);
    const order = await placeOrderFor(t, token, v.variantId, 2);
    expect(await keeper.runOnce()).toMatchObject({ kept: 1 });

    const list = await t.caller({ token: adminToken }).admin.emails.list({ page: 1 });
    expect(list.smtp_configured).toBe(false);
    const item = list.items.find((m) => m.order_id === order.id)!;
    expect(item).toMatchObject({ status: 'kept', template: 'order_confirmation', subject: `Order ${order.order_number} confirmed` });

    const one = await t.api('GET', `/admin/emails/${item.id}`, { token: adminToken });
    expect(one.status).toBe(200);
    expect(one.body.html).toContain(order.order_number);
    expect(one.body.text).toContain(order.order_number);
    expect((await t.api('GET', '/admin/emails/nope', { token: adminToken })).status).toBe(404);
    expect((await t.api('GET', '/admin/emails?status=lost', { token: adminToken })).status).toBe(400);
  });
});
