import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productPayload } from '../../factories/admin';
import { createUser } from '../../factories/users';
import { createTestApp, type TestApp } from '../../setup/test-app';
import { catalogChanged } from '../../../server/lib/catalog-events';
import { INVENTORY_LIST_DEFAULT, INVENTORY_PAGE_SIZE } from '../../../shared/schemas/inventory.schema';
import { newId } from '../../../server/db/ids';

let t: TestApp;
let staff: string;
let staff2: string;
let variantId: string;
beforeAll(async () => {
  t = await createTestApp();
  staff = (await createUser(t.deps, { role: 'staff' })).token;
  staff2 = (await createUser(t.deps, { role: 'admin' })).token;
  const p = (await t.api('POST', '/admin/products', { token: staff, body: productPayload({ name: 'Inventory mailer', images: ['/uploads/seed/inventory-mailer-1.webp'] }) })).body;
  variantId = p.variants.find((v: { attributes: { pack_size: number } }) => v.attributes.pack_size === 50).variant_id;
});
afterAll(() => t.close());

const adjust = (body: Record<string, unknown>, token = staff) =>
  t.api('POST', '/admin/inventory/adjust', { token, body: { variant_id: variantId, reason: 'recount', notes: 'Shelf count', ...body } });

describe('inventory list', () => {
  it('lists rows with the packing fields and flags low stock at available <= 5', async () => {
    const res = await t.api('GET', '/admin/inventory', { token: staff });
    expect(res.status).toBe(200);
    const row = res.body.find((r: { variant_id: string }) => r.variant_id === variantId);
    expect(row).toMatchObject({ product_name: 'Polymailers - Inventory mailer', product_image: '/uploads/seed/inventory-mailer-1.webp', on_hand: 40, allocated: 0, safety_stock: 2, available: 38, is_low_stock: false });
    expect(row.sku).toMatch(/^POLYMAILERS_NORMAL_BLACK_\d+X35_50$/);
    await adjust({ adjustment_type: 'set', on_hand_value: 7 });
    const low = (await t.api('GET', '/admin/inventory', { token: staff, headers: {} })).body.find((r: { variant_id: string }) => r.variant_id === variantId);
    expect(low).toMatchObject({ available: 5, is_low_stock: true });
    const found = await t.api('GET', '/admin/inventory?search=inventory%20MAILER', { token: staff });
    expect(found.body.map((r: { variant_id: string }) => r.variant_id)).toContain(variantId);
    expect((await t.api('GET', '/admin/inventory?search=100%25_', { token: staff })).body).toEqual([]);
  });
});

