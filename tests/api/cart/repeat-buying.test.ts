// Order again, quick order by SKU and "Buy again", through REST and tRPC: every line is
// checked by the cart's own rules at today's prices, refused lines come back with the reason, and
// one customer never reaches another's orders.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVariant, guestId } from '../../factories/shop';
import { sgAddress } from '../../factories/orders';
import { createUser } from '../../factories/users';
import { createTestApp, type TestApp } from '../../setup/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type V = Awaited<ReturnType<typeof createVariant>>;

async function orderOf(token: string, lines: [V, number][]) {
  for (const [v, q] of lines) {
    const add = await t.api('POST', '/cart/add', { token, body: { variant_id: v.variantId, quantity: q } });
    expect(add.status).toBe(200);
  }
  const res = await t.api('POST', '/orders', { token, body: { shipping_address: sgAddress, payment_method: 'stripe' } });
  expect(res.status).toBe(200);
  return res.body as { id: string };
}

describe('order again', () => {
  let buyer: Awaited<ReturnType<typeof createUser>>;
  let other: Awaited<ReturnType<typeof createUser>>;
  let keep: V, soldOut: V, short: V, gone: V, unpriced: V;
  let orderId: string;

  beforeAll(async () => {
    buyer = await createUser(t.deps);
    other = await createUser(t.deps);
    keep = await createVariant(t.db, { name: 'Mailer Keep', onHand: 100, tiers: [[1, 1000], [10, 800]] });
    soldOut = await createVariant(t.db, { name: 'Mailer Gone Soon', onHand: 50 });
    short = await createVariant(t.db, { name: 'Mailer Short', onHand: 50 });
    gone = await createVariant(t.db, { name: 'Mailer Deleted', onHand: 50 });
    unpriced = await createVariant(t.db, { name: 'Mailer Unpriced', onHand: 50 });
    orderId = (await orderOf(buyer.token, [[keep, 4], [soldOut, 2], [short, 5], [gone, 1], [unpriced, 3]])).id;
    // After the order: one sells out, one runs short, one is deleted, one loses its price; the kept one gets dearer.
    await t.db.variant.update({ where: { id: soldOut.variantId }, data: { onHand: 2, allocated: 2 } });
    await t.db.variant.update({ where: { id: short.variantId }, data: { onHand: 10, allocated: 8 } });
    await t.db.variant.delete({ where: { id: gone.variantId } });
    await t.db.priceTier.updateMany({ where: { variantId: unpriced.variantId }, data: { priceCents: 0 } });
    await t.db.priceTier.updateMany({ where: { variantId: keep.variantId, minQuantity: 1 }, data: { priceCents: 1200 } });
  });

  it('adds what can be added at today\'s price and names every skipped line with its reason (REST)', async () => {
    const res = await t.api('POST', `/orders/${orderId}/reorder`, { token: buyer.token });
    expect(res.status).toBe(200);
    expect(res.body.cart.items).toHaveLength(1);
    expect(res.body.cart.items[0]).toMatchObject({ variant_id: keep.variantId, quantity: 4, price: 12, line_total: 48 });
    expect(res.body.added).toEqual([{ sku: keep.sku, product_name: 'Mailer Keep', quantity: 4 }]);
    const byName = Object.fromEntries(res.body.skipped.map((s: { product_name: string }) => [s.product_name, s]));
    expect(Object.keys(byName).sort()).toEqual(['Mailer Deleted', 'Mailer Gone Soon', 'Mailer Short', 'Mailer Unpriced']);
    expect(byName['Mailer Gone Soon']).toMatchObject({ reason: 'out_of_stock', quantity: 2, detail: 'Sorry, Mailer Gone Soon 25x35 (50 pcs) is out of stock' });
    expect(byName['Mailer Short']).toMatchObject({ reason: 'not_enough_stock', quantity: 5, detail: 'Only 2 left of Mailer Short 25x35 (50 pcs)' });
    expect(byName['Mailer Deleted']).toMatchObject({ reason: 'deleted', sku: gone.sku, detail: `Mailer Deleted (${gone.sku}) is no longer sold` });
    expect(byName['Mailer Unpriced']).toMatchObject({ reason: 'not_for_sale' });
    expect(byName['Mailer Unpriced'].detail).toMatch(/has no price yet/);
  });

  it('adds to the lines already in the cart and counts them against the stock (tRPC)', async () => {
    // The cart now holds 4 of keep; 100 on hand: a second reorder makes it 8, the tier for 10 not yet reached.
    const res = await t.caller({ token: buyer.token }).orders.reorder({ id: orderId });
    expect(res.cart.items[0]).toMatchObject({ variant_id: keep.variantId, quantity: 8, price: 12 });
    // 4 are allocated to the first order: 14 on hand leaves 10, and the cart holds 8.
    await t.db.variant.update({ where: { id: keep.variantId }, data: { onHand: 14 } });
    const again = await t.caller({ token: buyer.token }).orders.reorder({ id: orderId });
    expect(again.added).toEqual([]);
    expect(again.skipped.find((s) => s.sku === keep.sku)).toMatchObject({ reason: 'not_enough_stock', detail: 'Only 10 left of Mailer Keep 25x35 (50 pcs) and you already have 8 in your cart: you can add 2 more' });
    expect(again.cart.items[0].quantity).toBe(8);
  });

  it("answers 404 for another customer's order and an unknown one, 401 without a sign-in", async () => {
    const stranger = await t.api('POST', `/orders/${orderId}/reorder`, { token: other.token });
    expect(stranger.status).toBe(404);
    expect(stranger.body.detail).toBe('Order not found');
    await expect(t.caller({ token: other.token }).orders.reorder({ id: orderId })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect((await t.api('POST', '/orders/nope/reorder', { token: buyer.token })).status).toBe(404);
    expect((await t.api('POST', `/orders/${orderId}/reorder`)).status).toBe(401);
    expect((await t.api('GET', '/cart', { token: other.token })).body.items).toEqual([]);
  });

  it('lists every variant bought before with last and today\'s price, searchable', async () => {
    const res = await t.api('GET', '/users/me/buy-again', { token: buyer.token });
    expect(res.status).toBe(200);
    const names = res.body.map((r: { product_name: string }) => r.product_name).sort();
    expect(names).toEqual(['Mailer Gone Soon', 'Mailer Keep', 'Mailer Short', 'Mailer Unpriced']);
    const k = res.body.find((r: { sku: string }) => r.sku === keep.sku);
    expect(k).toMatchObject({ last_quantity: 4, last_price: 10, price: 12, available: 10, pack_size: 50 });
    expect(res.body.find((r: { product_name: string }) => r.product_name === 'Mailer Unpriced').price).toBeNull();
    const found = await t.caller({ token: buyer.token }).orders.buyAgain({ search: 'short' });
    expect(found.map((r) => r.product_name)).toEqual(['Mailer Short']);
    expect((await t.api('GET', '/users/me/buy-again', { token: other.token })).body).toEqual([]);
    expect((await t.api('GET', '/users/me/buy-again?search=%25', { token: buyer.token })).body).toEqual([]);
  });
});

describe('quick order by SKU: POST /api/cart/bulk', () => {
  let a: V, b: V, scarce: V;
  beforeAll(async () => {
    a = await createVariant(t.db, { name: 'Bulk A', onHand: 500, tiers: [[1, 1000], [10, 800]] });
    b = await createVariant(t.db, { name: 'Bulk B', onHand: 100 });
    scarce = await createVariant(t.db, { name: 'Bulk Scarce', onHand: 3 });
    await t.db.variant.update({ where: { id: b.variantId }, data: { sku: 'POLYMAILERS_NORMAL_BABY BLUE_25X35_50' } });
  });

  it('adds every valid line together and reports each refused one, keeping what was typed', async () => {
    const g = guestId();
    const res = await t.api('POST', '/cart/bulk', {
      guestId: g,
      body: {
        items: [
          { sku: a.sku.toLowerCase(), quantity: 10 },
          { sku: 'polymailers_normal_baby  blue_25x35_50', quantity: 2 },
          { sku: 'NO-SUCH-SKU', quantity: 1 },
          { sku: scarce.sku, quantity: 4 },
          { sku: a.sku, quantity: 1.5 },
          { sku: a.sku, quantity: -2 },
          { sku: '', quantity: 1 },
        ],
      },
    });
    expect(res.status).toBe(200);
    expect(res.body.results.map((r: { status: string; reason: string | null }) => [r.status, r.reason])).toEqual([
      ['added', null],
      ['added', null],
      ['error', 'unknown_sku'],
      ['error', 'not_enough_stock'],
      ['error', 'bad_quantity'],
      ['error', 'bad_quantity'],
      ['error', 'unknown_sku'],
    ]);
    expect(res.body.results[0]).toMatchObject({ sku: a.sku, quantity: 10, detail: null, variant: { product_name: 'Bulk A', pack_size: 50, unit_price: 8, available: 500, can_add: 500 } });
    expect(res.body.results[2]).toMatchObject({ sku: 'NO-SUCH-SKU', quantity: 1, detail: 'Unknown SKU NO-SUCH-SKU', variant: null });
    expect(res.body.results[3].detail).toBe('Only 3 left of Bulk Scarce 25x35 (50 pcs)');
    expect(res.body.results[4]).toMatchObject({ quantity: 1.5, detail: 'Quantity must be a whole number', variant: { product_name: 'Bulk A' } });
    expect(res.body.results[5].detail).toBe('Quantity must be at least 1');
    expect(res.body.cart.items.map((i: { sku: string; quantity: number }) => [i.sku, i.quantity])).toEqual([
      [a.sku, 10],
      ['POLYMAILERS_NORMAL_BABY BLUE_25X35_50', 2],
    ]);
    expect(res.body.cart.items[0].price).toBe(8);
  });

  it('counts repeated SKUs and the cart line together against the stock', async () => {
    const g = guestId();
    await t.api('POST', '/cart/add', { guestId: g, body: { variant_id: scarce.variantId, quantity: 1 } });
    const res = await t.api('POST', '/cart/bulk', { guestId: g, body: { items: [{ sku: scarce.sku, quantity: 1 }, { sku: scarce.sku, quantity: 1 }, { sku: scarce.sku, quantity: 1 }] } });
    expect(res.body.results.map((r: { status: string }) => r.status)).toEqual(['added', 'added', 'error']);
    expect(res.body.results[2].detail).toBe('Only 3 left of Bulk Scarce 25x35 (50 pcs) and you already have 1 in your cart and 2 on earlier lines: you cannot add more');
    expect(res.body.cart.items).toHaveLength(1);
    expect(res.body.cart.items[0].quantity).toBe(3);
  });

  it('leaves the cart as it was when no line is valid', async () => {
    const g = guestId();
    await t.api('POST', '/cart/add', { guestId: g, body: { variant_id: b.variantId, quantity: 1 } });
    const res = await t.api('POST', '/cart/bulk', { guestId: g, body: { items: [{ sku: 'X', quantity: 1 }] } });
    expect(res.status).toBe(200);
    expect(res.body.cart.items.map((i: { quantity: number }) => i.quantity)).toEqual([1]);
  });

  it('refuses the whole request for more than 200 lines, no lines, wrong types or no session', async () => {
    const g = guestId();
    const many = Array.from({ length: 201 }, () => ({ sku: a.sku, quantity: 1 }));
    const tooMany = await t.api('POST', '/cart/bulk', { guestId: g, body: { items: many } });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.detail).toMatch(/At most 200 lines/);
    expect((await t.api('POST', '/cart/bulk', { guestId: g, body: { items: [] } })).status).toBe(400);
    expect((await t.api('POST', '/cart/bulk', { guestId: g, body: { items: [{ sku: a.sku, quantity: '2' }] } })).status).toBe(400);
    expect((await t.api('POST', '/cart/bulk', { guestId: g, body: { items: [{ sku: 7, quantity: 2 }] } })).status).toBe(400);
    expect((await t.api('POST', '/cart/bulk', { guestId: g, body: { items: [{ sku: 'A\u0000B', quantity: 2 }] } })).status).toBe(400);
    expect((await t.api('POST', '/cart/bulk', { guestId: g, body: { items: [{ sku: 'x'.repeat(201), quantity: 2 }] } })).status).toBe(400);
    const noSession = await t.api('POST', '/cart/bulk', { body: { items: [{ sku: a.sku, quantity: 1 }] } });
    expect(noSession.status).toBe(400);
    expect(noSession.body.detail).toBe('Session ID is required');
    expect((await t.api('GET', '/cart', { guestId: g })).body.items).toEqual([]);
    // 200 lines is allowed.
    const exactly = await t.api('POST', '/cart/bulk', { guestId: g, body: { items: many.slice(0, 200) } });
    expect(exactly.status).toBe(200);
    expect(exactly.body.cart.items[0].quantity).toBe(200);
  });

  it("adds to a signed-in buyer's cart through tRPC", async () => {
    const u = await createUser(t.deps);
    const res = await t.caller({ token: u.token }).cart.bulk({ items: [{ sku: 'POLYMAILERS_NORMAL_BABY BLUE_25X35_50', quantity: 3 }] });
    expect(res.results[0]).toMatchObject({ status: 'added' });
    expect((await t.api('GET', '/cart', { token: u.token })).body.items[0]).toMatchObject({ variant_id: b.variantId, quantity: 3 });
  });

  it('checks rows without adding, and suggests SKUs as the buyer types', async () => {
    const g = guestId();
    const check = await t.api('POST', '/cart/bulk/check', { guestId: g, body: { items: [{ sku: a.sku, quantity: 12 }, { sku: 'NOPE', quantity: 1 }] } });
    expect(check.status).toBe(200);
    expect(check.body.results[0]).toMatchObject({ status: 'ok', variant: { unit_price: 8, available: 500, size: '25x35', pack_size: 50 } });
    expect(check.body.results[1]).toMatchObject({ status: 'error', reason: 'unknown_sku' });
    expect((await t.api('GET', '/cart', { guestId: g })).body.items).toEqual([]);
    // Works without a session too (nothing is stored).
    expect((await t.caller().cart.bulkCheck({ items: [{ sku: a.sku, quantity: 1 }] })).results[0].status).toBe('ok');

    const sugg = await t.api('GET', `/cart/sku-suggestions?q=${encodeURIComponent('baby blue')}`);
    expect(sugg.status).toBe(200);
    expect(sugg.body).toEqual([{ sku: 'POLYMAILERS_NORMAL_BABY BLUE_25X35_50', product_name: 'Bulk B', size: '25x35', pack_size: 50, available: 97 }].map((s) => ({ ...s, available: expect.any(Number) })));
    expect((await t.api('GET', '/cart/sku-suggestions?q=%25%25')).body).toEqual([]);
    expect((await t.api('GET', '/cart/sku-suggestions?q=')).status).toBe(400);
  });
});
