import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sgAddress } from '../../factories/orders';
import { createCoupon, createGiftTier, createVariant, deleteGiftTier } from '../../factories/shop';
import { createUser } from '../../factories/users';
import { createTestApp, type TestApp } from '../../setup/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('placing an order through REST', () => {
  it('recomputes every figure, allocates stock, records coupon, gifts, ledger and clears the cart', async () => {
    const v = await createVariant(t.db, { onHand: 50, weightGrams: 300, tiers: [[1, 1000], [10, 800]] });
    await createCoupon(t.db, { code: 'TENOFF', value: 1000, minOrderCents: 3000 });
    const tier = await createGiftTier(t.db, { thresholdCents: 5000, giftLimit: 1 });
    const { token, user } = await createUser(t.deps);
    await t.api('POST', '/cart/add', { token, body: { variant_id: v.variantId, quantity: 12 } });

    const res = await t.api('POST', '/orders', {
      token,
      headers: { 'Idempotency-Key': 'order-key-0001' },
      body: { shipping_address: sgAddress, payment_method: 'stripe', coupon_code: 'tenoff', discount_amount: 999, selected_gifts: [tier.giftIds[0]] },
    });
    expect(res.status).toBe(200);
    const o = res.body;
    expect(o.order_number).toMatch(/^PS-\d{8}-[2-9A-Z]{6}$/);
    expect(o).toMatchObject({ status: 'pending', subtotal: 96, discount: 9.6, shipping_fee: 0, total: 86.4, gst: 7.13, coupon_code: 'TENOFF', item_count: 12 });
    expect(o.items[0]).toMatchObject({ product_name: v.productName, sku: v.sku, quantity: 12, price: 8, line_total: 96, product_image: '/uploads/seed/test.webp' });
    expect(o.shipping_address).toMatchObject({ first_name: 'Tan Mei', last_name: 'Ling', address_line1: '1 Orchard Road', postal_code: '238801', country: 'SG' });
    expect(o.gifts).toEqual([expect.objectContaining({ gift_id: tier.giftIds[0], quantity: 1 })]);

    const variant = await t.db.variant.findUniqueOrThrow({ where: { id: v.variantId } });
    expect(variant.allocated).toBe(12);
    expect((await t.db.giftItem.findUniqueOrThrow({ where: { id: tier.giftIds[0] } })).allocated).toBe(1);
    expect(await t.db.couponRedemption.count({ where: { orderId: o.id, discountCents: 960 } })).toBe(1);
    expect(await t.db.inventoryLedger.count({ where: { orderId: o.id, reason: 'order_placed', field: 'allocated' } })).toBe(2);
    expect((await t.db.product.findUniqueOrThrow({ where: { id: v.productId } })).unitsSold).toBe(12);
    expect((await t.api('GET', '/cart', { token })).body.items).toEqual([]);

    // A retry with the same key answers the same order and changes nothing.
    const again = await t.api('POST', '/orders', { token, headers: { 'Idempotency-Key': 'order-key-0001' }, body: { shipping_address: sgAddress } });
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(o.id);
    expect(await t.db.order.count({ where: { userId: user.id } })).toBe(1);

    const list = await t.api('GET', '/orders', { token });
    expect(list.body.map((x: { id: string }) => x.id)).toEqual([o.id]);
    expect((await t.api('GET', `/orders/${o.id}`, { token })).body.order_number).toBe(o.order_number);
    const stranger = await createUser(t.deps);
    const other = await t.api('GET', `/orders/${o.id}`, { token: stranger.token });
    expect(other.status).toBe(404);
    expect(other.body.detail).toBe('Order not found');
    await deleteGiftTier(t.db, tier.tierId);
  });

  // The order's statements are hand-written SQL (for speed) and the answer is built from what was
  // written: it must be exactly the order as stored, with the lines in the cart's order.
  it('answers the order exactly as stored, lines in cart order, and remembers the saved address used', async () => {
    const a = await createVariant(t.db, { onHand: 20, tiers: [[1, 1500]] });
    const b = await createVariant(t.db, { onHand: 20, tiers: [[1, 700]] });
    const { token, user } = await createUser(t.deps);
    const saved = await t.api('POST', '/users/me/addresses', { token, body: { ...sgAddress, addressLine2: undefined } });
    expect(saved.status).toBe(200);
    await t.api('POST', '/cart/add', { token, body: { variant_id: b.variantId, quantity: 3 } });
    await t.api('POST', '/cart/add', { token, body: { variant_id: a.variantId, quantity: 1 } });

    const placed = await t.api('POST', '/orders', { token, body: { shipping_address: sgAddress } });
    expect(placed.status).toBe(200);
    expect(placed.body.items.map((i: { variant_id: string }) => i.variant_id)).toEqual([b.variantId, a.variantId]);
    expect(placed.body.shipping_address).toMatchObject({ address_line2: null, unit: '#05-01' });
    const stored = await t.api('GET', `/orders/${placed.body.id}`, { token });
    expect(stored.body).toEqual(placed.body);
    expect((await t.db.user.findUniqueOrThrow({ where: { id: user.id } })).lastUsedAddressId).toBe(saved.body.id);
    const order = await t.db.order.findUniqueOrThrow({ where: { id: placed.body.id }, select: { invoiceNumber: true, events: { select: { toStatus: true, actorRole: true } } } });
    expect(order.invoiceNumber).toBeGreaterThan(0);
    expect(order.events).toEqual([{ toStatus: 'pending', actorRole: 'customer' }]);
    expect(await t.db.inventoryLedger.count({ where: { orderId: placed.body.id, reason: 'order_placed' } })).toBe(2);
    expect(await t.db.cart.count({ where: { userId: user.id } })).toBe(0);
  });

  it('needs a signed-in user, a cart and a valid address', async () => {
    expect((await t.api('POST', '/orders', { body: { shipping_address: sgAddress } })).status).toBe(401);
    const { token } = await createUser(t.deps);
    const empty = await t.api('POST', '/orders', { token, body: { shipping_address: sgAddress } });
    expect(empty.status).toBe(400);
    expect(empty.body.detail).toBe('Your cart is empty');
    const v = await createVariant(t.db);
    await t.api('POST', '/cart/add', { token, body: { variant_id: v.variantId, quantity: 1 } });
    const bad = await t.api('POST', '/orders', { token, body: { shipping_address: { ...sgAddress, postalCode: '12345', fullName: '' } } });
    expect(bad.status).toBe(400);
    expect(bad.body.detail).toMatch(/Full name is required/);
    expect(bad.body.detail).toMatch(/Singapore postal codes have 6 digits/);
    const us = await t.api('POST', '/orders', { token, body: { shipping_address: { ...sgAddress, country: 'US' } } });
    expect(us.status).toBe(400);
    const my = await t.api('POST', '/orders', { token, body: { shipping_address: { ...sgAddress, country: 'MY', postalCode: '50450', city: 'Kuala Lumpur', state: 'Selangor' } } });
    expect(my.status).toBe(200);
    expect(my.body).toMatchObject({ subtotal: 10, shipping_fee: 12, total: 22 });
  });

  it('refuses a gift above the tier limit or from a tier not reached, and an invalid coupon', async () => {
    const tier = await createGiftTier(t.db, { thresholdCents: 2000, giftLimit: 1 });
    const { token } = await createUser(t.deps);
    const v = await createVariant(t.db);
    const c = t.caller({ token });
    const cart = await c.cart.add({ variant_id: v.variantId, quantity: 1 });
    await expect(c.orders.place({ shipping_address: sgAddress as never, selected_gifts: [tier.giftIds[0]] })).rejects.toThrow(/not available/);
    await c.cart.updateItem({ id: cart.items[0].id, quantity: 2 });
    await expect(c.orders.place({ shipping_address: sgAddress as never, selected_gifts: tier.giftIds })).rejects.toThrow(/up to 1 gift/);
    await expect(c.orders.place({ shipping_address: sgAddress as never, coupon_code: 'NOSUCH' })).rejects.toThrow('Invalid coupon code');
    expect((await t.db.variant.findUniqueOrThrow({ where: { id: v.variantId } })).allocated).toBe(0);
    await deleteGiftTier(t.db, tier.tierId);
  });

  it('answers 409 naming the item when stock ran out after it was carted, writing nothing', async () => {
    const v = await createVariant(t.db, { name: 'Mailer Last', onHand: 3 });
    const other = await createVariant(t.db, { onHand: 10 });
    const { token } = await createUser(t.deps);
    await t.api('POST', '/cart/add', { token, body: { variant_id: other.variantId, quantity: 2 } });
    await t.api('POST', '/cart/add', { token, body: { variant_id: v.variantId, quantity: 3 } });
    await t.db.variant.update({ where: { id: v.variantId }, data: { allocated: 2 } });
    const res = await t.api('POST', '/orders', { token, body: { shipping_address: sgAddress } });
    expect(res.status).toBe(409);
    expect(res.body.detail).toBe('Sorry, only 1 left of Mailer Last 25x35 (50 pcs)');
    expect((await t.db.variant.findUniqueOrThrow({ where: { id: other.variantId } })).allocated).toBe(0);
    expect((await t.api('GET', '/cart', { token })).body.items).toHaveLength(2);
  });
});