describe('stock adjustment', () => {
  it('changes and sets each figure, writes the ledger and answers the new row', async () => {
    await adjust({ adjustment_type: 'set', on_hand_value: 50 });
    const change = await adjust({ adjustment_type: 'change', on_hand_change: -8, reason: 'damaged', notes: 'Water damage' });
    expect(change.status).toBe(200);
    expect(change.body).toMatchObject({ on_hand: 42, available: 40 });
    expect((await adjust({ adjustment_type: 'set', safety_stock_value: 10 })).body).toMatchObject({ safety_stock: 10, available: 32 });
    expect((await adjust({ adjustment_type: 'change', allocated_change: 3 })).body).toMatchObject({ allocated: 3, available: 29 });
    const ledger = await t.api('GET', `/admin/inventory/${variantId}/ledger`, { token: staff });
    expect(ledger.status).toBe(200);
    expect(ledger.body[0]).toMatchObject({ field: 'allocated', before: 0, after: 3, delta: 3, reason: 'recount' });
    expect(ledger.body.find((r: { reason: string }) => r.reason === 'damaged')).toMatchObject({ before: 50, after: 42, notes: 'Water damage', user_email: expect.any(String) });
    await adjust({ adjustment_type: 'set', allocated_value: 0 });
    await adjust({ adjustment_type: 'set', safety_stock_value: 0 });
  });

  it('refuses missing notes, a negative result, a fraction, an unknown reason and two amounts', async () => {
    const noNotes = await adjust({ adjustment_type: 'change', on_hand_change: 1, notes: '  ' });
    expect(noNotes.status).toBe(400);
    expect(noNotes.body.detail).toBe('Please provide notes for this adjustment');
    const negative = await adjust({ adjustment_type: 'set', on_hand_value: -1 });
    expect(negative.status).toBe(400);
    expect(negative.body.detail).toMatch(/On hand cannot go below 0/);
    const below = await adjust({ adjustment_type: 'change', on_hand_change: -100000 });
    expect(below.status).toBe(400);
    expect((await adjust({ adjustment_type: 'change', on_hand_change: 1.5 })).status).toBe(400);
    const reason = await adjust({ adjustment_type: 'change', on_hand_change: 1, reason: 'stolen' });
    expect(reason.status).toBe(400);
    expect(reason.body.detail).toMatch(/Reason must be one of/);
    expect((await adjust({ adjustment_type: 'set', on_hand_value: 1, safety_stock_value: 1 })).status).toBe(400);
    expect((await adjust({ adjustment_type: 'set', on_hand_change: 1 })).status).toBe(400);
    expect((await adjust({ adjustment_type: 'set', on_hand_value: 1, variant_id: 'nope' })).status).toBe(404);
  });

  it('refuses on_hand below the allocated units (409)', async () => {
    await adjust({ adjustment_type: 'set', on_hand_value: 10 });
    await adjust({ adjustment_type: 'set', allocated_value: 6 });
    const res = await adjust({ adjustment_type: 'set', on_hand_value: 5 });
    expect(res.status).toBe(409);
    expect(res.body.detail).toMatch(/cannot be less than the 6 unit\(s\) allocated/);
    await adjust({ adjustment_type: 'set', allocated_value: 0 });
  });

  it('applies two staff adjusting the same variant at once, and the ledger agrees with the stock', async () => {
    await adjust({ adjustment_type: 'set', on_hand_value: 100 });
    const before = await t.db.inventoryLedger.count({ where: { variantId } });
    // Distinct positive changes (+1 ... +10) so that the chain of before/after figures can be read back in order.
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) => adjust({ adjustment_type: 'change', on_hand_change: i + 1, notes: `concurrent ${i}` }, i % 2 ? staff : staff2)),
    );
    expect(results.map((r) => r.status)).toEqual(Array(10).fill(200));
    const v = await t.db.variant.findUniqueOrThrow({ where: { id: variantId } });
    expect(v.onHand).toBe(100 + 55);
    const rows = await t.db.inventoryLedger.findMany({ where: { variantId, notes: { startsWith: 'concurrent' } } });
    expect(rows).toHaveLength(10);
    expect(await t.db.inventoryLedger.count({ where: { variantId } })).toBe(before + 10);
    // Every row starts where the previous one ended: an unbroken chain from 100 to the final figure.
    const chain = [...rows].sort((a, b) => a.before - b.before);
    expect(chain[0].before).toBe(100);
    for (let i = 1; i < chain.length; i++) expect(chain[i].before).toBe(chain[i - 1].after);
    expect(chain.at(-1)!.after).toBe(v.onHand);
  });
});

