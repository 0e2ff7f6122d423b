// Issue 40, item 1: every door that adds or changes a quantity applies the variant's order quantity
// rules to the line's total, with one message naming the rule (shared/domain/quantity-rules.ts,
// decision 0187): add, change, quick order, saved lists, order again, quotes, sign-in's merge and
// placing the order, on REST and tRPC.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sgAddress } from '../../factories/orders';
import { createVariant, guestId } from '../../factories/shop';
import { createUser } from '../../factories/users';
import { createTestApp, type TestApp } from '../../setup/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Rules = { orderMinimum?: number | null; orderMultiple?: number | null; orderMaximum?: number | null };
async function ruled(name: string, rules: Rules, opts: { onHand?: number } = {}) {
  const v = await createVariant(t.db, { name, onHand: opts.onHand ?? 1000 });
  await t.db.variant.update({ where: { id: v.variantId }, data: rules });
  return { ...v, label: `${name} 25x35 (50 pcs)` };
}

describe('adding to the cart and changing a line', () => {
  it('refuses a quantity outside the rules with the rule named, counting what is in the cart (REST, guest)', async () => {
    const v = await ruled('Carton Mailer', { orderMinimum: 10, orderMultiple: 5, orderMaximum: 500 });
    const g = guestId();
    const add = (quantity: number) => t.api('POST', '/cart/add', { guestId: g, body: { variant_id: v.variantId, quantity } });
    let res = await add(7);
    expect(res.status).toBe(400);
    expect(res.body.detail).toBe(`${v.label} is sold in cartons of 5: order 10, 15, 20...`);
    res = await add(5);
    expect(res.body.detail).toBe(`${v.label} must be ordered at least 10 at a time`);
    res = await add(505);
    expect(res.body.detail).toBe(`${v.label} can be ordered at most 500 at a time`);
    expect((await add(10)).status).toBe(200);
    // 10 in the cart: 5 more makes 15, a whole number of cartons; 3 more does not.
    expect((await add(5)).body.items[0].quantity).toBe(15);
    expect((await add(3)).body.detail).toBe(`${v.label} is sold in cartons of 5: order 10, 15, 20...`);
    expect((await add(490)).body.detail).toBe(`${v.label} can be ordered at most 500 at a time`);

    const cart = await t.api('GET', '/cart', { guestId: g });
    expect(cart.body.items[0]).toMatchObject({ quantity: 15, order_minimum: 10, order_multiple: 5, order_maximum: 500 });
    const id = cart.body.items[0].id;
    const set = (quantity: number) => t.api('PUT', `/cart/item/${id}`, { guestId: g, body: { quantity } });
    expect((await set(12)).body.detail).toBe(`${v.label} is sold in cartons of 5: order 10, 15, 20...`);
    expect((await set(5)).body.detail).toBe(`${v.label} must be ordered at least 10 at a time`);
    expect((await set(20)).body.items[0].quantity).toBe(20);
    // 0 still removes the line.
    expect((await set(0)).body.items).toEqual([]);
  });

  it('the same on tRPC, and odd quantities are refused before the rules', async () => {
    const v = await ruled('Carton Tape', { orderMultiple: 6 });
    const buyer = await createUser(t.deps);
    const caller = t.caller({ token: buyer.token });
    await expect(caller.cart.add({ variant_id: v.variantId, quantity: 4 })).rejects.toMatchObject({ code: 'BAD_REQUEST', message: `${v.label} is sold in cartons of 6: order 6, 12, 18...` });
    const cart = await caller.cart.add({ variant_id: v.variantId, quantity: 12 });
    await expect(caller.cart.updateItem({ id: cart.items[0].id, quantity: 13 })).rejects.toMatchObject({ code: 'BAD_REQUEST', message: `${v.label} is sold in cartons of 6: order 6, 12, 18...` });
    expect((await caller.cart.updateItem({ id: cart.items[0].id, quantity: 18 })).items[0].quantity).toBe(18);
    for (const quantity of [0, -6, 6.5, '6\u0000', '12']) {
      const res = await t.api('POST', '/cart/add', { token: buyer.token, body: { variant_id: v.variantId, quantity } });
      expect(res.status, String(quantity)).toBe(400);
    }
  });

  it('offers in the stock message a number the rules accept, and says when not even the minimum is in stock', async () => {
    const v = await ruled('Carton Scarce', { orderMultiple: 5 }, { onHand: 48 });
    const g = guestId();
    const res = await t.api('POST', '/cart/add', { guestId: g, body: { variant_id: v.variantId, quantity: 50 } });
    expect(res.status).toBe(409);
    expect(res.body.detail).toBe(`Only 48 left of ${v.label}: you can add 45`);
    expect((await t.api('POST', '/cart/add', { guestId: g, body: { variant_id: v.variantId, quantity: 45 } })).status).toBe(200);

    const few = await ruled('Carton Few', { orderMinimum: 10 }, { onHand: 6 });
    const refused = await t.api('POST', '/cart/add', { guestId: g, body: { variant_id: few.variantId, quantity: 10 } });
    expect(refused.body.detail).toBe(`Only 6 left of ${few.label}: fewer than the smallest order of 10`);
  });
});