describe('nothing sold for nothing', () => {
  it('refuses an order whose line lost its price after it was carted, through both doors, writing nothing', async () => {
    const v = await createVariant(t.db, { name: 'Mailer Repriced', onHand: 20, tiers: [[1, 700]] });
    const { token } = await createUser(t.deps);
    await t.api('POST', '/cart/add', { token, body: { variant_id: v.variantId, quantity: 2 } });
    await t.db.priceTier.updateMany({ where: { variantId: v.variantId }, data: { priceCents: 0 } });
    const res = await t.api('POST', '/orders', { token, body: { shipping_address: sgAddress } });
    expect(res.status).toBe(409);
    expect(res.body.detail).toBe('Sorry, Mailer Repriced 25x35 (50 pcs) has no price yet and cannot be ordered. Please contact us for a quote.');
    await expect(t.caller({ token }).orders.place({ shipping_address: sgAddress as never })).rejects.toMatchObject({ code: 'CONFLICT' });
    expect((await t.db.variant.findUniqueOrThrow({ where: { id: v.variantId } })).allocated).toBe(0);
    expect(await t.db.order.count({ where: { items: { some: { variantId: v.variantId } } } })).toBe(0);
    expect((await t.api('GET', '/cart', { token })).body.items).toHaveLength(1);
  });
});