describe('inventory list bounds', () => {
  it('answers one page by default, whatever the catalogue holds', async () => {
    const { productId } = await t.db.variant.findUniqueOrThrow({ where: { id: variantId } });
    await t.db.variant.createMany({ data: Array.from({ length: 120 }, (_, i) => ({ id: newId(), productId, sku: `BOUNDS_${String(i).padStart(3, '0')}`, type: 'normal', color: 'black', widthCm: 1, heightCm: 1, sizeCode: '1x1' })) });
    catalogChanged('test');
    expect((await t.api('GET', '/admin/inventory', { token: staff })).body).toHaveLength(INVENTORY_LIST_DEFAULT);
    const page = await t.api('GET', '/admin/inventory/page', { token: staff });
    expect(page.body.items).toHaveLength(INVENTORY_PAGE_SIZE);
    expect(page.body).toMatchObject({ page: 1, limit: INVENTORY_PAGE_SIZE, total: expect.any(Number) });
    expect(page.body.pages).toBe(Math.ceil(page.body.total / INVENTORY_PAGE_SIZE));
    await t.db.variant.deleteMany({ where: { sku: { startsWith: 'BOUNDS_' } } });
    catalogChanged('test');
  });

  it('caps the rows at the requested limit and refuses limits outside 1..2000', async () => {
    const one = await t.api('GET', '/admin/inventory?limit=1', { token: staff });
    expect(one.status).toBe(200);
    expect(one.body).toHaveLength(1);
    expect((await t.api('GET', '/admin/inventory?limit=0', { token: staff })).status).toBe(400);
    expect((await t.api('GET', '/admin/inventory?limit=5000', { token: staff })).status).toBe(400);
    expect((await t.caller({ token: staff }).admin.inventory.list({ limit: 1 })).length).toBe(1);
  });
});