describe('quick order, saved lists and order again', () => {
  it('quick order check and add name the rule per row and count the rows above (REST and tRPC)', async () => {
    const v = await ruled('Carton Quick', { orderMultiple: 5 });
    const g = guestId();
    const items = [{ sku: v.sku, quantity: 5 }, { sku: v.sku, quantity: 3 }, { sku: v.sku, quantity: 10 }];
    const check = await t.api('POST', '/cart/bulk/check', { guestId: g, body: { items } });
    expect(check.body.results.map((r: { status: string }) => r.status)).toEqual(['ok', 'error', 'ok']);
    expect(check.body.results[1]).toMatchObject({ reason: 'bad_quantity', detail: `${v.label} is sold in cartons of 5: order 5, 10, 15...` });
    const added = await t.api('POST', '/cart/bulk', { guestId: g, body: { items } });
    expect(added.body.cart.items[0].quantity).toBe(15);

    const buyer = await createUser(t.deps);
    const caller = t.caller({ token: buyer.token });
    const viaTrpc = await caller.cart.bulk({ items: [{ sku: v.sku, quantity: 7 }] });
    expect(viaTrpc.results[0]).toMatchObject({ status: 'error', detail: `${v.label} is sold in cartons of 5: order 5, 10, 15...` });
    const checked = await caller.cart.bulkCheck({ items: [{ sku: v.sku, quantity: 12 }] });
    expect(checked.results[0]).toMatchObject({ status: 'error', reason: 'bad_quantity', variant: { order_multiple: 5 } });
  });

  it('a saved list keeps quantities that can be ordered; a rule changed later is told when the list goes to the cart', async () => {
    const v = await ruled('Carton Listed', { orderMultiple: 5 });
    const buyer = await createUser(t.deps);
    const list = (await t.api('POST', '/lists', { token: buyer.token, body: { name: 'Cartons' } })).body;
    const bad = await t.api('POST', `/lists/${list.id}/items`, { token: buyer.token, body: { variant_id: v.variantId, quantity: 4 } });
    expect(bad.status).toBe(400);
    expect(bad.body.detail).toBe(`${v.label} is sold in cartons of 5: order 5, 10, 15...`);
    const ok = await t.api('POST', `/lists/${list.id}/items`, { token: buyer.token, body: { variant_id: v.variantId, quantity: 10 } });
    const itemId = ok.body.items[0].id;
    const caller = t.caller({ token: buyer.token });
    await expect(caller.lists.addItem({ id: list.id, variant_id: v.variantId, quantity: 2 })).rejects.toMatchObject({ code: 'BAD_REQUEST', message: `${v.label} is sold in cartons of 5: order 5, 10, 15...` });
    await expect(caller.lists.updateItem({ id: list.id, item_id: itemId, quantity: 11 })).rejects.toMatchObject({ code: 'BAD_REQUEST', message: `${v.label} is sold in cartons of 5: order 5, 10, 15...` });
    await t.db.variant.update({ where: { id: v.variantId }, data: { orderMultiple: 4 } });
    const toCart = await t.api('POST', `/lists/${list.id}/to-cart`, { token: buyer.token });
    expect(toCart.status).toBe(200);
    expect(toCart.body.skipped[0]).toMatchObject({ detail: `${v.label} is sold in cartons of 4: order 4, 8, 12...` });
    expect((await caller.lists.toCart({ id: list.id })).skipped[0].detail).toBe(`${v.label} is sold in cartons of 4: order 4, 8, 12...`);
  });

  it('order again names the rule of a line that no longer keeps it (REST and tRPC)', async () => {
    const v = await ruled('Carton Again', {});
    const buyer = await createUser(t.deps);
    await t.api('POST', '/cart/add', { token: buyer.token, body: { variant_id: v.variantId, quantity: 10 } });
    const order = await t.api('POST', '/orders', { token: buyer.token, body: { shipping_address: sgAddress, payment_method: 'stripe' } });
    expect(order.status).toBe(200);
    await t.db.variant.update({ where: { id: v.variantId }, data: { orderMultiple: 4 } });
    const again = await t.api('POST', `/orders/${order.body.id}/reorder`, { token: buyer.token });
    expect(again.body.skipped[0]).toMatchObject({ detail: `${v.label} is sold in cartons of 4: order 4, 8, 12...` });
    const viaTrpc = await t.caller({ token: buyer.token }).orders.reorder({ id: order.body.id });
    expect(viaTrpc.skipped[0].detail).toBe(`${v.label} is sold in cartons of 4: order 4, 8, 12...`);
  });
});

