import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVariant } from '../../factories/shop';
import { createUser } from '../../factories/users';
import { createTestApp, type TestApp } from '../../setup/test-app';

// A saved list's own page and a quote request at the caller's prices (decision 0193), through both
// doors: a company member sees their contract prices, a plain buyer the list prices; a quote a member
// asks for (on lines or on the cart, or one staff start for them) starts from their contract prices.
let t: TestApp;
let admin: Awaited<ReturnType<typeof createUser>>;
let member: Awaited<ReturnType<typeof createUser>>;
let plain: Awaited<ReturnType<typeof createUser>>;
let v: Awaited<ReturnType<typeof createVariant>>;
let w: Awaited<ReturnType<typeof createVariant>>;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t.deps, { role: 'admin' });
  [member, plain] = [await createUser(t.deps), await createUser(t.deps)];
  v = await createVariant(t.db, { tiers: [[1, 1000], [10, 800]], onHand: 1000 });
  w = await createVariant(t.db, { tiers: [[1, 2000]], onHand: 1000 });
  const as = { token: admin.token };
  // v listed at $7 from 1 and $6 from 10; w 10 % off.
  const list = await t.api('POST', '/admin/price-lists', { ...as, body: { name: 'Contract', percent_off: 10, items: [{ sku: v.sku, tiers: [{ min_quantity: 1, price: 7 }, { min_quantity: 10, price: 6 }] }] } });
  const company = await t.api('POST', '/admin/companies', { ...as, body: { name: 'Gamma Pte. Ltd.', country: 'SG', registration_number: '201911111K', tax_number: null, billing_address: null, price_list_id: list.body.id } });
  expect((await t.api('POST', `/admin/companies/${company.body.id}/members`, { ...as, body: { email: member.user.email, role: 'admin' } })).status).toBe(200);
});
afterAll(async () => {
  await t.close();
});

const who = () => [
  { name: 'member', token: member.token, v1: 7, v12: 6, w: 18 },
  { name: 'plain', token: plain.token, v1: 10, v12: 8, w: 20 },
];

describe('a saved list at the caller’s prices', () => {
  it('the list’s page (REST and tRPC) and every change answered price each line as the caller pays', async () => {
    for (const c of who()) {
      const created = await t.api('POST', '/lists', { token: c.token, body: { name: `Weekly ${c.name}` } });
      expect(created.status).toBe(200);
      const id = created.body.id;
      const added = await t.api('POST', `/lists/${id}/items`, { token: c.token, body: { variant_id: v.variantId, quantity: 1 } });
      expect(added.body.items[0].unit_price, c.name).toBe(c.v1);
      await t.api('POST', `/lists/${id}/items`, { token: c.token, body: { variant_id: w.variantId, quantity: 3 } });
      const rest = await t.api('GET', `/lists/${id}`, { token: c.token });
      expect(rest.body.items.map((i: { unit_price: number }) => i.unit_price), c.name).toEqual([c.v1, c.w]);
      const line = rest.body.items[0].id;
      const changed = await t.api('PATCH', `/lists/${id}/items/${line}`, { token: c.token, body: { quantity: 12 } });
      expect(changed.body.items[0].unit_price, `${c.name} at 12`).toBe(c.v12);
      const trpc = await t.caller({ token: c.token }).lists.get({ id });
      expect(trpc.items.map((i) => i.unit_price)).toEqual([c.v12, c.w]);
      const renamed = await t.caller({ token: c.token }).lists.rename({ id, name: `Monthly ${c.name}` });
      expect(renamed.items.map((i) => i.unit_price)).toEqual([c.v12, c.w]);
    }
  });

  it('the company admin reads a member’s list at the company’s prices', async () => {
    const mine = await t.api('GET', '/lists', { token: member.token });
    const res = await t.api('GET', `/company/lists/${mine.body[0].id}`, { token: member.token });
    expect(res.status).toBe(200);
    expect(res.body.items.map((i: { unit_price: number }) => i.unit_price)).toEqual([6, 18]);
  });
});

describe('a quote asked for starts from the caller’s prices', () => {
  it('on lines, through REST and tRPC', async () => {
    for (const c of who()) {
      const rest = await t.api('POST', '/quotes', { token: c.token, body: { lines: [{ sku: v.sku, quantity: 12 }, { sku: w.sku, quantity: 2 }] } });
      expect(rest.status).toBe(200);
      expect(rest.body.lines.map((l: { list_price: number }) => l.list_price), c.name).toEqual([c.v12, c.w]);
      const trpc = await t.caller({ token: c.token }).quotes.request({ lines: [{ sku: v.sku, quantity: 1 }] });
      expect(trpc.lines[0].list_price, c.name).toBe(c.v1);
    }
  });

  it('on the cart', async () => {
    for (const c of who()) {
      await t.api('DELETE', '/cart', { token: c.token });
      await t.api('POST', '/cart/add', { token: c.token, body: { variant_id: w.variantId, quantity: 2 } });
      const q = await t.api('POST', '/quotes', { token: c.token, body: {} });
      expect(q.status).toBe(200);
      expect(q.body.lines[0].list_price, c.name).toBe(c.w);
    }
  });

  it('one staff start for a member starts from the member’s prices', async () => {
    for (const c of who()) {
      const email = c.name === 'member' ? member.user.email : plain.user.email;
      const q = await t.api('POST', '/admin/quotes', { token: admin.token, body: { customer_email: email, lines: [{ sku: v.sku, quantity: 12 }] } });
      expect(q.status).toBe(200);
      expect(q.body.lines[0].list_price, c.name).toBe(c.v12);
    }
  });
});
