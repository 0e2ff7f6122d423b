import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../../server/app';
import { placeOrderFor, sgAddress } from '../../factories/orders';
import { createVariant, guestId } from '../../factories/shop';
import { createUser } from '../../factories/users';
import { createTestApp, type TestApp } from '../../setup/test-app';

// Contract prices as each caller sees them (decision 0193), through both doors: a member of company
// A pays A's list in the listing, on the product, in the cart and on the order; a member of B pays
// B's; a plain buyer and a visitor pay the list price; the catalogue cache (and a second instance on
// the same database) never serves one caller's price to another; a removed member is back on the
// list price at their next request.
let t: TestApp;
let admin: Awaited<ReturnType<typeof createUser>>;
let memberA: Awaited<ReturnType<typeof createUser>>;
let memberB: Awaited<ReturnType<typeof createUser>>;
let plain: Awaited<ReturnType<typeof createUser>>;
let v: Awaited<ReturnType<typeof createVariant>>;
let w: Awaited<ReturnType<typeof createVariant>>;
let companyA: string;
let second: { server: Server; baseUrl: string };

const details = (name: string, reg: string) => ({ name, country: 'SG', registration_number: reg, tax_number: null, billing_address: null });

beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t.deps, { role: 'admin' });
  [memberA, memberB, plain] = [await createUser(t.deps), await createUser(t.deps), await createUser(t.deps)];
  v = await createVariant(t.db, { tiers: [[1, 1000], [10, 800]], onHand: 1000 });
  w = await createVariant(t.db, { tiers: [[1, 2000]], onHand: 1000 });
  const as = { token: admin.token };
  const listA = await t.api('POST', '/admin/price-lists', { ...as, body: { name: 'A', percent_off: 10, items: [{ sku: v.sku, tiers: [{ min_quantity: 1, price: 7 }] }] } });
  const listB = await t.api('POST', '/admin/price-lists', { ...as, body: { name: 'B', percent_off: 50 } });
  const a = await t.api('POST', '/admin/companies', { ...as, body: { ...details('Alpha Pte. Ltd.', '201912345K'), price_list_id: listA.body.id } });
  const b = await t.api('POST', '/admin/companies', { ...as, body: { ...details('Beta Pte. Ltd.', '201954321K'), price_list_id: listB.body.id } });
  companyA = a.body.id;
  expect((await t.api('POST', `/admin/companies/${a.body.id}/members`, { ...as, body: { email: memberA.user.email, role: 'buyer' } })).status).toBe(200);
  expect((await t.api('POST', `/admin/companies/${b.body.id}/members`, { ...as, body: { email: memberB.user.email, role: 'buyer' } })).status).toBe(200);
  // A second instance of the app on the same database, as behind a load balancer.
  const s: Server = await new Promise((resolve) => {
    const srv = createApp(t.deps).listen(0, '127.0.0.1', () => resolve(srv));
  });
  second = { server: s, baseUrl: `http://127.0.0.1:${(s.address() as AddressInfo).port}` };
});
afterAll(async () => {
  await new Promise((r) => second.server.close(r));
  await t.close();
});

type Who = 'A' | 'B' | 'plain' | 'visitor';
const tokenOf = (who: Who) => ({ A: memberA.token, B: memberB.token, plain: plain.token, visitor: null })[who];
// What each caller pays for v (tiers, highest minimum first) and w.
const expectedV: Record<Who, { min_quantity: number; price: number }[]> = {
  A: [{ min_quantity: 1, price: 7 }],
  B: [{ min_quantity: 10, price: 4 }, { min_quantity: 1, price: 5 }],
  plain: [{ min_quantity: 10, price: 8 }, { min_quantity: 1, price: 10 }],
  visitor: [{ min_quantity: 10, price: 8 }, { min_quantity: 1, price: 10 }],
};
const expectedW: Record<Who, number> = { A: 18, B: 10, plain: 20, visitor: 20 };
const fromV: Record<Who, number> = { A: 7, B: 5, plain: 10, visitor: 10 };

