import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { decodePayNowPayload } from '../../../shared/domain/paynow';
import { createOutboxSender, type OutboxSender } from '../../../server/outbox/sender';
import { smtpTransport } from '../../../server/outbox/transport';
import { placeOrderFor } from '../../factories/orders';
import { createVariant } from '../../factories/shop';
import { createUser } from '../../factories/users';
import { decodeQrPng, decodeQrSvg } from '../../setup/qr-decode';
import { startTestSmtp, type TestSmtp } from '../../setup/smtp';
import { createTestApp, type TestApp } from '../../setup/test-app';

// PayNow is opt-in: off by default, on when the owner sets a UEN or mobile number and a payee
// name. Both doors, a real SMTP server, and the QR images read back.

const COMING_SOON =
  'How to pay: online card payment is coming soon. Your order is pending; we will contact you at this address with payment instructions before it ships.';

let t: TestApp;
let smtp: TestSmtp;
let sender: OutboxSender;
let admin: Awaited<ReturnType<typeof createUser>>;
let staff: Awaited<ReturnType<typeof createUser>>;
let variantId: string;
beforeAll(async () => {
  t = await createTestApp();
  smtp = await startTestSmtp();
  sender = createOutboxSender(t.db, { transport: smtpTransport(smtp.url), from: 'PackShop <orders@packshop.test>' });
  admin = await createUser(t.deps, { role: 'admin' });
  staff = await createUser(t.deps, { role: 'staff' });
  variantId = (await createVariant(t.db, { onHand: 1000 })).variantId;
});
afterAll(async () => {
  await sender.stop();
  await smtp.close();
  await t.close();
});
beforeEach(async () => {
  await sender.runOnce();
  smtp.received.length = 0;
});

const settings = (body: Record<string, unknown>, token = admin.token) => t.api('PUT', '/admin/payment-settings', { token, body });
const off = { paynow_proxy: '', paynow_payee_name: '', bank_name: '', bank_account_name: '', bank_account_number: '' };

async function confirmationFor(orderNumber: string) {
  await sender.runOnce();
  const mail = smtp.received.find((m) => m.subject === `Order ${orderNumber} confirmed`);
  if (!mail) throw new Error(`no confirmation for ${orderNumber}`);
  return mail;
}

describe('without payment settings (the default)', () => {
  it('keeps the specification: no payment options, no code, the coming-soon note in the e-mail', async () => {
    expect((await t.api('GET', '/payment-options')).body).toEqual({ paynow: null, bank_transfer: null, online: false });
    const shopper = await createUser(t.deps);
    const order = await placeOrderFor(t, shopper.token, variantId, 1);
    const pay = await t.api('GET', `/orders/${order.id}/payment`, { token: shopper.token });
    expect(pay.status).toBe(200);
    expect(pay.body).toMatchObject({ order_number: order.order_number, amount: order.total, reference: order.order_number, awaiting_payment: true, paynow: null, bank_transfer: null });
    const mail = await confirmationFor(order.order_number);
    expect(mail.text).toContain(COMING_SOON);
    expect(mail.attachments).toHaveLength(0);
    expect(mail.html).not.toContain('cid:');
  });
});

describe('payment settings', () => {
  it('are for admins only, and every field is checked with a clear message', async () => {
    const shopper = await createUser(t.deps);
    expect((await t.api('GET', '/admin/payment-settings')).status).toBe(401);
    expect((await t.api('GET', '/admin/payment-settings', { token: shopper.token })).status).toBe(403);
    expect((await settings({ paynow_proxy: '201912345K', paynow_payee_name: 'X' }, staff.token)).status).toBe(403);
    expect((await t.api('GET', '/admin/payment-settings', { token: admin.token })).body).toEqual({ paynow_proxy_type: 'uen', ...off, unpaid_order_hours: 48 });

    const cases: [Record<string, unknown>, RegExp][] = [
      [{ paynow_proxy_type: 'uen', paynow_proxy: '12345', paynow_payee_name: 'PackShop' }, /valid UEN/],
      [{ paynow_proxy_type: 'mobile', paynow_proxy: '6123 4567', paynow_payee_name: 'PackShop' }, /Singapore mobile number/],
      [{ paynow_proxy_type: 'mobile', paynow_proxy: '+60 9123 4567', paynow_payee_name: 'PackShop' }, /Singapore mobile number/],
      [{ paynow_proxy_type: 'uen', paynow_proxy: '201912345K', paynow_payee_name: 'A'.repeat(26) }, /at most 25 characters/],
      [{ paynow_proxy_type: 'uen', paynow_proxy: '201912345K', paynow_payee_name: 'Café Pte Ltd' }, /plain letters/],
      [{ paynow_proxy_type: 'uen', paynow_proxy: '201912345K', paynow_payee_name: '' }, /payee name/],
      [{ paynow_proxy_type: 'uen', paynow_proxy: '', paynow_payee_name: 'PackShop' }, /UEN or mobile number/],
      [{ bank_name: 'DBS Bank', bank_account_name: '', bank_account_number: '' }, /bank, account name and account number/],
      [{ bank_account_number: '12<script>' }, /account number may only/],
      [{ paynow_proxy_type: 'nric' }, /uen or mobile/],
      [{ paynow_proxy: 42 }, /./],
      [{ paynow_payee_name: 'x'.repeat(100_000) }, /./],
      [{ paynow_payee_name: 'Pack\u0000Shop' }, /./],
    ];
    for (const [body, message] of cases) {
      const res = await settings(body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.body.detail).toMatch(message);
    }
    // Nothing of that was saved.
    expect((await t.api('GET', '/admin/payment-settings', { token: admin.token })).body).toEqual({ paynow_proxy_type: 'uen', ...off, unpaid_order_hours: 48 });
  });

  it('store the proxy as PayNow wants it (mobile +65..., UEN upper-case)', async () => {
    const mobile = await settings({ paynow_proxy_type: 'mobile', paynow_proxy: '9123 4567', paynow_payee_name: 'Pack Shop' });
    expect(mobile.status).toBe(200);
    expect(mobile.body.paynow_proxy).toBe('+6591234567');
    const uen = await t.caller({ token: admin.token }).admin.paymentSettings.update({ paynow_proxy_type: 'uen', paynow_proxy: '201912345k' });
    expect(uen.paynow_proxy).toBe('201912345K');
    expect((await t.api('GET', '/payment-options')).body).toEqual({ paynow: { payee_name: 'Pack Shop', proxy_type: 'uen', proxy: '201912345K' }, bank_transfer: null, online: false });
    expect((await settings(off)).status).toBe(200);
  });
});

