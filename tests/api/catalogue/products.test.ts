import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onCatalogChanged } from '../../../server/lib/catalog-events';
import { createAllocatedOrder, productPayload } from '../../factories/admin';
import { createUser } from '../../factories/users';
import { createTestApp, type TestApp } from '../../setup/test-app';
import { newId } from '../../../server/db/ids';

let t: TestApp;
let staff: string;
beforeAll(async () => {
  t = await createTestApp();
  staff = (await createUser(t.deps, { role: 'staff' })).token;
});
afterAll(() => t.close());

describe('product create, update and delete (REST)', () => {
  it('creates a product with variants, SKUs, base prices, images, SEO and opening stock in the ledger', async () => {
    const events: string[] = [];
    const off = onCatalogChanged((r) => events.push(r));
    const payload = productPayload({ images: ['/uploads/products/0a1b2c3d-0000-4000-8000-00000000000a.webp'], seo_keywords: 'black mailers, courier bags' });
    const res = await t.api('POST', '/admin/products', { token: staff, body: payload });
    off();
    expect(res.status).toBe(200);
    const p = res.body;
    expect(p.images).toEqual(['/uploads/products/0a1b2c3d-0000-4000-8000-00000000000a.webp']);
    expect(p.seo_keywords).toEqual(['black mailers', 'courier bags']);
    expect(p.variants).toHaveLength(2);
    const w = payload.variants[0].width_cm;
    expect(p.variants.map((v: { sku: string }) => v.sku).sort()).toEqual([`POLYMAILERS_NORMAL_BLACK_${w}X35_100`, `POLYMAILERS_NORMAL_BLACK_${w}X35_50`]);
    const fifty = p.variants.find((v: { attributes: { pack_size: number } }) => v.attributes.pack_size === 50);
    expect(fifty.attributes.size_code).toBe(`${w}x35`);
    expect(fifty.on_hand).toBe(40);
    expect(fifty.available).toBe(38);
    const row = await t.db.variant.findUnique({ where: { id: fifty.variant_id }, select: { basePriceCents: true } });
    expect(row?.basePriceCents).toBe(1250);
    expect(await t.db.inventoryLedger.count({ where: { variantId: fifty.variant_id, field: 'on_hand', after: 40 } })).toBe(1);
    expect(events).toContain('product');

    const got = await t.api('GET', `/admin/products/${p.id}`, { token: staff });
    expect(got.body.specifications).toEqual({ Material: 'LDPE' });
  });

  it('refuses a product without variants, bubble wrap in black, and a SKU collision with a clear message', async () => {
    const none = await t.api('POST', '/admin/products', { token: staff, body: productPayload({ variants: [] }) });
    expect(none.status).toBe(400);
    expect(none.body.detail).toBe('Please add at least one variant');

    const bubble = await t.api('POST', '/admin/products', { token: staff, body: productPayload({ type: 'Bubble Wrap', category: 'accessories', color: 'black' }) });
    expect(bubble.status).toBe(400);
    expect(bubble.body.detail).toBe('Bubble wrap only available in white');

    const first = await t.api('POST', '/admin/products', { token: staff, body: productPayload() });
    const clash = productPayload({}, [{ width_cm: first.body.variants[0].attributes.width_cm, height_cm: 35, pack_size: 50, price_tiers: [{ min_quantity: 25, price: 1 }] }]);
    const res = await t.api('POST', '/admin/products', { token: staff, body: clash });
    expect(res.status).toBe(409);
    expect(res.body.detail).toMatch(/SKU POLYMAILERS_NORMAL_BLACK_\d+X35_50 already exists in another product: /);
    expect(res.body.detail).toContain(first.body.name);

    // The form asks as variants are added, through both doors, and learns which product holds it.
    const sku = first.body.variants[0].sku as string;
    const owners = await t.api('POST', '/admin/products/sku-owners', { token: staff, body: { skus: [sku, 'NOT_A_SKU'] } });
    expect(owners.status).toBe(200);
    expect(owners.body).toEqual([{ sku, product_id: first.body.id, product_name: first.body.name }]);
    const own = await t.caller({ token: staff }).admin.products.skuOwners({ skus: [sku], exclude_product_id: first.body.id });
    expect(own).toEqual([]);
    expect((await t.api('POST', '/admin/products/sku-owners', { body: { skus: [sku] } })).status).toBe(401);

    const twice = productPayload({}, [
      { width_cm: 20, height_cm: 30, pack_size: 50, price_tiers: [{ min_quantity: 25, price: 1 }] },
      { attributes: { width_cm: 20, height_cm: 30, pack_size: 50 }, price_tiers: [{ min_quantity: 25, price: 1 }] },
    ]);
    expect((await t.api('POST', '/admin/products', { token: staff, body: twice })).status).toBe(409);

    const noSize = await t.api('POST', '/admin/products', { token: staff, body: productPayload({}, [{ pack_size: 50, price_tiers: [{ min_quantity: 1, price: 1 }] }]) });
    expect(noSize.status).toBe(400);
    expect(noSize.body.detail).toMatch(/Please fill width and height fields/);
  });

  it('updates: edits a variant, adds one, deletes one (client ids for new ones are ignored), and logs stock edits', async () => {
    const created = (await t.api('POST', '/admin/products', { token: staff, body: productPayload() })).body;
    const [a, b] = created.variants;
    const w = a.attributes.width_cm;
    const body = {
      ...productPayload({ name: 'Renamed mailer', images: ['/uploads/products/0a1b2c3d-0000-4000-8000-00000000000b.webp', '/uploads/products/0a1b2c3d-0000-4000-8000-00000000000c.webp'] }, [
        { variant_id: a.variant_id, width_cm: w, height_cm: 35, pack_size: a.attributes.pack_size, price_tiers: [{ min_quantity: 25, price: 9.9 }], on_hand: a.on_hand + 5, safety_stock: 0 },
        { variant_id: 'client-made-123', width_cm: w, height_cm: 40, pack_size: 25, price_tiers: [{ min_quantity: 25, price: 7 }], on_hand: 0, safety_stock: 0 },
      ]),
    };
    const res = await t.api('PUT', `/admin/products/${created.id}`, { token: staff, body });
    expect(res.status).toBe(200);
    expect(res.body.name).toBe('Renamed mailer');
    expect(res.body.images).toEqual(['/uploads/products/0a1b2c3d-0000-4000-8000-00000000000b.webp', '/uploads/products/0a1b2c3d-0000-4000-8000-00000000000c.webp']);
    expect(res.body.variants).toHaveLength(2);
    const kept = res.body.variants.find((v: { variant_id: string }) => v.variant_id === a.variant_id);
    expect(kept.on_hand).toBe(a.on_hand + 5);
    expect(kept.price_tiers).toEqual([{ min_quantity: 25, price: 9.9 }]);
    expect(res.body.variants.some((v: { variant_id: string }) => v.variant_id === 'client-made-123')).toBe(false);
    expect(await t.db.variant.count({ where: { id: b.variant_id } })).toBe(0);
    const ledger = await t.db.inventoryLedger.findFirst({ where: { variantId: a.variant_id, notes: 'Edited in the product form' } });
    expect(ledger).toMatchObject({ before: a.on_hand, after: a.on_hand + 5, delta: 5 });
  });

  it('deletes a product with its variants and cart lines but keeps order history', async () => {
    const buyer = await createUser(t.deps);
    const created = (await t.api('POST', '/admin/products', { token: staff, body: productPayload() })).body;
    const v = created.variants[0];
    const order = await createAllocatedOrder(t.db, { userId: buyer.user.id, lines: [{ variantId: v.variant_id, quantity: 1 }] });
    // An open order holds stock: deleting now would lose the allocation.
    const busy = await t.api('DELETE', `/admin/products/${created.id}`, { token: staff });
    expect(busy.status).toBe(409);
    await t.api('POST', `/admin/orders/${order.id}/status`, { token: staff, body: { status: 'cancelled' } });

    const cart = await t.db.cart.create({ data: { id: newId(), userId: buyer.user.id, items: { create: [{ id: newId(), variantId: v.variant_id, quantity: 2 }] } } });
    const res = await t.api('DELETE', `/admin/products/${created.id}`, { token: staff });
    expect(res.status).toBe(200);
    expect(await t.db.variant.count({ where: { productId: created.id } })).toBe(0);
    expect(await t.db.cartItem.count({ where: { cartId: cart.id } })).toBe(0);
    const line = await t.db.orderItem.findFirst({ where: { orderId: order.id } });
    expect(line).toMatchObject({ variantId: null, sku: v.sku });
    expect((await t.api('DELETE', `/admin/products/${created.id}`, { token: staff })).status).toBe(404);
  });
});