async function restOn(baseUrl: string, method: string, path: string, token: string | null, body?: unknown) {
  const res = await fetch(`${baseUrl}/api${path}`, { method, headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body ? { 'content-type': 'application/json' } : {}) }, body: body ? JSON.stringify(body) : undefined });
  return { status: res.status, body: await res.json() };
}

describe('contract prices on the catalogue', () => {
  // Every caller in turn, twice, so each one's read follows another's through the cache.
  const order: Who[] = ['visitor', 'A', 'plain', 'B', 'A', 'visitor', 'B', 'plain'];

  it('the product, through REST on two instances and through tRPC, is each caller’s own price', async () => {
    for (const [i, who] of order.entries()) {
      const base = i % 2 ? second.baseUrl : t.baseUrl;
      const rest = await restOn(base, 'GET', `/products/${v.productId}`, tokenOf(who));
      expect(rest.status).toBe(200);
      expect(rest.body.variants[0].price_tiers, `${who} over REST`).toEqual(expectedV[who]);
      expect(rest.body.price_range.min).toBe(fromV[who]);
      const trpc = await t.caller({ token: tokenOf(who) }).catalog.byId({ id: w.productId });
      expect(trpc.variants[0].price_tiers, `${who} over tRPC`).toEqual([{ min_quantity: 1, price: expectedW[who] }]);
    }
  });

  it('the listing (storefront filter and GET /products) is each caller’s own price', async () => {
    for (const [i, who] of order.entries()) {
      const base = i % 2 ? second.baseUrl : t.baseUrl;
      const page = await restOn(base, 'POST', '/products/filter', tokenOf(who), { limit: 50 });
      expect(page.status).toBe(200);
      const byId = new Map(page.body.products.map((p: { id: string; price_range: { min: number } }) => [p.id, p.price_range.min]));
      expect(byId.get(v.productId), `${who} filter`).toBe(fromV[who]);
      expect(byId.get(w.productId)).toBe(expectedW[who]);
      const list = await restOn(base, 'GET', '/products?limit=100', tokenOf(who));
      expect(new Map(list.body.products.map((p: { id: string; price_range: { min: number } }) => [p.id, p.price_range.min])).get(w.productId), `${who} list`).toBe(expectedW[who]);
      const viaTrpc = await t.caller({ token: tokenOf(who) }).catalog.filter({ limit: 50 });
      expect(viaTrpc.products.find((p) => p.id === v.productId)?.price_range.min).toBe(fromV[who]);
    }
  });

  it('a token that no longer signs anyone in reads the list price, not an error', async () => {
    const res = await restOn(t.baseUrl, 'GET', `/products/${v.productId}`, 'not-a-real-token');
    expect(res.status).toBe(200);
    expect(res.body.variants[0].price_tiers).toEqual(expectedV.visitor);
  });
});

