// Requests for quote through REST and tRPC: asked for from the cart, priced and sent by staff (the
// buyer e-mailed through the outbox), accepted once into an order at the quoted prices by the
// checkout's own rules, declined or expired, and never reachable by another buyer.
import { newId } from '../../../server/db/ids';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gstIncludedIn } from '../../../shared/domain/gst';
import { sgToday } from '../../../shared/domain/quotes';
import { webhookSubscriptionsChanged } from '../../../server/webhooks/subscriptions';
import { sgAddress } from '../../factories/orders';
import { createVariant } from '../../factories/shop';
import { createUser } from '../../factories/users';
import { pdfPages } from '../../setup/pdf-text';
import { createTestApp, type TestApp } from '../../setup/test-app';
import { startTestReceiver, type TestReceiver } from '../../setup/webhook-receiver';

let t: TestApp;
let rx: TestReceiver;
let buyer: Awaited<ReturnType<typeof createUser>>;
let other: Awaited<ReturnType<typeof createUser>>;
let staff: Awaited<ReturnType<typeof createUser>>;
let admin: Awaited<ReturnType<typeof createUser>>;
let a: Awaited<ReturnType<typeof createVariant>>;
let b: Awaited<ReturnType<typeof createVariant>>;

const inDays = (n: number) => new Date(Date.parse(sgToday()) + n * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  t = await createTestApp();
  rx = await startTestReceiver();
  buyer = await createUser(t.deps, { firstName: 'Mei' });
  other = await createUser(t.deps);
  staff = await createUser(t.deps, { role: 'staff' });
  admin = await createUser(t.deps, { role: 'admin' });
  a = await createVariant(t.db, { name: 'Quote mailer', onHand: 500, tiers: [[1, 1000], [10, 800]] });
  b = await createVariant(t.db, { name: 'Quote wrap', onHand: 40, tiers: [[1, 2500]] });
  const hook = await t.api('POST', '/admin/webhooks', { token: admin.token, body: { url: `${rx.url}/hooks`, events: ['quote.requested', 'quote.accepted'], description: 'ERP' } });
  expect(hook.status, JSON.stringify(hook.body)).toBe(200);
  webhookSubscriptionsChanged();
});
afterAll(async () => {
  await rx.close();
  await t.close();
});

