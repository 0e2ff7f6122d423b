import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { placeOrderFor } from '../../factories/orders';
import { createVariant } from '../../factories/shop';
import { createUser } from '../../factories/users';
import { createTestApp, type TestApp } from '../../setup/test-app';

// A variant the shop has no price for yet (a list price of 0) that a company's price list prices
// (decision 0193): its members may buy it at their listed price, through both doors (add, change
// quantity, quick order, the order); a plain buyer is refused with the "no price yet" message; a
// percentage off never invents a price.
let t: TestApp;
let member: Awaited<ReturnType<typeof createUser>>;
let otherMember: Awaited<ReturnType<typeof createUser>>;
let plain: Awaited<ReturnType<typeof createUser>>;
let unpriced: Awaited<ReturnType<typeof createVariant>>;

const company = (name: string, reg: string, priceListId: string) => ({ name, country: 'SG', registration_number: reg, tax_number: null, billing_address: null, price_list_id: priceListId });

beforeAll(async () => {
  t = await createTestApp();
  const admin = await createUser(t.deps, { role: 'admin' });
  [member, otherMember, plain] = [await createUser(t.deps), await createUser(t.deps), await createUser(t.deps)];
  unpriced = await createVariant(t.db, { tiers: [[1, 0]], onHand: 500 });
  const as = { token: admin.token };
  const listed = await t.api('POST', '/admin/price-lists', { ...as, body: { name: 'Listed', items: [{ sku: unpriced.sku, tiers: [{ min_quantity: 1, price: 4.5 }, { min_quantity: 10, price: 4 }] }] } });
  const off = await t.api('POST', '/admin/price-lists', { ...as, body: { name: 'Half off', percent_off: 50 } });
  const a = await t.api('POST', '/admin/companies', { ...as, body: company('Epsilon Pte. Ltd.', '201933333K', listed.body.id) });
  const b = await t.api('POST', '/admin/companies', { ...as, body: company('Zeta Pte. Ltd.', '201944444K', off.body.id) });
  expect((await t.api('POST', `/admin/companies/${a.body.id}/members`, { ...as, body: { email: member.user.email, role: 'buyer' } })).status).toBe(200);
  expect((await t.api('POST', `/admin/companies/${b.body.id}/members`, { ...as, body: { email: otherMember.user.email, role: 'buyer' } })).status).toBe(200);
});
afterAll(async () => {
  await t.close();
});

describe('a variant with no list price that the member’s price list prices', () => {
  it('goes in the member’s cart at the listed price (REST and tRPC), its quantity can change, and the order charges it', async () => {
    const add = await t.api('POST', '/cart/add', { token: member.token, body: { variant_id: unpriced.variantId, quantity: 2 } });
    expect(add.status).toBe(200);
    expect(add.body.items[0].price).toBe(4.5);
    const viaTrpc = await t.caller({ token: member.token }).cart.add({ variant_id: unpriced.variantId, quantity: 1 });
    expect(viaTrpc.items[0].quantity).toBe(3);
    const changed = await t.api('PUT', `/cart/item/${add.body.items[0].id}`, { token: member.token, body: { quantity: 12 } });
    expect(changed.status).toBe(200);
    expect(changed.body.items[0].price).toBe(4);
    await t.api('DELETE', '/cart', { token: member.token });
    const order = await placeOrderFor(t, member.token, unpriced.variantId, 10);
    const items = await t.db.orderItem.findMany({ where: { orderId: order.id }, select: { unitPriceCents: true } });
    expect(items).toEqual([{ unitPriceCents: 400 }]);
  });

  it('quick order takes it for the member', async () => {
    await t.api('DELETE', '/cart', { token: member.token });
    const check = await t.api('POST', '/cart/bulk/check', { token: member.token, body: { items: [{ sku: unpriced.sku, quantity: 1 }] } });
    expect(check.body.results[0].status).toBe('ok');
    const bulk = await t.caller({ token: member.token }).cart.bulk({ items: [{ sku: unpriced.sku, quantity: 1 }] });
    expect(bulk.cart.items[0].price).toBe(4.5);
    await t.api('DELETE', '/cart', { token: member.token });
  });

  it('is refused to a plain buyer and to a member whose list only takes a percentage off', async () => {
    for (const token of [plain.token, otherMember.token]) {
      const add = await t.api('POST', '/cart/add', { token, body: { variant_id: unpriced.variantId, quantity: 1 } });
      expect(add.status).toBe(409);
      expect(add.body.detail).toMatch(/has no price yet/);
      await expect(t.caller({ token }).cart.add({ variant_id: unpriced.variantId, quantity: 1 })).rejects.toThrow(/has no price yet/);
      const check = await t.api('POST', '/cart/bulk/check', { token, body: { items: [{ sku: unpriced.sku, quantity: 1 }] } });
      expect(check.body.results[0]).toMatchObject({ status: 'error', reason: 'not_for_sale' });
    }
  });
});
