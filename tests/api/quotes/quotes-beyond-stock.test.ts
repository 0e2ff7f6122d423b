// Quotes beyond stock (issue 38 point 3, decision 0180), through both doors: a buyer asks for any
// quantity from a product page or quick order (by SKU, without the cart and its stock cap); the
// accepted quote is placed from its own lines with the checkout's stock rule; the buyer's cart ends
// as it was before the quote; the address a new order starts with is the last one used.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openApiDocument } from '../../../server/rest/openapi';
import { sgToday } from '../../../shared/domain/quotes';
import { sgAddress } from '../../factories/orders';
import { createVariant } from '../../factories/shop';
import { createUser } from '../../factories/users';
import { createTestApp, type TestApp } from '../../setup/test-app';

let t: TestApp;
let staff: Awaited<ReturnType<typeof createUser>>;
let big: Awaited<ReturnType<typeof createVariant>>;
let small: Awaited<ReturnType<typeof createVariant>>;

const inDays = (n: number) => new Date(Date.parse(sgToday()) + n * 86_400_000).toISOString().slice(0, 10);
type Buyer = Awaited<ReturnType<typeof createUser>>;

beforeAll(async () => {
  t = await createTestApp();
  staff = await createUser(t.deps, { role: 'staff' });
  big = await createVariant(t.db, { name: 'Bulk mailer', onHand: 40, tiers: [[1, 1000], [100, 700]] });
  small = await createVariant(t.db, { name: 'Side wrap', onHand: 500, tiers: [[1, 300]] });
});
afterAll(async () => {
  await t.close();
});

/** The cart as [sku, quantity] pairs, in the cart's order. */
async function cartLines(token: string): Promise<[string, number][]> {
  const res = await t.api('GET', '/cart', { token });
  expect(res.status).toBe(200);
  return res.body.items.map((i: any) => [i.sku, i.quantity]);
}

