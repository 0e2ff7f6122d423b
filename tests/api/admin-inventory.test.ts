import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productPayload } from '../factories/admin';
import { createUser } from '../factories/users';
import { createTestApp, type TestApp } from '../setup/test-app';

let t: TestApp;
let staff: string;
let staff2: string;
let variantId: string;
beforeAll(async () => {
  t = await createTestApp();
  staff = (await createUser(t.deps, { role: 'staff' })).token;
  staff2 = (await createUser(t.deps, { role: 'admin' })).token;
  const p = (await t.api('POST', '/admin/products', { token: staff, body: productPayload({ name: 'Inventory mailer', images: ['/uploads/i.webp'] }) })).body;
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
    expect(row).toMatchObject({ product_name: 'Polymailers - Inventory mailer', product_image: '/uploads/i.webp', on_hand: 40, allocated: 0, safety_stock: 2, available: 38, is_low_stock: false });
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
  it('caps the rows at the requested limit and refuses limits outside 1..2000', async () => {
    const one = await t.api('GET', '/admin/inventory?limit=1', { token: staff });
    expect(one.status).toBe(200);
    expect(one.body).toHaveLength(1);
    expect((await t.api('GET', '/admin/inventory?limit=0', { token: staff })).status).toBe(400);
    expect((await t.api('GET', '/admin/inventory?limit=5000', { token: staff })).status).toBe(400);
    expect((await t.caller({ token: staff }).admin.inventory.list({ limit: 1 })).length).toBe(1);
  });
});
