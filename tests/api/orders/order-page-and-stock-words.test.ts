import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { placeOrderFor } from '../../factories/orders';
import { createVariant } from '../../factories/shop';
import { createUser } from '../../factories/users';
import { createTestApp, type TestApp } from '../../setup/test-app';

// Issue 38, points 15 and 16: the back office's order page names the buyer's company and each
// line's variant; a ledger row of an order movement names that order; none available is counted as
// out of stock, apart from "low".

let t: TestApp;
let staff: string;
beforeAll(async () => {
  t = await createTestApp();
  staff = (await createUser(t.deps, { role: 'staff' })).token;
});
afterAll(() => t.close());

describe('the back office order page', () => {
  it('shows the company as placed, and each line with its size, colour, type, pack and SKU, on both doors', async () => {
    const v = await createVariant(t.db, { sizeCode: '32x45', packSize: 100, onHand: 500 });
    const buyer = await createUser(t.deps);
    const company = { name: 'Acme Packaging Pte. Ltd.', country: 'SG', registration_number: '201912345K', tax_number: 'M90312345A', billing_address: '1 Raffles Place\nSingapore 048616' };
    expect((await t.api('PUT', '/users/me', { token: buyer.token, body: { company } })).status).toBe(200);
    const order = await placeOrderFor(t, buyer.token, v.variantId, 2);
    // A later change of the profile does not rewrite the order.
    await t.api('PUT', '/users/me', { token: buyer.token, body: { company: null } });

    const rest = await t.api('GET', `/admin/orders/${order.id}`, { token: staff });
    expect(rest.status).toBe(200);
    expect(rest.body.company).toEqual(company);
    expect(rest.body.items).toEqual([expect.objectContaining({ sku: v.sku, size: '32x45', color: 'white', type: 'normal', pack_size: 100, quantity: 2 })]);
    const trpc = await t.caller({ token: staff }).admin.orders.get({ id: order.id });
    expect(trpc.company).toEqual(company);
    expect(trpc.items[0]).toMatchObject({ size: '32x45', color: 'white', pack_size: 100 });

    // A private buyer has no company.
    const privateBuyer = await createUser(t.deps);
    const other = await placeOrderFor(t, privateBuyer.token, v.variantId, 1);
    expect((await t.api('GET', `/admin/orders/${other.id}`, { token: staff })).body.company).toBeNull();

    // The ledger's order movements name the order they belong to.
    const ledger = await t.api('GET', `/admin/inventory/${v.variantId}/ledger`, { token: staff });
    expect(ledger.status).toBe(200);
    const placed = ledger.body.filter((r: { order_id: string | null }) => r.order_id === order.id);
    expect(placed.length).toBeGreaterThan(0);
    expect(placed.every((r: { order_number: string }) => r.order_number === order.order_number)).toBe(true);
    expect(ledger.body.filter((r: { order_id: string | null; order_number: string | null }) => !r.order_id && r.order_number)).toEqual([]);
  });
});

describe('stock words on the dashboard', () => {
  it('counts none available as out of stock, within the low-stock figure but named apart', async () => {
    const before = (await t.api('GET', '/admin/dashboard', { token: staff })).body;
    await createVariant(t.db, { onHand: 0 });
    await createVariant(t.db, { onHand: 10, allocated: 10 });
    await createVariant(t.db, { onHand: 4 });
    await createVariant(t.db, { onHand: 50 });
    const after = await t.api('GET', '/admin/dashboard', { token: staff });
    expect(after.body.out_of_stock_count - before.out_of_stock_count).toBe(2);
    expect(after.body.low_stock_count - before.low_stock_count).toBe(3);
    expect((await t.caller({ token: staff }).admin.dashboard.stats()).out_of_stock_count).toBe(after.body.out_of_stock_count);
  });
});
