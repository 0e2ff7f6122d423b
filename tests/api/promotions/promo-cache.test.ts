import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productPayload } from '../../factories/admin';
import { guestId as newGuest } from '../../factories/shop';
import { createUser } from '../../factories/users';
import { createTestApp, type TestApp } from '../../setup/test-app';

// Carts read gift tiers through a short cache; a change in the back office must reach them at once.
let t: TestApp;
let staff: string;
beforeAll(async () => {
  t = await createTestApp();
  staff = (await createUser(t.deps, { role: 'staff' })).token;
});
afterAll(() => t.close());

describe('gift tier changes reach carts immediately', () => {
  it('a tier raised above the cart subtotal stops being available on the next cart read', async () => {
    const product = (await t.api('POST', '/admin/products', { token: staff, body: productPayload() })).body;
    const variant = product.variants[0];
    const item = (await t.api('POST', '/admin/gift-items', { token: staff, body: { name: 'Sticker roll', description: 'Fragile stickers', stock_quantity: 10, image_url: '' } })).body;
    const tier = (await t.api('POST', '/admin/gift-tiers', { token: staff, body: { name: 'Spend $20', spending_threshold: 20, gift_limit: 1, gift_item_ids: [item.id] } })).body;

    const guestId = newGuest();
    await t.api('POST', '/cart/add', { guestId, body: { variant_id: variant.variant_id, quantity: 2 } });
    const before = (await t.api('GET', '/cart', { guestId })).body;
    expect(before.subtotal).toBeGreaterThanOrEqual(20);
    expect(before.available_gift_tiers.map((x: { id: string }) => x.id)).toContain(tier.id);

    const raised = await t.api('PUT', `/admin/gift-tiers/${tier.id}`, { token: staff, body: { name: 'Spend $5000', spending_threshold: 5000, gift_limit: 1, gift_item_ids: [item.id] } });
    expect(raised.status).toBe(200);
    const after = (await t.api('GET', '/cart', { guestId })).body;
    expect(after.available_gift_tiers.map((x: { id: string }) => x.id)).not.toContain(tier.id);
  });
});

describe('coupon changes reach coupon checks and carts immediately', () => {
  const coupon = (over: Record<string, unknown> = {}) => ({
    code: 'cachetest15',
    type: 'percent',
    value: 15,
    min_order_amount: 10,
    valid_from: '2020-01-01T00:00:00.000Z',
    valid_to: '2099-12-31T00:00:00.000Z',
    is_active: true,
    ...over,
  });
  const check = async () => {
    const rest = await t.api('POST', '/promotions/validate', { body: { coupon_code: 'CacheTest15', order_subtotal: 100 } });
    expect(rest.status).toBe(200);
    // The REST fast path and the tRPC procedure give the same answer.
    expect(await t.caller().promotions.validate({ coupon_code: 'CacheTest15', order_subtotal: 100 })).toEqual(rest.body);
    return rest.body;
  };

  it('a code checked (and cached) as unknown works as soon as it is created, changes and stops at once', async () => {
    expect(await check()).toMatchObject({ valid: false, error_message: 'Invalid coupon code' });
    const created = await t.api('POST', '/admin/coupons', { token: staff, body: coupon() });
    expect(created.status).toBe(200);
    expect(await check()).toMatchObject({ valid: true, discount_amount: 15 });
    expect((await t.api('PUT', `/admin/coupons/${created.body.id}`, { token: staff, body: coupon({ value: 20 }) })).status).toBe(200);
    expect(await check()).toMatchObject({ valid: true, discount_amount: 20 });
    expect((await t.api('PUT', `/admin/coupons/${created.body.id}`, { token: staff, body: coupon({ is_active: false }) })).status).toBe(200);
    expect(await check()).toMatchObject({ valid: false, error_message: 'Invalid coupon code' });
    expect((await t.api('PUT', `/admin/coupons/${created.body.id}`, { token: staff, body: coupon() })).status).toBe(200);

    // A cart holding the coupon loses it on its next read once the coupon is deleted.
    const product = (await t.api('POST', '/admin/products', { token: staff, body: productPayload() })).body;
    const guestId = newGuest();
    await t.api('POST', '/cart/add', { guestId, body: { variant_id: product.variants[0].variant_id, quantity: 3 } });
    expect((await t.api('POST', '/cart/coupon', { guestId, body: { coupon_code: 'cachetest15' } })).status).toBe(200);
    expect((await t.api('GET', '/cart', { guestId })).body.applied_coupon).toMatchObject({ code: 'CACHETEST15' });
    expect((await t.api('DELETE', `/admin/coupons/${created.body.id}`, { token: staff })).status).toBe(200);
    expect(await check()).toMatchObject({ valid: false, error_message: 'Invalid coupon code' });
    const cart = (await t.api('GET', '/cart', { guestId })).body;
    expect(cart.applied_coupon).toBeNull();
    expect(cart.coupon_message).toBe('Coupon removed');
  });

  it('refuses odd input on the fast path exactly as the procedure does', async () => {
    for (const body of [{}, { coupon_code: 'x', order_subtotal: -1 }, { coupon_code: 'a\u0000b', order_subtotal: 1 }, { coupon_code: 'x'.repeat(60), order_subtotal: 1 }]) {
      const res = await t.api('POST', '/promotions/validate', { body });
      expect(res.status).toBe(400);
      expect(res.body.detail).toEqual(expect.any(String));
    }
    expect((await t.api('POST', '/promotions/validate', { rawBody: '{"coupon_code":' })).status).toBe(400);
  });
});