describe('with PayNow and bank transfer set', () => {
  it('gives the owner the code for the exact total with the order number, on both doors; someone else gets 404', async () => {
    expect((await settings({ paynow_proxy_type: 'uen', paynow_proxy: '201912345K', paynow_payee_name: 'PackShop Pte Ltd', bank_name: 'DBS Bank', bank_account_name: 'PackShop Pte. Ltd.', bank_account_number: '012-345678-9' })).status).toBe(200);
    const shopper = await createUser(t.deps);
    const order = await placeOrderFor(t, shopper.token, variantId, 3);

    const rest = await t.api('GET', `/orders/${order.id}/payment`, { token: shopper.token });
    expect(rest.status).toBe(200);
    const viaTrpc = await t.caller({ token: shopper.token }).payments.order({ id: order.id });
    expect(viaTrpc).toEqual(rest.body);
    expect(rest.body.bank_transfer).toEqual({ bank_name: 'DBS Bank', account_name: 'PackShop Pte. Ltd.', account_number: '012-345678-9' });
    const { payload, qr_svg } = rest.body.paynow;
    expect(decodePayNowPayload(payload)).toEqual({
      proxyType: 'uen',
      proxy: '201912345K',
      editable: false,
      expiry: null,
      amountCents: Math.round(order.total * 100),
      merchantName: 'PackShop Pte Ltd',
      reference: order.order_number,
      crcValid: true,
    });
    expect(qr_svg).toMatch(/^<svg/);
    expect(await decodeQrSvg(qr_svg)).toBe(payload);

    // Owner only: another shopper, a guest, an unknown id.
    const other = await createUser(t.deps);
    expect((await t.api('GET', `/orders/${order.id}/payment`, { token: other.token })).status).toBe(404);
    await expect(t.caller({ token: other.token }).payments.order({ id: order.id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect((await t.api('GET', `/orders/${order.id}/payment`)).status).toBe(401);
    expect((await t.api('GET', '/orders/no-such-order/payment', { token: shopper.token })).status).toBe(404);
    expect((await t.api('GET', `/orders/${'x'.repeat(5000)}/payment`, { token: shopper.token })).status).toBe(400);

    // Once staff mark it paid, the order no longer asks for money; the customer is told.
    expect((await t.api('POST', `/admin/orders/${order.id}/status`, { token: staff.token, body: { status: 'paid', note: 'PayNow received' } })).status).toBe(200);
    const after = await t.api('GET', `/orders/${order.id}/payment`, { token: shopper.token });
    expect(after.body).toMatchObject({ status: 'paid', awaiting_payment: false, paynow: null, bank_transfer: null });
    await sender.runOnce();
    expect(smtp.received.map((m) => m.subject)).toContain(`Order ${order.order_number}: payment received`);
    const history = await t.api('GET', `/orders/${order.id}/history`, { token: shopper.token });
    expect(history.body.map((e: { to_status: string }) => e.to_status)).toEqual(['pending', 'paid']);
  });

  it('e-mails the QR code as an inline PNG that decodes to the same payload, and the owner sees it in Sent e-mail', async () => {
    expect((await settings({ paynow_proxy_type: 'mobile', paynow_proxy: '+65 8123 4567', paynow_payee_name: 'PackShop' })).status).toBe(200);
    const shopper = await createUser(t.deps);
    const order = await placeOrderFor(t, shopper.token, variantId, 2);
    const payload = (await t.api('GET', `/orders/${order.id}/payment`, { token: shopper.token })).body.paynow.payload as string;
    expect(decodePayNowPayload(payload)).toMatchObject({ proxyType: 'mobile', proxy: '+6581234567', amountCents: Math.round(order.total * 100), reference: order.order_number, crcValid: true });

    const mail = await confirmationFor(order.order_number);
    expect(mail.text).not.toContain('coming soon');
    expect(mail.text).toContain(`Reference: ${order.order_number}`);
    expect(mail.text).toContain('Mobile: +6581234567');
    expect(mail.text).toContain('Account number: 012-345678-9'); // bank details still set from the test before
    expect(mail.attachments).toHaveLength(1);
    const [png] = mail.attachments;
    expect(png).toMatchObject({ contentType: 'image/png', cid: 'paynow-qr', contentDisposition: 'inline', related: true });
    expect(decodeQrPng(png.content)).toBe(payload);
    // mailparser resolves cid: links as a mail client does: the <img> shows that very attachment.
    expect(mail.html).toContain(`src="data:image/png;base64,${png.content.toString('base64')}"`);
    const stored = await t.db.outboxMessage.findFirstOrThrow({ where: { orderId: order.id, template: 'order_confirmation' }, select: { id: true, html: true } });
    expect(stored.html).toContain('src="cid:paynow-qr"');

    // Messages > Sent e-mail shows what the customer received: the code drawn in place.
    const row = stored;
    const shown = await t.api('GET', `/admin/emails/${row.id}`, { token: admin.token });
    expect(shown.status).toBe(200);
    expect(shown.body.html).not.toContain('cid:paynow-qr');
    const dataUrl = /src="data:image\/png;base64,([^"]+)"/.exec(shown.body.html)?.[1];
    expect(decodeQrPng(Buffer.from(dataUrl!, 'base64'))).toBe(payload);

    // A resend carries the code again.
    smtp.received.length = 0;
    expect((await t.api('POST', `/admin/emails/${row.id}/resend`, { token: admin.token })).status).toBe(200);
    const again = await confirmationFor(order.order_number);
    expect(decodeQrPng(again.attachments[0].content)).toBe(payload);
  });

  it('with bank transfer alone: account details and the reference, no QR code', async () => {
    expect((await settings({ paynow_proxy: '', paynow_payee_name: '' })).status).toBe(200);
    expect((await t.api('GET', '/payment-options')).body).toEqual({ paynow: null, bank_transfer: { bank_name: 'DBS Bank', account_name: 'PackShop Pte. Ltd.', account_number: '012-345678-9' }, online: false });
    const shopper = await createUser(t.deps);
    const order = await placeOrderFor(t, shopper.token, variantId, 1);
    expect((await t.api('GET', `/orders/${order.id}/payment`, { token: shopper.token })).body).toMatchObject({ paynow: null, bank_transfer: { account_number: '012-345678-9' } });
    const mail = await confirmationFor(order.order_number);
    expect(mail.text).toContain('By bank transfer');
    expect(mail.text).toContain(`Reference: ${order.order_number}`);
    expect(mail.attachments).toHaveLength(0);
    expect((await settings(off)).status).toBe(200);
  });
});

describe('tracking links on the order', () => {
  it('the order read carries the courier and its tracking page when the courier is known', async () => {
    const shopper = await createUser(t.deps);
    const order = await placeOrderFor(t, shopper.token, variantId, 1);
    for (const status of ['paid', 'processing']) await t.api('POST', `/admin/orders/${order.id}/status`, { token: staff.token, body: { status } });
    await t.api('POST', `/admin/orders/${order.id}/status`, { token: staff.token, body: { status: 'shipped', tracking_number: 'JT 123', courier: 'jt' } });
    const mine = await t.api('GET', `/orders/${order.id}`, { token: shopper.token });
    expect(mine.body).toMatchObject({ tracking_number: 'JT 123', courier: 'J&T Express', tracking_url: 'https://www.jtexpress.sg/tracking?billcodes=JT%20123' });
    const theirs = await t.caller({ token: staff.token }).admin.orders.get({ id: order.id });
    expect(theirs).toMatchObject({ courier: 'J&T Express', tracking_url: mine.body.tracking_url });

    const other = await placeOrderFor(t, shopper.token, variantId, 1);
    for (const status of ['paid', 'processing']) await t.api('POST', `/admin/orders/${other.id}/status`, { token: staff.token, body: { status } });
    await t.api('POST', `/admin/orders/${other.id}/status`, { token: staff.token, body: { status: 'shipped', tracking_number: 'XYZ9', courier: 'other' } });
    expect((await t.api('GET', `/orders/${other.id}`, { token: shopper.token })).body).toMatchObject({ tracking_number: 'XYZ9', courier: null, tracking_url: null });
  });
});