describe('paged list: search, filters and sort by the database', () => {
  // Two products of their own (two variants each), found by the word in their names.
  let white: { variant_id: string; sku: string }[];
  let black: { variant_id: string; sku: string }[];
  const ids = (rows: { variant_id: string }[]) => rows.map((r) => r.variant_id);
  const page = (query: string) => t.api('GET', `/admin/inventory/page?search=Zeppelin&${query}`, { token: staff });
  beforeAll(async () => {
    const a = (await t.api('POST', '/admin/products', { token: staff, body: productPayload({ name: 'Zeppelin A white', color: 'white' }) })).body;
    const b = (await t.api('POST', '/admin/products', { token: staff, body: productPayload({ name: 'Zeppelin B black', category: 'accessories' }) })).body;
    const rows = (await page('limit=10')).body.items as { variant_id: string; sku: string; product_id: string }[];
    white = rows.filter((r) => r.product_id === a.id);
    black = rows.filter((r) => r.product_id === b.id);
    expect(white).toHaveLength(2);
    expect(black).toHaveLength(2);
  });

  it('pages in product-name then SKU order, with the total and page count', async () => {
    const first = await page('limit=3');
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ total: 4, page: 1, pages: 2, limit: 3 });
    expect(ids(first.body.items)).toEqual([...ids(white), black[0].variant_id]);
    const second = await page('limit=3&page=2');
    expect(ids(second.body.items)).toEqual([black[1].variant_id]);
    expect((await page('limit=3&page=3')).body).toMatchObject({ items: [], total: 4, pages: 2 });
    // The bare list takes the same parameters and answers the same rows.
    const list = await t.api('GET', '/admin/inventory?search=zeppelin&limit=3&page=2', { token: staff });
    expect(ids(list.body)).toEqual([black[1].variant_id]);
    expect((await page('sort=sku')).body.items.map((r: { sku: string }) => r.sku)).toEqual([...white, ...black].map((r) => r.sku).sort());
  });

  it('filters by category, colour, size and stock, and sorts by what is available', async () => {
    expect(ids((await page('category=accessories')).body.items)).toEqual(ids(black));
    expect(ids((await page('color=white')).body.items)).toEqual(ids(white));
    const size = white[0].sku.split('_')[3].toLowerCase();
    expect(ids((await page(`size=${size}`)).body.items)).toEqual(ids(white));
    // Colour and size together (the packing screen) read the matches first: same rows, order and pages.
    expect((await page(`color=white&size=${size}`)).body).toMatchObject({ total: 2, items: white.map((w) => ({ variant_id: w.variant_id })) });
    expect(ids((await page(`color=white&size=${size}&limit=1&page=2`)).body.items)).toEqual([white[1].variant_id]);
    expect((await page(`color=black&size=nothing-like-this`)).body).toMatchObject({ items: [], total: 0 });
    expect((await page('category=nothing-like-this')).body).toMatchObject({ items: [], total: 0, pages: 1 });

    // Stock figures from the factory: 40 on hand - 2 safety = 38, and 10 - 0 = 10 per product; 5 is low.
    const adjustTo = (id: string, onHand: number) => t.api('POST', '/admin/inventory/adjust', { token: staff, body: { variant_id: id, adjustment_type: 'set', on_hand_value: onHand, reason: 'recount', notes: 'filters' } });
    expect((await adjustTo(black[1].variant_id, 0)).status).toBe(200);
    expect((await adjustTo(white[0].variant_id, 5)).status).toBe(200);
    // The counts are cached, and dropped by every stock change: the filters see it at once.
    expect((await page('stock=out')).body).toMatchObject({ total: 1, items: [{ variant_id: black[1].variant_id, available: 0 }] });
    expect(ids((await page('stock=low')).body.items).sort()).toEqual([white[0].variant_id, black[1].variant_id].sort());
    const ascending = (await page('sort=available_asc')).body.items.map((r: { available: number }) => r.available);
    expect(ascending).toEqual([...ascending].sort((x, y) => x - y));
    expect(ascending[0]).toBe(0);
    const descending = (await page('sort=available_desc')).body.items.map((r: { available: number }) => r.available);
    expect(descending).toEqual([...ascending].reverse());
  });

  it('lists the values the filters offer', async () => {
    const res = await t.api('GET', '/admin/inventory/facets', { token: staff });
    expect(res.status).toBe(200);
    expect(res.body.categories).toEqual(expect.arrayContaining(['polymailers', 'accessories']));
    expect(res.body.colors).toEqual(expect.arrayContaining(['white', 'black']));
    expect(res.body.sizes).toContain(white[0].sku.split('_')[3].toLowerCase());
    expect((await t.caller({ token: staff }).admin.inventory.facets()).categories).toEqual(res.body.categories);
  });

  it('refuses odd parameters with a 400 naming them, and customers with a 403', async () => {
    for (const q of ['sort=cheapest', 'stock=some', 'page=0', 'page=abc', 'limit=0', 'limit=2001', `search=${'x'.repeat(101)}`]) {
      const res = await t.api('GET', `/admin/inventory/page?${q}`, { token: staff });
      expect(res.status, q).toBe(400);
      expect(res.body.detail, q).toEqual(expect.any(String));
    }
    expect((await t.api('GET', '/admin/inventory/page?search=%25', { token: staff })).body).toMatchObject({ items: [], total: 0 });
    const customer = (await createUser(t.deps)).token;
    expect((await t.api('GET', '/admin/inventory/page', { token: customer })).status).toBe(403);
    expect((await t.api('GET', '/admin/inventory/facets', { token: customer })).status).toBe(403);
    expect((await t.api('GET', '/admin/inventory/page')).status).toBe(401);
  });
});

describe('stock adjustment edges', () => {
  it('writes no ledger row when the figure does not change, and refuses a figure past the integer range', async () => {
    await adjust({ adjustment_type: 'set', on_hand_value: 20 });
    const before = await t.db.inventoryLedger.count({ where: { variantId } });
    const same = await adjust({ adjustment_type: 'set', on_hand_value: 20 });
    expect(same.status).toBe(200);
    expect(same.body).toMatchObject({ variant_id: variantId, on_hand: 20, product_name: 'Polymailers - Inventory mailer', product_image: '/uploads/seed/inventory-mailer-1.webp' });
    expect(await t.db.inventoryLedger.count({ where: { variantId } })).toBe(before);
    await t.db.variant.update({ where: { id: variantId }, data: { onHand: 2_147_000_000 } });
    const past = await adjust({ adjustment_type: 'change', on_hand_change: 1_000_000 });
    expect(past.status).toBe(400);
    expect(past.body.detail).toMatch(/On hand cannot exceed/);
    expect((await t.db.variant.findUniqueOrThrow({ where: { id: variantId } })).onHand).toBe(2_147_000_000);
    await adjust({ adjustment_type: 'set', on_hand_value: 20 });
  });
});