async function add(token: string, variant_id: string, quantity: number) {
  const res = await t.api('POST', '/cart/add', { token, body: { variant_id, quantity } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

async function price(id: string) {
  const q = await t.caller({ token: staff.token }).admin.quotes.get({ id });
  const res = await t.api('PUT', `/admin/quotes/${id}`, {
    token: staff.token,
    body: { lines: q.lines.map((l) => ({ line_id: l.id, unit_price: 5 })), shipping_fee: 0, valid_until: inDays(14), message: null },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

describe('asking for more than is in stock', () => {
  it('takes a request for any quantity by SKU through REST, leaves the cart alone, and prices the lines itself', async () => {
    const buyer = await createUser(t.deps);
    await add(buyer.token, small.variantId, 2);
    const before = await cartLines(buyer.token);
    // 5000 packs of a variant with 40 in stock: the cart would refuse it, a quote asks for it.
    const res = await t.api('POST', '/quotes', { token: buyer.token, body: { lines: [{ sku: big.sku, quantity: 5000 }], note: 'Yearly stock', list_price: 0.01 } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ status: 'requested', note: 'Yearly stock', started_by_staff: false });
    // The tier price for 5000 packs, decided by the server (a price sent along is not read).
    expect(res.body.lines.map((l: any) => [l.sku, l.quantity, l.list_price])).toEqual([[big.sku, 5000, 7]]);
    expect(await cartLines(buyer.token)).toEqual(before);
    const row = await t.db.quote.findUniqueOrThrow({ where: { id: res.body.id }, select: { fromCart: true } });
    expect(row.fromCart).toBe(false);
  });

  it('takes the lines of a quick order through tRPC, one line per SKU with the quantities added', async () => {
    const buyer = await createUser(t.deps);
    const q = await t.caller({ token: buyer.token }).quotes.request({ lines: [{ sku: big.sku, quantity: 3000 }, { sku: small.sku, quantity: 10 }, { sku: ` ${big.sku} `, quantity: 1000 }] });
    expect(q.lines.map((l) => [l.sku, l.quantity])).toEqual([[big.sku, 4000], [small.sku, 10]]);
    expect(await cartLines(buyer.token)).toEqual([]);
  });

  it('refuses odd lines on both doors: 0, negative, fractions, huge, too many, unknown SKUs, and anyone signed out', async () => {
    const buyer = await createUser(t.deps);
    const bad: [unknown, RegExp][] = [
      [[{ sku: big.sku, quantity: 0 }], /at least 1/],
      [[{ sku: big.sku, quantity: -5 }], /at least 1/],
      [[{ sku: big.sku, quantity: 2.5 }], /whole number/],
      [[{ sku: big.sku, quantity: 10_001 }], /more than 10000/],
      [[{ sku: big.sku, quantity: 1e12 }], /more than 10000/],
      [[{ sku: big.sku, quantity: 6000 }, { sku: big.sku, quantity: 6000 }], /10000 packs at most/],
      [[{ sku: big.sku, quantity: '5' }], /must be a number/],
      [[{ sku: '', quantity: 1 }], /SKU is required/],
      [[], /at least one line/],
      [Array.from({ length: 201 }, () => ({ sku: big.sku, quantity: 1 })), /at most 200 lines/],
      [[{ sku: 'NOPE-404', quantity: 1 }], /Unknown SKU: NOPE-404/],
      ['all', /list/],
    ];
    for (const [lines, detail] of bad) {
      const rest = await t.api('POST', '/quotes', { token: buyer.token, body: { lines } });
      expect(rest.status, JSON.stringify(lines).slice(0, 100)).toBe(400);
      expect(JSON.stringify(rest.body)).toMatch(detail);
      const trpc = await t.caller({ token: buyer.token }).quotes.request({ lines: lines as never }).catch((e) => e);
      expect(trpc, JSON.stringify(lines).slice(0, 100)).toMatchObject({ code: 'BAD_REQUEST' });
      expect(trpc.message).toMatch(detail);
    }
    expect(await t.db.quote.count({ where: { userId: buyer.user.id } })).toBe(0);
    expect((await t.api('POST', '/quotes', { body: { lines: [{ sku: big.sku, quantity: 1 }] } })).status).toBe(401);
    await expect(t.caller().quotes.request({ lines: [{ sku: big.sku, quantity: 1 }] })).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
  });
});

describe('the REST door as documented', () => {
  it('documents the lines of POST /quotes and GET /users/me/addresses/last', () => {
    const doc = openApiDocument() as any;
    const body = doc.paths['/quotes'].post.requestBody.content['application/json'].schema;
    expect(body.properties.lines.items.properties.quantity).toMatchObject({ minimum: 1, maximum: 10_000 });
    expect(doc.paths['/quotes'].post.summary).toMatch(/stock or not/);
    expect(doc.paths['/users/me/addresses/last'].get.responses['200']).toBeDefined();
  });
});

describe('accepting', () => {
  it('refuses an order beyond stock with the checkout\'s message and keeps the quote open; places it from its own lines once stock is there; the cart stays exactly as it was', async () => {
    const buyer = await createUser(t.deps);
    const v = await createVariant(t.db, { name: 'Rare box', onHand: 30, tiers: [[1, 900]] });
    await add(buyer.token, small.variantId, 3);
    await add(buyer.token, v.variantId, 2);
    const before = await cartLines(buyer.token);
    const q = (await t.api('POST', '/quotes', { token: buyer.token, body: { lines: [{ sku: v.sku, quantity: 200 }] } })).body;
    await price(q.id);

    const short = await t.api('POST', `/quotes/${q.id}/accept`, { token: buyer.token, headers: { 'idempotency-key': 'beyond-stock-1' }, body: { shipping_address: sgAddress } });
    expect(short.status).toBe(409);
    expect(short.body.detail).toMatch(/^Sorry, only 30 left of Rare box/);
    expect((await t.api('GET', `/quotes/${q.id}`, { token: buyer.token })).body.status).toBe('quoted');

    await t.db.variant.update({ where: { id: v.variantId }, data: { onHand: 250 } });
    const order = await t.caller({ token: buyer.token, idempotencyKey: 'beyond-stock-2' }).quotes.accept({ id: q.id, shipping_address: sgAddress, payment_method: 'stripe' });
    expect(order.items.map((i) => [i.sku, i.quantity, i.price])).toEqual([[v.sku, 200, 5]]);
    // The quoted lines are not in the cart and did not merge into it: the next checkout is the same as before.
    expect(await cartLines(buyer.token)).toEqual(before);
    const stock = await t.db.variant.findUniqueOrThrow({ where: { id: v.variantId }, select: { allocated: true } });
    expect(stock.allocated).toBe(200);
  });

  it('takes the lines of a quote asked for on the cart out of the cart, and keeps what was added beside them', async () => {
    const buyer = await createUser(t.deps);
    await add(buyer.token, big.variantId, 3);
    const q = (await t.api('POST', '/quotes', { token: buyer.token, body: { note: 'From the cart' } })).body;
    expect(q.lines.map((l: any) => [l.sku, l.quantity])).toEqual([[big.sku, 3]]);
    // Asking leaves the cart alone (the buyer may keep shopping) ...
    expect(await cartLines(buyer.token)).toEqual([[big.sku, 3]]);
    await add(buyer.token, big.variantId, 2);
    await add(buyer.token, small.variantId, 1);
    await price(q.id);
    const res = await t.api('POST', `/quotes/${q.id}/accept`, { token: buyer.token, headers: { 'idempotency-key': 'from-cart-1' }, body: { shipping_address: sgAddress } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    // ... and accepting orders the quoted 3: what is left is what was added after asking.
    expect(await cartLines(buyer.token)).toEqual([[big.sku, 2], [small.sku, 1]]);
  });

  it("answers 404 for someone else's quote and an unknown one, on both doors, and changes nothing", async () => {
    const owner = await createUser(t.deps);
    const stranger: Buyer = await createUser(t.deps);
    const q = (await t.api('POST', '/quotes', { token: owner.token, body: { lines: [{ sku: small.sku, quantity: 20 }] } })).body;
    await price(q.id);
    for (const id of [q.id, 'no-such-quote']) {
      expect((await t.api('GET', `/quotes/${id}`, { token: stranger.token })).status).toBe(404);
      expect((await t.api('POST', `/quotes/${id}/accept`, { token: stranger.token, body: { shipping_address: sgAddress } })).status).toBe(404);
      expect((await t.api('POST', `/quotes/${id}/decline`, { token: stranger.token })).status).toBe(404);
      await expect(t.caller({ token: stranger.token }).quotes.accept({ id, shipping_address: sgAddress, payment_method: 'stripe' })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    }
    expect((await t.api('GET', `/quotes/${q.id}`, { token: owner.token })).body.status).toBe('quoted');
  });
});

describe('the address a new order starts with', () => {
  const at = (line1: string, postalCode: string) => ({ ...sgAddress, addressLine1: line1, postalCode });

  it('is the default saved address before any order, then the last order\'s (saved or typed), on both doors', async () => {
    const buyer = await createUser(t.deps);
    const rest = async () => (await t.api('GET', '/users/me/addresses/last', { token: buyer.token })).body;
    expect(await rest()).toEqual({ address_id: null, address: null });
    const home = (await t.api('POST', '/users/me/addresses', { token: buyer.token, body: at('1 Home Road', '100001') })).body;
    const office = (await t.api('POST', '/users/me/addresses', { token: buyer.token, body: at('2 Office Park', '200002') })).body;
    expect(await rest()).toMatchObject({ address_id: home.id, address: { addressLine1: '1 Home Road' } });

    // A quote accepted to the office: the next one starts there.
    const q = (await t.api('POST', '/quotes', { token: buyer.token, body: { lines: [{ sku: small.sku, quantity: 5 }] } })).body;
    await price(q.id);
    const accepted = await t.api('POST', `/quotes/${q.id}/accept`, { token: buyer.token, headers: { 'idempotency-key': 'address-1' }, body: { shipping_address: at('2 Office Park', '200002'), address_id: office.id } });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    const viaTrpc = await t.caller({ token: buyer.token }).users.deliveryAddress();
    expect(viaTrpc).toEqual({ address_id: office.id, address: { ...at('2 Office Park', '200002'), addressLine2: null } });
    expect(await rest()).toEqual(viaTrpc);

    // An order to an address typed at checkout and not saved: that address, without a saved id.
    await add(buyer.token, small.variantId, 1);
    const typed = await t.api('POST', '/orders', { token: buyer.token, headers: { 'idempotency-key': 'address-2' }, body: { shipping_address: at('9 Depot Lane', '300003'), payment_method: 'stripe' } });
    expect(typed.status, JSON.stringify(typed.body)).toBe(200);
    expect(await rest()).toMatchObject({ address_id: null, address: { addressLine1: '9 Depot Lane', postalCode: '300003', fullName: sgAddress.fullName } });
    expect((await t.api('GET', '/users/me/addresses/last')).status).toBe(401);
  });
});
