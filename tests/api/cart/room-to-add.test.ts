// Issue 38, item 2: quick order said "Only 48 left (you already have 2 in your cart)", then refused
// 48 and 47 and took 46. What can still be added is one rule (shared/domain/cart-room.ts): the
// number the message and the row's `can_add` offer is exactly what the server then accepts, on
// every door (one add, quick order's check and add, REST and tRPC).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVariant, guestId } from '../../factories/shop';
import { createUser } from '../../factories/users';
import { createTestApp, type TestApp } from '../../setup/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** The number a refusal offers: "... you can add N more". */
const offered = (detail: string) => Number(/you can add (\d+) more/.exec(detail)?.[1]);

describe('what can still be added: one number in the message, the check and the add', () => {
  it('48 left with 2 in the cart: every door says 46, refuses 47 and takes 46 (REST, guest)', async () => {
    // 50 on hand, 2 held back as safety stock: 48 available.
    const v = await createVariant(t.db, { name: 'Room Mailer', onHand: 50, safetyStock: 2 });
    const g = guestId();
    expect((await t.api('POST', '/cart/add', { guestId: g, body: { variant_id: v.variantId, quantity: 2 } })).status).toBe(200);

    const check = await t.api('POST', '/cart/bulk/check', { guestId: g, body: { items: [{ sku: v.sku, quantity: 48 }] } });
    expect(check.status).toBe(200);
    const row = check.body.results[0];
    expect(row).toMatchObject({ status: 'error', reason: 'not_enough_stock', variant: { available: 48, can_add: 46 } });
    expect(row.detail).toBe('Only 48 left of Room Mailer 25x35 (50 pcs) and you already have 2 in your cart: you can add 46 more');
    expect(offered(row.detail)).toBe(row.variant.can_add);

    for (const door of ['/cart/bulk/check', '/cart/bulk']) {
      const refused = await t.api('POST', door, { guestId: g, body: { items: [{ sku: v.sku, quantity: 47 }] } });
      expect(refused.body.results[0].status, door).toBe('error');
      expect(offered(refused.body.results[0].detail), door).toBe(46);
    }
    const single = await t.api('POST', '/cart/add', { guestId: g, body: { variant_id: v.variantId, quantity: 47 } });
    expect(single.status).toBe(409);
    expect(offered(single.body.detail)).toBe(46);

    const ok = await t.api('POST', '/cart/bulk/check', { guestId: g, body: { items: [{ sku: v.sku, quantity: 46 }] } });
    expect(ok.body.results[0]).toMatchObject({ status: 'ok', variant: { can_add: 46 } });
    const added = await t.api('POST', '/cart/bulk', { guestId: g, body: { items: [{ sku: v.sku, quantity: 46 }] } });
    expect(added.body.results[0].status).toBe('added');
    expect(added.body.cart.items[0].quantity).toBe(48);

    const full = await t.api('POST', '/cart/bulk/check', { guestId: g, body: { items: [{ sku: v.sku, quantity: 1 }] } });
    expect(full.body.results[0]).toMatchObject({ status: 'error', variant: { can_add: 0 } });
    expect(full.body.results[0].detail).toBe('Only 48 left of Room Mailer 25x35 (50 pcs) and you already have 48 in your cart: you cannot add more');
  });

  it('counts the rows above against the room and names them (tRPC, signed in)', async () => {
    const v = await createVariant(t.db, { name: 'Room Rows', onHand: 10 });
    const buyer = await createUser(t.deps);
    const caller = t.caller({ token: buyer.token });
    await caller.cart.add({ variant_id: v.variantId, quantity: 3 });
    const items = [{ sku: v.sku, quantity: 4 }, { sku: v.sku, quantity: 4 }];
    const check = await caller.cart.bulkCheck({ items });
    expect(check.results.map((r) => [r.status, r.variant?.can_add])).toEqual([['ok', 7], ['error', 3]]);
    expect(check.results[1].detail).toBe('Only 10 left of Room Rows 25x35 (50 pcs) and you already have 3 in your cart and 4 on earlier lines: you can add 3 more');
    const add = await caller.cart.bulk({ items: [items[0], { sku: v.sku, quantity: offered(check.results[1].detail!) }] });
    expect(add.results.map((r) => r.status)).toEqual(['added', 'added']);
    expect(add.cart.items[0].quantity).toBe(10);
  });
});
