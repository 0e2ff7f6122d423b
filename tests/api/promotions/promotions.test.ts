import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCoupon, createGiftTier, createVariant, guestId } from '../../factories/shop';
import { createUser } from '../../factories/users';
import { createTestApp, type TestApp } from '../../setup/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await createCoupon(t.db, { code: 'WELCOME10', type: 'percent', value: 1000, minOrderCents: 3000 });
  await createCoupon(t.db, { code: 'BULK15', type: 'fixed', value: 1500, minOrderCents: 15000 });
  await createGiftTier(t.db, { thresholdCents: 10000, giftLimit: 1 });
});
afterAll(() => t.close());

describe('POST /promotions/validate', () => {
  it('answers a valid percent coupon with its discount and the reached gift tiers', async () => {
    const res = await t.api('POST', '/promotions/validate', { body: { coupon_code: 'welcome10', order_subtotal: 120.5, user_id: null } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ valid: true, applied_coupon: { code: 'WELCOME10', type: 'percent', value: 10 }, discount_amount: 12.05, error_message: null });
    expect(res.body.available_gift_tiers).toHaveLength(1);
    expect(res.body.available_gift_tiers[0]).toMatchObject({ gift_limit: 1, spending_threshold: 100 });
  });

  it('caps a fixed coupon and explains the minimum, a misspelt code and a blank one', async () => {
    const fixed = await t.caller().promotions.validate({ coupon_code: 'BULK15', order_subtotal: 150 });
    expect(fixed).toMatchObject({ valid: true, discount_amount: 15 });
    const low = await t.caller().promotions.validate({ coupon_code: 'BULK15', order_subtotal: 149.99 });
    expect(low).toMatchObject({ valid: false, applied_coupon: null, discount_amount: 0, error_message: 'This coupon needs a minimum order of $150.00' });
    const typo = await t.api('POST', '/promotions/validate', { body: { coupon_code: 'WELCOM10', order_subtotal: 50 } });
    expect(typo.body).toMatchObject({ valid: false, error_message: 'Invalid coupon code' });
    const blank = await t.api('POST', '/promotions/validate', { body: { coupon_code: ' ', order_subtotal: 50 } });
    expect(blank.status).toBe(400);
    expect(blank.body.detail).toBe('Please enter a coupon code');
  });
});

describe('admin shipping rules', () => {
  it('admins change the rule and the cart uses it; customers cannot', async () => {
    const admin = await createUser(t.deps, { role: 'admin' });
    const customer = await createUser(t.deps);
    const current = await t.api('GET', '/admin/shipping', { token: admin.token });
    expect(current.body.SG).toEqual({ base_fee: 6, included_weight_kg: 0, per_extra_kg_fee: 0, free_shipping_threshold: 80 });
    expect((await t.api('GET', '/admin/shipping', { token: customer.token })).status).toBe(403);
    const put = await t.api('PUT', '/admin/shipping', { token: admin.token, body: { ...current.body, SG: { ...current.body.SG, base_fee: 4.5 } } });
    expect(put.status).toBe(200);
    const v = await createVariant(t.db);
    const g = guestId();
    const cart = await t.api('POST', '/cart/add', { guestId: g, body: { variant_id: v.variantId, quantity: 1 } });
    expect(cart.body.shipping_fee).toBe(4.5);
    const bad = await t.api('PUT', '/admin/shipping', { token: admin.token, body: { ...current.body, SG: { ...current.body.SG, base_fee: -1 } } });
    expect(bad.status).toBe(400);
  });
});