describe('races', () => {
  it('two tabs placing the same cart at once make one order; the other finds the cart empty', async () => {
    const v = await createVariant(t.db, { onHand: 10 });
    const { token, user } = await createUser(t.deps);
    await t.caller({ token }).cart.add({ variant_id: v.variantId, quantity: 2 });
    const [a, b] = await Promise.allSettled([
      t.api('POST', '/orders', { token, headers: { 'Idempotency-Key': 'tab-a-123456' }, body: { shipping_address: sgAddress } }),
      t.api('POST', '/orders', { token, headers: { 'Idempotency-Key': 'tab-b-123456' }, body: { shipping_address: sgAddress } }),
    ]);
    if (a.status === 'rejected') throw a.reason;
    if (b.status === 'rejected') throw b.reason;
    const statuses = [a.value.status, b.value.status].sort();
    expect(statuses).toEqual([200, 400]);
    expect(await t.db.order.count({ where: { userId: user.id } })).toBe(1);
    expect((await t.db.variant.findUniqueOrThrow({ where: { id: v.variantId } })).allocated).toBe(2);
  });

  it('the same idempotency key sent twice at once makes one order', async () => {
    const v = await createVariant(t.db, { onHand: 10 });
    const { token, user } = await createUser(t.deps);
    await t.caller({ token }).cart.add({ variant_id: v.variantId, quantity: 1 });
    const [a, b] = await Promise.all([
      t.caller({ token, idempotencyKey: 'same-key-123' }).orders.place({ shipping_address: sgAddress as never }),
      t.caller({ token }).orders.place({ shipping_address: sgAddress as never, idempotency_key: 'same-key-123' }),
    ]);
    expect(a.id).toBe(b.id);
    expect(await t.db.order.count({ where: { userId: user.id } })).toBe(1);
  });
  it('20 shoppers buying the last 5 units: exactly 5 orders, available ends at 0', async () => {
    const v = await createVariant(t.db, { onHand: 5 });
    const shoppers = await Promise.all(Array.from({ length: 20 }, () => createUser(t.deps)));
    for (const s of shoppers) await t.caller({ token: s.token }).cart.add({ variant_id: v.variantId, quantity: 1 });
    const results = await Promise.allSettled(shoppers.map((s) => t.caller({ token: s.token }).orders.place({ shipping_address: sgAddress as never })));
    const ok = results.filter((r) => r.status === 'fulfilled');
    const failed = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(ok).toHaveLength(5);
    for (const f of failed) expect(f.reason).toMatchObject({ code: 'CONFLICT' });
    const after = await t.db.variant.findUniqueOrThrow({ where: { id: v.variantId } });
    expect(after.onHand - after.allocated - after.safetyStock).toBe(0);
    expect(await t.db.orderItem.count({ where: { variantId: v.variantId } })).toBe(5);
  });
});