describe('contract prices in the cart and on the order', () => {
  it('the cart shows each buyer’s price, through REST and tRPC, and the order charges it', async () => {
    for (const who of ['A', 'B', 'plain'] as const) {
      const token = tokenOf(who)!;
      const add = await t.api('POST', '/cart/add', { token, body: { variant_id: w.variantId, quantity: 2 } });
      expect(add.status).toBe(200);
      expect(add.body.items[0].price, who).toBe(expectedW[who]);
      expect(add.body.subtotal).toBe(expectedW[who] * 2);
      expect((await t.caller({ token }).cart.get()).items[0].price).toBe(expectedW[who]);
      await t.api('DELETE', '/cart', { token });
      const order = await placeOrderFor(t, token, v.variantId, 12);
      const items = await t.db.orderItem.findMany({ where: { orderId: order.id }, select: { unitPriceCents: true, lineTotalCents: true } });
      const unit = { A: 700, B: 400, plain: 800 }[who];
      expect(items, who).toEqual([{ unitPriceCents: unit, lineTotalCents: unit * 12 }]);
      const got = await t.api('GET', `/orders/${order.id}`, { token });
      expect(got.body.items[0].price).toBe(unit / 100);
    }
  });

  it('quick order, order again and buy again price at the member’s contract price', async () => {
    for (const who of ['B', 'plain'] as const) {
      const token = tokenOf(who)!;
      await t.api('DELETE', '/cart', { token });
      const check = await t.api('POST', '/cart/bulk/check', { token, body: { items: [{ sku: w.sku, quantity: 1 }] } });
      expect(check.status).toBe(200);
      expect(check.body.results[0].variant.unit_price, who).toBe(expectedW[who]);
      const bulk = await t.caller({ token }).cart.bulk({ items: [{ sku: w.sku, quantity: 1 }] });
      expect(bulk.cart.items[0].price).toBe(expectedW[who]);
      const placed = await t.api('POST', '/orders', { token, body: { shipping_address: sgAddress, payment_method: 'stripe' } });
      expect(placed.status).toBe(200);
      const again = await t.api('POST', `/orders/${placed.body.id}/reorder`, { token });
      expect(again.body.cart.items[0].price).toBe(expectedW[who]);
      const buyAgain = await t.api('GET', '/users/me/buy-again', { token });
      expect(buyAgain.body.find((r: { variant_id: string }) => r.variant_id === w.variantId).price).toBe(expectedW[who]);
      await t.api('DELETE', '/cart', { token });
    }
  });

  it('a guest’s cart is at the list price', async () => {
    const add = await t.api('POST', '/cart/add', { guestId: guestId(), body: { variant_id: w.variantId, quantity: 1 } });
    expect(add.status).toBe(200);
    expect(add.body.items[0].price).toBe(20);
  });

  it('a removed member pays the list price at their next request', async () => {
    await t.api('DELETE', '/cart', { token: memberA.token });
    expect((await t.api('GET', `/products/${v.productId}`, { token: memberA.token })).body.variants[0].price_tiers).toEqual(expectedV.A);
    expect((await t.api('DELETE', `/admin/companies/${companyA}/members/${memberA.user.id}`, { token: admin.token })).status).toBe(200);
    expect((await t.api('GET', `/products/${v.productId}`, { token: memberA.token })).body.variants[0].price_tiers).toEqual(expectedV.visitor);
    expect((await t.caller({ token: memberA.token }).catalog.byId({ id: v.productId })).variants[0].price_tiers).toEqual(expectedV.visitor);
    const add = await t.api('POST', '/cart/add', { token: memberA.token, body: { variant_id: w.variantId, quantity: 1 } });
    expect(add.body.items[0].price).toBe(20);
  });

  it('a change to the price list is what the next read sees', async () => {
    const company = await t.db.company.findFirstOrThrow({ where: { name: 'Beta Pte. Ltd.' }, select: { priceListId: true } });
    await t.api('DELETE', '/cart', { token: memberB.token });
    await t.api('POST', '/cart/add', { token: memberB.token, body: { variant_id: w.variantId, quantity: 1 } });
    expect((await restOn(second.baseUrl, 'GET', '/cart', memberB.token)).body.items[0].price).toBe(10);
    await t.api('PATCH', `/admin/price-lists/${company.priceListId}`, { token: admin.token, body: { percent_off: 25 } });
    // The cart reads the list as the catalogue keeps it in process: dropped by the change, on both instances.
    for (const base of [t.baseUrl, second.baseUrl]) expect((await restOn(base, 'GET', '/cart', memberB.token)).body.items[0].price).toBe(15);
    expect((await t.api('GET', `/products/${w.productId}`, { token: memberB.token })).body.variants[0].price_tiers).toEqual([{ min_quantity: 1, price: 15 }]);
    expect((await t.api('GET', `/products/${w.productId}`, {})).body.variants[0].price_tiers).toEqual([{ min_quantity: 1, price: 20 }]);
  });
});
