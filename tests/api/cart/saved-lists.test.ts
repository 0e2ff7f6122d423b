// Saved lists through REST and tRPC: named lists of variants with limits and clear
// messages, filled from a product, the cart or an order, added to the cart by the cart's rules, and
// never reachable by another customer.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_SAVED_LIST_LINES, MAX_SAVED_LISTS } from '../../../shared/domain/saved-lists';
import { sgAddress } from '../../factories/orders';
import { createVariant } from '../../factories/shop';
import { createUser } from '../../factories/users';
import { createTestApp, type TestApp } from '../../setup/test-app';
import { newId } from '../../../server/db/ids';

let t: TestApp;
let buyer: Awaited<ReturnType<typeof createUser>>;
let other: Awaited<ReturnType<typeof createUser>>;
let a: Awaited<ReturnType<typeof createVariant>>;
let b: Awaited<ReturnType<typeof createVariant>>;
beforeAll(async () => {
  t = await createTestApp();
  buyer = await createUser(t.deps);
  other = await createUser(t.deps);
  a = await createVariant(t.db, { name: 'List A', onHand: 100, tiers: [[1, 1000], [10, 800]] });
  b = await createVariant(t.db, { name: 'List B', onHand: 3 });
});
afterAll(() => t.close());

describe('saved lists', () => {
  let listId: string;

  it('creates, names uniquely, renames and lists', async () => {
    const res = await t.api('POST', '/lists', { token: buyer.token, body: { name: '  Monthly mailers ' } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: 'Monthly mailers', item_count: 0, items: [] });
    listId = res.body.id;
    const clash = await t.api('POST', '/lists', { token: buyer.token, body: { name: 'Monthly mailers' } });
    expect(clash.status).toBe(409);
    expect(clash.body.detail).toBe('You already have a list called "Monthly mailers"');
    // Another customer may use the same name.
    expect((await t.api('POST', '/lists', { token: other.token, body: { name: 'Monthly mailers' } })).status).toBe(200);
    for (const name of ['', '   ', 'x'.repeat(61), 5]) {
      expect((await t.api('POST', '/lists', { token: buyer.token, body: { name } })).status, String(name)).toBe(400);
    }
    const w = await t.api('POST', '/lists', { token: buyer.token, body: { name: 'Warehouse B' } });
    const renamed = await t.api('PATCH', `/lists/${w.body.id}`, { token: buyer.token, body: { name: 'Warehouse C' } });
    expect(renamed.status).toBe(200);
    expect(renamed.body.name).toBe('Warehouse C');
    expect((await t.api('PATCH', `/lists/${w.body.id}`, { token: buyer.token, body: { name: 'Monthly mailers' } })).status).toBe(409);
    const all = await t.api('GET', '/lists', { token: buyer.token });
    expect(all.body.map((l: { name: string }) => l.name).sort()).toEqual(['Monthly mailers', 'Warehouse C']);
    expect((await t.api('DELETE', `/lists/${w.body.id}`, { token: buyer.token })).status).toBe(200);
    expect((await t.api('GET', `/lists/${w.body.id}`, { token: buyer.token })).status).toBe(404);
  });

  it('saves variants, adds to a line already there, changes and removes quantities, with today\'s prices', async () => {
    let res = await t.api('POST', `/lists/${listId}/items`, { token: buyer.token, body: { variant_id: a.variantId, quantity: 4 } });
    expect(res.status).toBe(200);
    res = await t.api('POST', `/lists/${listId}/items`, { token: buyer.token, body: { variant_id: a.variantId, quantity: 6 } });
    expect(res.body.items).toHaveLength(1);
    expect(res.body.items[0]).toMatchObject({ variant_id: a.variantId, sku: a.sku, product_name: 'List A', quantity: 10, unit_price: 8, available: 100, pack_size: 50 });
    await t.caller({ token: buyer.token }).lists.addItem({ id: listId, variant_id: b.variantId, quantity: 2 });
    const list = await t.caller({ token: buyer.token }).lists.get({ id: listId });
    expect(list.items.map((i) => i.product_name)).toEqual(['List A', 'List B']);
    const itemA = list.items[0].id;
    const changed = await t.api('PATCH', `/lists/${listId}/items/${itemA}`, { token: buyer.token, body: { quantity: 5 } });
    expect(changed.body.items[0]).toMatchObject({ quantity: 5, unit_price: 10 });
    for (const quantity of [0, -1, 1.5, 10_001, 'x']) {
      expect((await t.api('PATCH', `/lists/${listId}/items/${itemA}`, { token: buyer.token, body: { quantity } })).status, String(quantity)).toBe(400);
    }
    expect((await t.api('POST', `/lists/${listId}/items`, { token: buyer.token, body: { variant_id: 'nope', quantity: 1 } })).status).toBe(404);
  });

  it('adds the whole list to the cart by the cart\'s rules and names what did not fit', async () => {
    await t.db.variant.update({ where: { id: b.variantId }, data: { onHand: 1 } });
    const res = await t.api('POST', `/lists/${listId}/to-cart`, { token: buyer.token });
    expect(res.status).toBe(200);
    expect(res.body.cart.items.map((i: { sku: string; quantity: number }) => [i.sku, i.quantity])).toEqual([[a.sku, 5]]);
    expect(res.body.added).toEqual([{ sku: a.sku, product_name: 'List A', quantity: 5 }]);
    expect(res.body.skipped).toEqual([{ sku: b.sku, product_name: 'List B', quantity: 2, reason: 'not_enough_stock', detail: 'Only 1 left of List B 25x35 (50 pcs)' }]);
  });

  it("answers 404 for another customer's list and its lines, 401 signed out", async () => {
    const list = await t.caller({ token: buyer.token }).lists.get({ id: listId });
    const item = list.items[0].id;
    const calls: [string, string, unknown?][] = [
      ['GET', `/lists/${listId}`],
      ['PATCH', `/lists/${listId}`, { name: 'Mine now' }],
      ['DELETE', `/lists/${listId}`],
      ['POST', `/lists/${listId}/items`, { variant_id: a.variantId, quantity: 1 }],
      ['PATCH', `/lists/${listId}/items/${item}`, { quantity: 3 }],
      ['DELETE', `/lists/${listId}/items/${item}`],
      ['POST', `/lists/${listId}/to-cart`],
    ];
    for (const [method, path, body] of calls) {
      const res = await t.api(method, path, { token: other.token, body });
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.body.detail).toBe('List not found');
      expect((await t.api(method, path, { body })).status).toBe(401);
    }
    // A line id of one list used under another list of the same buyer is not found either.
    const second = await t.api('POST', '/lists', { token: buyer.token, body: { name: 'Second' } });
    expect((await t.api('DELETE', `/lists/${second.body.id}/items/${item}`, { token: buyer.token })).body.detail).toBe('List item not found');
    expect((await t.caller({ token: buyer.token }).lists.get({ id: listId })).items).toHaveLength(2);
    await expect(t.caller({ token: other.token }).lists.toCart({ id: listId })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('saves the whole cart or a past order as a new list', async () => {
    const u = await createUser(t.deps);
    expect((await t.api('POST', '/lists', { token: u.token, body: { name: 'From cart', from_cart: true } })).body.detail).toBe('Your cart is empty');
    await t.api('POST', '/cart/add', { token: u.token, body: { variant_id: a.variantId, quantity: 3 } });
    const fromCart = await t.api('POST', '/lists', { token: u.token, body: { name: 'From cart', from_cart: true } });
    expect(fromCart.status).toBe(200);
    expect(fromCart.body.items.map((i: { sku: string; quantity: number }) => [i.sku, i.quantity])).toEqual([[a.sku, 3]]);
    const order = await t.api('POST', '/orders', { token: u.token, body: { shipping_address: sgAddress, payment_method: 'stripe' } });
    expect(order.status).toBe(200);
    const fromOrder = await t.api('POST', '/lists', { token: u.token, body: { name: 'From order', from_order_id: order.body.id } });
    expect(fromOrder.body).toMatchObject({ name: 'From order', left_out: 0, item_count: 1 });
    expect((await t.api('POST', '/lists', { token: other.token, body: { name: 'Stolen', from_order_id: order.body.id } })).status).toBe(404);
    expect((await t.api('POST', '/lists', { token: u.token, body: { name: 'Both', from_cart: true, from_order_id: order.body.id } })).status).toBe(400);
  });

  it(`keeps at most ${MAX_SAVED_LISTS} lists and ${MAX_SAVED_LIST_LINES} lines, with clear messages`, async () => {
    const u = await createUser(t.deps);
    await t.db.savedList.createMany({ data: Array.from({ length: MAX_SAVED_LISTS }, (_, i) => ({ id: newId(), userId: u.user.id, name: `L${i}` })) });
    const over = await t.api('POST', '/lists', { token: u.token, body: { name: 'One more' } });
    expect(over.status).toBe(409);
    expect(over.body.detail).toBe('You can keep at most 20 lists. Delete one you no longer use first.');
    const full = await t.db.savedList.findFirstOrThrow({ where: { userId: u.user.id }, select: { id: true } });
    const product = await t.db.product.findFirstOrThrow({ where: { name: 'List A' }, select: { id: true } });
    const variants = await Promise.all(
      Array.from({ length: MAX_SAVED_LIST_LINES }, (_, i) =>
        t.db.variant.create({ data: { id: newId(), productId: product.id, sku: `FULL-${u.user.id}-${i}`, type: 'normal', color: 'white', widthCm: 1, heightCm: 1, sizeCode: '1x1', onHand: 5 }, select: { id: true } }),
      ),
    );
    await t.db.savedListItem.createMany({ data: variants.map((v) => ({ id: newId(), listId: full.id, variantId: v.id, quantity: 1 })) });
    const line = await t.api('POST', `/lists/${full.id}/items`, { token: u.token, body: { variant_id: a.variantId, quantity: 1 } });
    expect(line.status).toBe(409);
    expect(line.body.detail).toBe('A list holds at most 200 lines. Start another list for the rest.');
    // A variant already on the full list can still have its quantity raised.
    expect((await t.api('POST', `/lists/${full.id}/items`, { token: u.token, body: { variant_id: variants[0].id, quantity: 1 } })).status).toBe(200);
  });
});