describe('settings lists', () => {
  it('stores values lower-case and unique whatever the case, with the form messages', async () => {
    const ok = await t.api('PUT', '/admin/settings', { token: staff, body: { available_colors: ['White', 'black', 'clear', 'Baby Blue'] } });
    expect(ok.status).toBe(200);
    expect(ok.body.available_colors).toEqual(['white', 'black', 'clear', 'baby blue']);
    expect(ok.body.available_types).toEqual(['normal', 'premium', 'bubble wrap']);

    const dup = await t.api('PUT', '/admin/settings', { token: staff, body: { available_colors: ['white', 'black', 'BLACK'] } });
    expect(dup.status).toBe(400);
    expect(dup.body.detail).toBe('Color already exists');
    const dupCat = await t.api('PUT', '/admin/settings', { token: staff, body: { available_categories: ['polymailers', 'Polymailers'] } });
    expect(dupCat.body.detail).toBe('Category already exists');
    const empty = await t.api('PUT', '/admin/settings', { token: staff, body: { available_types: ['normal', '  '] } });
    expect(empty.body.detail).toBe('Please enter a type name');
  });

  it('refuses to remove a category that products use (409) and allows an unused one', async () => {
    await t.api('POST', '/admin/products', { token: staff, body: productPayload() });
    const res = await t.api('PUT', '/admin/settings', { token: staff, body: { available_categories: ['accessories'] } });
    expect(res.status).toBe(409);
    expect(res.body.detail).toMatch(/Cannot remove category "polymailers"/);
    await t.api('PUT', '/admin/settings', { token: staff, body: { available_categories: ['polymailers', 'accessories', 'boxes'] } });
    const pruned = await t.api('PUT', '/admin/settings', { token: staff, body: { available_categories: ['polymailers', 'accessories'] } });
    expect(pruned.status).toBe(200);
    expect(pruned.body.available_categories).toEqual(['polymailers', 'accessories']);
  });
});
