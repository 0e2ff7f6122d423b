import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productPayload } from '../factories/admin';
import { createUser } from '../factories/users';
import { createTestApp, type TestApp } from '../setup/test-app';

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

    const guestId = 'guest_1700000000_promocache';
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
