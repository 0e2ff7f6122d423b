import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../factories/users';
import { createTestApp, type TestApp } from '../../setup/test-app';

let t: TestApp;
let staff: string;
beforeAll(async () => {
  t = await createTestApp();
  staff = (await createUser(t.deps, { role: 'staff' })).token;
});
afterAll(() => t.close());

const coupon = (over: Record<string, unknown> = {}) => ({
  code: 'summer10',
  type: 'percent',
  value: 10,
  min_order_amount: 50,
  valid_from: '2026-01-01T00:00:00.000Z',
  valid_to: '2026-12-31T00:00:00.000Z',
  is_active: true,
  ...over,
});

describe('coupons', () => {
  it('creates, lists, updates and deletes a coupon in wire units', async () => {
    const created = await t.api('POST', '/admin/coupons', { token: staff, body: coupon({ value: 12.5 }) });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({ code: 'SUMMER10', type: 'percent', value: 12.5, min_order_amount: 50, is_active: true });
    expect((await t.db.coupon.findUniqueOrThrow({ where: { code: 'SUMMER10' } })).value).toBe(1250);
    const updated = await t.api('PUT', `/admin/coupons/${created.body.id}`, { token: staff, body: coupon({ type: 'fixed', value: 5.5 }) });
    expect(updated.body).toMatchObject({ type: 'fixed', value: 5.5 });
    const list = await t.api('GET', '/admin/coupons', { token: staff });
    expect(list.body.map((c: { code: string }) => c.code)).toContain('SUMMER10');
    expect((await t.api('DELETE', `/admin/coupons/${created.body.id}`, { token: staff })).status).toBe(200);
    expect((await t.api('DELETE', `/admin/coupons/${created.body.id}`, { token: staff })).status).toBe(404);
  });

  it('answers the section 5 messages', async () => {
    const detail = async (body: Record<string, unknown>) => (await t.api('POST', '/admin/coupons', { token: staff, body })).body.detail;
    expect(await detail(coupon({ value: 101 }))).toBe('Percentage discount cannot exceed 100%');
    expect(await detail(coupon({ value: 0 }))).toBe('Discount value must be greater than 0');
    expect(await detail(coupon({ code: '  ' }))).toMatch(/Coupon code is required/);
    expect(await detail(coupon({ valid_from: '' }))).toMatch(/Valid from is required/);
    expect(await detail(coupon({ valid_to: undefined }))).toMatch(/Valid to is required/);
  });

  it('refuses a duplicate code in another case with 409', async () => {
    await t.api('POST', '/admin/coupons', { token: staff, body: coupon({ code: 'DUPE' }) });
    const res = await t.api('POST', '/admin/coupons', { token: staff, body: coupon({ code: 'dupe' }) });
    expect(res.status).toBe(409);
    expect(res.body.detail).toBe('Coupon code DUPE already exists');
  });
});

describe('gift items and tiers', () => {
  it('runs a gift campaign: items, a tier naming them, stats', async () => {
    const item = await t.api('POST', '/admin/gift-items', { token: staff, body: { name: 'Sticker roll', description: 'Fragile stickers', stock_quantity: 30, image_url: '' } });
    expect(item.status).toBe(200);
    expect(item.body).toMatchObject({ stock_quantity: 30, image_url: null, is_active: true });
    expect(await t.db.inventoryLedger.count({ where: { giftItemId: item.body.id } })).toBe(1);
    const tier = await t.api('POST', '/admin/gift-tiers', { token: staff, body: { name: 'Spend $80', spending_threshold: 80, gift_item_ids: [item.body.id] } });
    expect(tier.status).toBe(200);
    expect(tier.body).toMatchObject({ spending_threshold: 80, gift_limit: 1, gift_items: [{ id: item.body.id, name: 'Sticker roll' }] });

    const updated = await t.api('PUT', `/admin/gift-items/${item.body.id}`, { token: staff, body: { name: 'Sticker roll', description: 'Fragile stickers', stock_quantity: 25 } });
    expect(updated.body.stock_quantity).toBe(25);
    expect(await t.db.inventoryLedger.findFirst({ where: { giftItemId: item.body.id, before: 30, after: 25 } })).not.toBeNull();

    const stats = await t.api('GET', '/admin/promotions/stats', { token: staff });
    expect(stats.body).toMatchObject({ active_gift_items: 1, active_gift_tiers: 1, total_gift_tiers: 1 });
    expect((await t.api('DELETE', `/admin/gift-tiers/${tier.body.id}`, { token: staff })).status).toBe(200);
    expect((await t.api('DELETE', `/admin/gift-items/${item.body.id}`, { token: staff })).status).toBe(200);
  });

  it('refuses a tier at threshold 0, a gift limit of 0, negative or fractional gift stock and unknown gifts', async () => {
    const zero = await t.api('POST', '/admin/gift-tiers', { token: staff, body: { name: 'Free', spending_threshold: 0 } });
    expect(zero.status).toBe(400);
    expect(zero.body.detail).toBe('Spending threshold must be greater than 0');
    const limit = await t.api('POST', '/admin/gift-tiers', { token: staff, body: { name: 'T', spending_threshold: 10, gift_limit: 0 } });
    expect(limit.body.detail).toBe('Gift limit must be at least 1');
    const unknown = await t.api('POST', '/admin/gift-tiers', { token: staff, body: { name: 'T', spending_threshold: 10, gift_item_ids: ['ghost'] } });
    expect(unknown.status).toBe(400);
    const negative = await t.api('POST', '/admin/gift-items', { token: staff, body: { name: 'G', description: 'D', stock_quantity: -1 } });
    expect(negative.body.detail).toBe('Stock quantity cannot be negative');
    const fraction = await t.api('POST', '/admin/gift-items', { token: staff, body: { name: 'G', description: 'D', stock_quantity: 1.5 } });
    expect(fraction.status).toBe(400);
    const noName = await t.api('POST', '/admin/gift-items', { token: staff, body: { name: '', description: 'D' } });
    expect(noName.body.detail).toMatch(/Gift item name is required/);
  });
});