/** The buyer's cart holds these lines, and nothing else. */
async function cartOf(token: string, lines: [string, number][]) {
  await t.api('DELETE', '/cart', { token });
  for (const [variant_id, quantity] of lines) {
    const res = await t.api('POST', '/cart/add', { token, body: { variant_id, quantity } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  }
}

async function requested(token = buyer.token, lines: [string, number][] = [[a.variantId, 100], [b.variantId, 4]]) {
  await cartOf(token, lines);
  const res = await t.api('POST', '/quotes', { token, body: { note: 'For the Jurong warehouse', target_date: inDays(10) } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as { id: string; quote_number: string; lines: { id: string; sku: string }[] };
}

async function priced(id: string, prices = [6.5, 20], opts: { shipping_fee?: number; valid_until?: string } = {}) {
  const q = await t.caller({ token: staff.token }).admin.quotes.get({ id });
  const res = await t.api('PUT', `/admin/quotes/${id}`, {
    token: staff.token,
    body: { lines: q.lines.map((l, i) => ({ line_id: l.id, unit_price: prices[i] })), shipping_fee: opts.shipping_fee ?? 12, valid_until: opts.valid_until ?? inDays(14), message: 'Volume price for you' },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

const events = async (type: string) => (await t.db.webhookEvent.findMany({ where: { type }, select: { payload: true } })).map((e) => JSON.parse(e.payload));

describe('asking for a quote', () => {
  it('records the cart lines with their list prices, a note and a target date, and tells staff and integrators', async () => {
    await t.db.company.create({ data: { id: newId(), name: 'Acme Pte Ltd', country: 'SG', registrationNumber: '201912345K', members: { create: { userId: buyer.user.id, role: 'admin' } } } });
    const q = await requested();
    expect(q).toMatchObject({
      status: 'requested',
      note: 'For the Jurong warehouse',
      target_date: inDays(10),
      company: { name: 'Acme Pte Ltd' },
      subtotal: null,
      total: null,
      valid_until: null,
      started_by_staff: false,
    });
    expect((q as any).quote_number).toMatch(/^Q-\d{8}-[A-Z0-9]{6}$/);
    expect((q as any).lines.map((l: any) => [l.sku, l.quantity, l.list_price, l.unit_price])).toEqual([
      [a.sku, 100, 8, null],
      [b.sku, 4, 25, null],
    ]);
    // The cart is left as it was.
    expect((await t.api('GET', '/cart', { token: buyer.token })).body.items).toHaveLength(2);
    const mail = await t.db.outboxMessage.findFirst({ where: { template: 'quote_requested' }, orderBy: { createdAt: 'desc' } });
    expect(mail?.text).toContain(q.quote_number);
    const hooks = await events('quote.requested');
    expect(hooks.some((e) => e.data.quote.id === q.id && e.data.quote.email === buyer.email)).toBe(true);
    const mine = await t.caller({ token: buyer.token }).quotes.list();
    expect(mine.map((x) => x.id)).toContain(q.id);
  });

  it('refuses an empty cart, a past target date, odd text, and anyone signed out', async () => {
    const u = await createUser(t.deps);
    const empty = await t.api('POST', '/quotes', { token: u.token, body: { note: 'hi' } });
    expect(empty.status).toBe(400);
    expect(empty.body.detail).toMatch(/cart is empty/);
    await cartOf(u.token, [[a.variantId, 1]]);
    for (const body of [{ target_date: '2020-01-01' }, { target_date: '2026-02-30' }, { target_date: 'soon' }, { note: 'a\u0000b' }, { note: 'x'.repeat(2001) }, { note: 5 }]) {
      expect((await t.api('POST', '/quotes', { token: u.token, body })).status, JSON.stringify(body)).toBe(400);
    }
    expect((await t.api('POST', '/quotes', { body: {} })).status).toBe(401);
    expect((await t.api('GET', '/quotes')).status).toBe(401);
  });
});

describe('staff pricing and sending', () => {
  it('keeps customers out of the back office: 403 on every staff path', async () => {
    const q = await requested();
    for (const [method, path, body] of [
      ['GET', '/admin/quotes'],
      ['GET', `/admin/quotes/${q.id}`],
      ['PUT', `/admin/quotes/${q.id}`, { lines: [], shipping_fee: 0, valid_until: inDays(3) }],
      ['POST', '/admin/quotes', { customer_email: buyer.email, lines: [{ sku: a.sku, quantity: 1 }] }],
      ['GET', `/admin/quotes/${q.id}/quote.pdf`],
    ] as [string, string, unknown?][]) {
      expect((await t.api(method, path, { token: buyer.token, body })).status, `${method} ${path}`).toBe(403);
    }
    await expect(t.caller({ token: buyer.token }).admin.quotes.list()).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });

  it('prices every line, sets shipping, validity and message, and e-mails the buyer through the outbox', async () => {
    const q = await requested();
    const queue = await t.api('GET', '/admin/quotes?status=requested', { token: staff.token });
    expect(queue.body.items.map((i: any) => i.id)).toContain(q.id);
    const sent = await priced(q.id);
    expect(sent).toMatchObject({ status: 'quoted', shipping_fee: 12, valid_until: inDays(14), message: 'Volume price for you', buyer: { email: buyer.email } });
    // 100 x 6.50 + 4 x 20.00 + 12.00 shipping, GST inside the total.
    expect(sent.subtotal).toBe(730);
    expect(sent.total).toBe(742);
    expect(sent.gst).toBe(gstIncludedIn(74_200) / 100);
    const mail = await t.db.outboxMessage.findFirst({ where: { template: 'quote_sent', toAddress: buyer.email }, orderBy: { createdAt: 'desc' } });
    expect(mail?.subject).toBe(`Your quote ${q.quote_number}`);
    expect(mail?.text).toContain('$742.00');
    expect(mail?.text).toContain(`/quotes/${q.id}`);
    const mine = await t.api('GET', `/quotes/${q.id}`, { token: buyer.token });
    expect(mine.body).toMatchObject({ status: 'quoted', total: 742, lines: [{ unit_price: 6.5, line_total: 650 }, { unit_price: 20, line_total: 80 }] });
  });

  it('refuses prices that do not fit: missing or foreign lines, negative, zero, huge, NUL, past validity, unknown quote', async () => {
    const q = await requested();
    const other = await requested(buyer.token, [[b.variantId, 1]]);
    const full = await t.caller({ token: staff.token }).admin.quotes.get({ id: q.id });
    const ok = { lines: full.lines.map((l) => ({ line_id: l.id, unit_price: 5 })), shipping_fee: 0, valid_until: inDays(7), message: null };
    const bad: [unknown, RegExp | null][] = [
      [{ ...ok, lines: ok.lines.slice(1) }, /every line/],
      [{ ...ok, lines: [ok.lines[0], ok.lines[0]] }, /every line/],
      [{ ...ok, lines: [ok.lines[0], { line_id: other.lines[0].id, unit_price: 1 }] }, /every line/],
      [{ ...ok, lines: [{ ...ok.lines[0], unit_price: -1 }, ok.lines[1]] }, /more than 0/],
      [{ ...ok, lines: [{ ...ok.lines[0], unit_price: 0 }, ok.lines[1]] }, /more than 0/],
      [{ ...ok, lines: [{ ...ok.lines[0], unit_price: 1e12 }, ok.lines[1]] }, /too large/],
      [{ ...ok, lines: [{ ...ok.lines[0], unit_price: 1.234 }, ok.lines[1]] }, /two decimals/],
      [{ ...ok, shipping_fee: -5 }, /negative/],
      [{ ...ok, valid_until: '2020-01-01' }, /past/],
      [{ ...ok, valid_until: inDays(400) }, /at most/],
      [{ ...ok, message: 'bad\u0000' }, null],
      [{ ...ok, lines: 'all' }, null],
    ];
    for (const [body, detail] of bad) {
      const res = await t.api('PUT', `/admin/quotes/${q.id}`, { token: staff.token, body });
      expect(res.status, JSON.stringify(body).slice(0, 200)).toBe(400);
      if (detail) expect(res.body.detail).toMatch(detail);
    }
    expect((await t.api('PUT', '/admin/quotes/nope', { token: staff.token, body: ok })).status).toBe(404);
    expect((await t.api('GET', '/admin/quotes/nope', { token: staff.token })).status).toBe(404);
    expect((await t.caller({ token: staff.token }).admin.quotes.get({ id: q.id })).status).toBe('requested');
  });

  it("shows the buyer's history beside the quote", async () => {
    const q = await requested();
    const detail = await t.api('GET', `/admin/quotes/${q.id}`, { token: staff.token });
    expect(detail.status).toBe(200);
    expect(detail.body.buyer).toMatchObject({ id: buyer.user.id, email: buyer.email });
    expect(detail.body.buyer.other_quotes.length).toBeGreaterThan(0);
    expect(detail.body.buyer.other_quotes.map((x: any) => x.id)).not.toContain(q.id);
  });

  it('lets staff start a quote for a customer from SKUs, and says which SKU or customer is unknown', async () => {
    const created = await t.api('POST', '/admin/quotes', { token: staff.token, body: { customer_email: other.email.toUpperCase(), lines: [{ sku: a.sku, quantity: 20 }, { sku: a.sku, quantity: 5 }], note: 'Phoned in' } });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body).toMatchObject({ status: 'requested', started_by_staff: true, note: 'Phoned in', buyer: { email: other.email }, lines: [{ sku: a.sku, quantity: 25, list_price: 8 }] });
    expect((await t.api('GET', `/quotes/${created.body.id}`, { token: other.token })).status).toBe(200);
    const unknownSku = await t.api('POST', '/admin/quotes', { token: staff.token, body: { customer_email: other.email, lines: [{ sku: 'NOPE-1', quantity: 1 }] } });
    expect(unknownSku.status).toBe(400);
    expect(unknownSku.body.detail).toBe('Unknown SKU: NOPE-1');
    const unknownUser = await t.api('POST', '/admin/quotes', { token: staff.token, body: { customer_email: 'nobody@example.com', lines: [{ sku: a.sku, quantity: 1 }] } });
    expect(unknownUser.status).toBe(404);
    for (const lines of [[], [{ sku: a.sku, quantity: 0 }], [{ sku: a.sku, quantity: 1e9 }], Array.from({ length: 201 }, () => ({ sku: a.sku, quantity: 1 }))]) {
      expect((await t.api('POST', '/admin/quotes', { token: staff.token, body: { customer_email: other.email, lines } })).status).toBe(400);
    }
  });
});

describe('accepting', () => {
  it('places the order once at the quoted prices, with GST, stock, an invoice number and quote.accepted; the same key answers the same order', async () => {
    const q = await requested();
    await priced(q.id);
    const before = await t.db.variant.findUniqueOrThrow({ where: { id: a.variantId }, select: { allocated: true } });
    const key = `quote-${q.id}`;
    const res = await t.api('POST', `/quotes/${q.id}/accept`, { token: buyer.token, headers: { 'idempotency-key': key }, body: { shipping_address: sgAddress, payment_method: 'stripe' } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ status: 'pending', subtotal: 730, shipping_fee: 12, total: 742, discount: 0, gst: gstIncludedIn(74_200) / 100 });
    expect(res.body.items.map((i: any) => [i.sku, i.quantity, i.price, i.line_total])).toEqual([
      [a.sku, 100, 6.5, 650],
      [b.sku, 4, 20, 80],
    ]);
    const after = await t.db.variant.findUniqueOrThrow({ where: { id: a.variantId }, select: { allocated: true } });
    expect(after.allocated - before.allocated).toBe(100);
    const order = await t.db.order.findUniqueOrThrow({ where: { id: res.body.id }, select: { invoiceNumber: true, buyerCompany: true } });
    expect(order.invoiceNumber).not.toBeNull();
    // The quote was asked for on the cart: its lines are ordered, so they leave the cart (decision 0180).
    expect((await t.api('GET', '/cart', { token: buyer.token })).body.items).toEqual([]);

    const again = await t.api('POST', `/quotes/${q.id}/accept`, { token: buyer.token, headers: { 'idempotency-key': key }, body: { shipping_address: sgAddress } });
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(res.body.id);
    const twice = await t.caller({ token: buyer.token }).quotes.accept({ id: q.id, shipping_address: { ...sgAddress, country: 'SG' }, payment_method: 'stripe' }).catch((e) => e);
    expect(twice).toMatchObject({ code: 'CONFLICT', message: `This quote was already accepted (order ${res.body.order_number})` });
    const rest = await t.api('POST', `/quotes/${q.id}/accept`, { token: buyer.token, headers: { 'idempotency-key': 'another-key-1' }, body: { shipping_address: sgAddress } });
    expect(rest.status).toBe(409);
    expect(await t.db.order.count({ where: { userId: buyer.user.id, items: { some: { sku: a.sku, quantity: 100 } } } })).toBe(1);

    const shown = await t.api('GET', `/quotes/${q.id}`, { token: buyer.token });
    expect(shown.body).toMatchObject({ status: 'accepted', order_id: res.body.id, order_number: res.body.order_number });
    const staffMail = await t.db.outboxMessage.findFirst({ where: { template: 'quote_accepted', orderId: res.body.id } });
    expect(staffMail?.subject).toBe(`Quote ${q.quote_number} accepted: order ${res.body.order_number}`);
    const hooks = await events('quote.accepted');
    expect(hooks.find((e) => e.data.quote.id === q.id)).toMatchObject({ data: { order_id: res.body.id, quote: { status: 'accepted' } } });
    // Staff cannot re-price an accepted quote.
    const reprice = await t.api('PUT', `/admin/quotes/${q.id}`, { token: staff.token, body: { lines: q.lines.map((l) => ({ line_id: l.id, unit_price: 1 })), shipping_fee: 0, valid_until: inDays(3) } });
    expect(reprice.status).toBe(409);
  });

  it('answers exactly one order to two accepts at once', async () => {
    const q = await requested();
    await priced(q.id);
    const body = { shipping_address: sgAddress, payment_method: 'stripe' };
    const results = await Promise.all([
      t.api('POST', `/quotes/${q.id}/accept`, { token: buyer.token, headers: { 'idempotency-key': 'race-key-one' }, body }),
      t.api('POST', `/quotes/${q.id}/accept`, { token: buyer.token, headers: { 'idempotency-key': 'race-key-two' }, body }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(await t.db.order.count({ where: { quote: { id: q.id } } })).toBe(1);
  });

  it('refuses a quote not yet priced, an expired one with the reason, and a key used for another order', async () => {
    const waiting = await requested();
    const early = await t.api('POST', `/quotes/${waiting.id}/accept`, { token: buyer.token, body: { shipping_address: sgAddress } });
    expect(early.status).toBe(409);
    expect(early.body.detail).toBe('This quote has not been priced yet');

    const q = await requested();
    await priced(q.id);
    await t.db.quote.update({ where: { id: q.id }, data: { validUntil: new Date(Date.now() - 60_000) } });
    const late = await t.api('POST', `/quotes/${q.id}/accept`, { token: buyer.token, headers: { 'idempotency-key': 'late-key-123' }, body: { shipping_address: sgAddress } });
    expect(late.status).toBe(409);
    expect(late.body.detail).toMatch(/^This quote expired on \d{1,2} \w+ \d{4}\. Ask us for a new one\.$/);
    expect((await t.api('GET', `/quotes/${q.id}`, { token: buyer.token })).body.status).toBe('expired');
    const expiredQueue = await t.api('GET', '/admin/quotes?status=expired', { token: staff.token });
    expect(expiredQueue.body.items.map((i: any) => [i.id, i.status])).toContainEqual([q.id, 'expired']);
    expect((await t.api('GET', '/admin/quotes?status=quoted', { token: staff.token })).body.items.map((i: any) => i.id)).not.toContain(q.id);
    // Staff can send it again with a new validity.
    await priced(q.id, [7, 21]);
    expect((await t.api('GET', `/quotes/${q.id}`, { token: buyer.token })).body).toMatchObject({ status: 'quoted', total: 100 * 7 + 4 * 21 + 12 });

    // A key that already made a cart order does not answer that order for the quote.
    const cartOrder = await t.api('POST', '/orders', { token: buyer.token, headers: { 'idempotency-key': 'shared-key-123' }, body: { shipping_address: sgAddress } });
    expect(cartOrder.status).toBe(200);
    const reused = await t.api('POST', `/quotes/${q.id}/accept`, { token: buyer.token, headers: { 'idempotency-key': 'shared-key-123' }, body: { shipping_address: sgAddress } });
    expect(reused.status).toBe(409);
    expect(reused.body.detail).toBe('This Idempotency-Key was already used for another order');
  });

  it('follows the stock rule: a line short of stock refuses the order and leaves the quote open', async () => {
    const c = await createVariant(t.db, { name: 'Quote tape', onHand: 30 });
    const q = await requested(buyer.token, [[c.variantId, 30]]);
    await priced(q.id, [15]);
    await t.db.variant.update({ where: { id: c.variantId }, data: { allocated: 20 } });
    const res = await t.api('POST', `/quotes/${q.id}/accept`, { token: buyer.token, body: { shipping_address: sgAddress } });
    expect(res.status).toBe(409);
    expect(res.body.detail).toBe('Sorry, only 10 left of Quote tape 25x35 (50 pcs)');
    expect((await t.api('GET', `/quotes/${q.id}`, { token: buyer.token })).body.status).toBe('quoted');
    expect((await t.db.variant.findUniqueOrThrow({ where: { id: c.variantId } })).allocated).toBe(20);
  });

  it('refuses a bad address like checkout does', async () => {
    const q = await requested();
    await priced(q.id);
    const res = await t.api('POST', `/quotes/${q.id}/accept`, { token: buyer.token, body: { shipping_address: { ...sgAddress, postalCode: '12' } } });
    expect(res.status).toBe(400);
    expect((await t.api('POST', `/quotes/${q.id}/accept`, { token: buyer.token, body: { shipping_address: sgAddress, payment_method: 'cash' } })).status).toBe(400);
  });
});

describe('declining and privacy', () => {
  it('declines a quote, which then cannot be accepted or re-priced', async () => {
    const q = await requested();
    await priced(q.id);
    const res = await t.caller({ token: buyer.token }).quotes.decline({ id: q.id });
    expect(res.status).toBe('declined');
    const accept = await t.api('POST', `/quotes/${q.id}/accept`, { token: buyer.token, body: { shipping_address: sgAddress } });
    expect(accept.status).toBe(409);
    expect(accept.body.detail).toBe('This quote was declined');
    expect((await t.api('POST', `/quotes/${q.id}/decline`, { token: buyer.token })).status).toBe(409);
    expect((await t.api('GET', '/admin/quotes?status=declined', { token: staff.token })).body.items.map((i: any) => i.id)).toContain(q.id);
  });

  it("answers 404 for another buyer's quote on every path, and for unknown ids", async () => {
    const q = await requested();
    await priced(q.id);
    for (const [method, path, body] of [
      ['GET', `/quotes/${q.id}`],
      ['POST', `/quotes/${q.id}/accept`, { shipping_address: sgAddress }],
      ['POST', `/quotes/${q.id}/decline`],
      ['GET', `/quotes/${q.id}/quote.pdf`],
      ['GET', '/quotes/unknown-id'],
    ] as [string, string, unknown?][]) {
      const res = await t.api(method, path, { token: other.token, body });
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.body.detail).toBe('Quote not found');
    }
    await expect(t.caller({ token: other.token }).quotes.get({ id: q.id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect((await t.api('GET', `/quotes/${q.id}`, { token: buyer.token })).body.status).toBe('quoted');
  });
});

describe('API keys', () => {
  it('reach the queue with the orders scopes and never the buyer paths', async () => {
    const make = async (scopes: string[]) => (await t.api('POST', '/admin/api-keys', { token: admin.token, body: { name: scopes.join(' '), scopes } })).body.secret as string;
    const reader = await make(['orders:read']);
    const writer = await make(['orders:read', 'orders:write']);
    const q = await requested();
    expect((await t.api('GET', '/admin/quotes', { token: reader })).status).toBe(200);
    expect((await t.api('GET', `/admin/quotes/${q.id}`, { token: reader })).status).toBe(200);
    const body = { lines: q.lines.map((l) => ({ line_id: l.id, unit_price: 3 })), shipping_fee: 0, valid_until: inDays(5) };
    expect((await t.api('PUT', `/admin/quotes/${q.id}`, { token: reader, body })).status).toBe(403);
    expect((await t.api('PUT', `/admin/quotes/${q.id}`, { token: writer, body })).status).toBe(200);
    expect((await t.api('GET', `/admin/quotes/${q.id}/quote.pdf`, { token: reader })).status).toBe(200);
    expect((await t.api('GET', '/admin/quotes', { token: await make(['catalog:read']) })).status).toBe(403);
    expect((await t.api('GET', '/quotes', { token: writer })).status).toBe(403);
  });
});

describe('the quote PDF', () => {
  it('prints a priced quote for its buyer and for staff, with the company; a request without prices has none', async () => {
    const q = await requested();
    expect((await t.api('GET', `/quotes/${q.id}/quote.pdf`, { token: buyer.token })).status).toBe(409);
    await priced(q.id);
    const res = await fetch(`${t.baseUrl}/api/quotes/${q.id}/quote.pdf`, { headers: { authorization: `Bearer ${buyer.token}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    const text = (await pdfPages(new Uint8Array(await res.arrayBuffer()))).join(' ');
    for (const s of ['QUOTATION', q.quote_number, 'Acme Pte Ltd', 'UEN: 201912345K', a.sku, '$6.50', '$742.00', 'Volume price for you']) expect(text).toContain(s);
    const staffPdf = await fetch(`${t.baseUrl}/api/admin/quotes/${q.id}/quote.pdf`, { headers: { authorization: `Bearer ${staff.token}` } });
    expect(staffPdf.status).toBe(200);
  });
});