describe('quotes, sign-in and placing the order', () => {
  it('a quote asks for quantities that can be ordered (lines and the cart, REST and tRPC)', async () => {
    const v = await ruled('Carton Quoted', { orderMinimum: 100, orderMultiple: 50 });
    const buyer = await createUser(t.deps);
    const res = await t.api('POST', '/quotes', { token: buyer.token, body: { lines: [{ sku: v.sku, quantity: 120 }] } });
    expect(res.status).toBe(400);
    expect(res.body.detail).toBe(`${v.label} is sold in cartons of 50: order 100, 150, 200...`);
    await expect(t.caller({ token: buyer.token }).quotes.request({ lines: [{ sku: v.sku, quantity: 50 }] })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: `${v.label} must be ordered at least 100 at a time`,
    });
    expect((await t.api('POST', '/quotes', { token: buyer.token, body: { lines: [{ sku: v.sku, quantity: 150 }] } })).status).toBe(200);
    // From the cart: a line carted before the rule changed is refused with its rule.
    await t.api('POST', '/cart/add', { token: buyer.token, body: { variant_id: v.variantId, quantity: 100 } });
    await t.db.variant.update({ where: { id: v.variantId }, data: { orderMultiple: 75, orderMinimum: 150 } });
    const fromCart = await t.api('POST', '/quotes', { token: buyer.token, body: { note: 'From the cart' } });
    expect(fromCart.status).toBe(400);
    expect(fromCart.body.detail).toBe(`${v.label} is sold in cartons of 75: order 150, 225, 300...`);
  });

  it('placing the order catches a line whose rule changed after it was carted (REST and tRPC)', async () => {
    const v = await ruled('Carton Placed', { orderMultiple: 5 });
    const buyer = await createUser(t.deps);
    await t.api('POST', '/cart/add', { token: buyer.token, body: { variant_id: v.variantId, quantity: 10 } });
    await t.db.variant.update({ where: { id: v.variantId }, data: { orderMultiple: 4 } });
    const res = await t.api('POST', '/orders', { token: buyer.token, body: { shipping_address: sgAddress, payment_method: 'stripe' } });
    expect(res.status).toBe(409);
    expect(res.body.detail).toBe(`${v.label} is sold in cartons of 4: order 4, 8, 12...`);
    await expect(t.caller({ token: buyer.token }).orders.place({ shipping_address: sgAddress, payment_method: 'stripe' } as never)).rejects.toMatchObject({
      code: 'CONFLICT',
      message: `${v.label} is sold in cartons of 4: order 4, 8, 12...`,
    });
    const before = await t.db.variant.findUniqueOrThrow({ where: { id: v.variantId }, select: { allocated: true } });
    expect(before.allocated).toBe(0);
  });

  it('signing in merges the guest cart within the rules: two lines of 300 with a maximum of 500 make 500', async () => {
    const v = await ruled('Carton Merged', { orderMultiple: 50, orderMaximum: 500 });
    const buyer = await createUser(t.deps);
    await t.api('POST', '/cart/add', { token: buyer.token, body: { variant_id: v.variantId, quantity: 300 } });
    const g = guestId();
    await t.api('POST', '/cart/add', { guestId: g, body: { variant_id: v.variantId, quantity: 300 } });
    const login = await t.api('POST', '/auth/login', { guestId: g, body: { email: buyer.email, password: buyer.password } });
    expect(login.status).toBe(200);
    const cart = await t.api('GET', '/cart', { token: buyer.token });
    expect(cart.body.items[0].quantity).toBe(500);
  });

  it('the same merge through tRPC: a guest line that would pass the maximum is brought down to whole cartons within it', async () => {
    const v = await ruled('Carton Merged Trpc', { orderMultiple: 40, orderMaximum: 200 });
    const buyer = await createUser(t.deps);
    await t.caller({ token: buyer.token }).cart.add({ variant_id: v.variantId, quantity: 120 });
    const g = guestId();
    await t.caller({ guestId: g }).cart.add({ variant_id: v.variantId, quantity: 120 });
    await t.caller({ guestId: g }).auth.login({ email: buyer.email, password: buyer.password });
    expect((await t.caller({ token: buyer.token }).cart.get()).items[0].quantity).toBe(200);
  });
});
