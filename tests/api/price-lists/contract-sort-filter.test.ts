import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../../server/app';
import { createVariant } from '../../factories/shop';
import { createUser } from '../../factories/users';
import { createTestApp, type TestApp } from '../../setup/test-app';

// The listing's price sort and price filter as each caller pays (decision 0193): a company member's
// by their contract prices, read per request; a plain buyer's and a visitor's by list prices from the
// cache, which never holds a member's page (callers take turns, on two instances).
let t: TestApp;
let member: Awaited<ReturnType<typeof createUser>>;
let plain: Awaited<ReturnType<typeof createUser>>;
let second: { server: Server; baseUrl: string };
// List prices: v $10, x $8, w $20. The member: v listed at $7, the rest 10 % off (x $7.20, w $18).
const ids: Record<'v' | 'x' | 'w', string> = { v: '', x: '', w: '' };

beforeAll(async () => {
  t = await createTestApp();
  const admin = await createUser(t.deps, { role: 'admin' });
  [member, plain] = [await createUser(t.deps), await createUser(t.deps)];
  const v = await createVariant(t.db, { tiers: [[1, 1000], [10, 800]] });
  const x = await createVariant(t.db, { tiers: [[1, 800]] });
  const w = await createVariant(t.db, { tiers: [[1, 2000]] });
  Object.assign(ids, { v: v.productId, x: x.productId, w: w.productId });
  const as = { token: admin.token };
  const list = await t.api('POST', '/admin/price-lists', { ...as, body: { name: 'Contract', percent_off: 10, items: [{ sku: v.sku, tiers: [{ min_quantity: 1, price: 7 }] }] } });
  const company = await t.api('POST', '/admin/companies', { ...as, body: { name: 'Delta Pte. Ltd.', country: 'SG', registration_number: '201922222K', tax_number: null, billing_address: null, price_list_id: list.body.id } });
  expect((await t.api('POST', `/admin/companies/${company.body.id}/members`, { ...as, body: { email: member.user.email, role: 'buyer' } })).status).toBe(200);
  const s: Server = await new Promise((resolve) => {
    const srv = createApp(t.deps).listen(0, '127.0.0.1', () => resolve(srv));
  });
  second = { server: s, baseUrl: `http://127.0.0.1:${(s.address() as AddressInfo).port}` };
});
afterAll(async () => {
  await new Promise((r) => second.server.close(r));
  await t.close();
});

type Who = 'member' | 'plain' | 'visitor';
const tokenOf = (who: Who) => ({ member: member.token, plain: plain.token, visitor: null })[who];
const nameOf = (id: string) => (Object.entries(ids).find(([, v]) => v === id) ?? ['?'])[0];

async function filterOn(baseUrl: string, who: Who, body: object) {
  const token = tokenOf(who);
  const res = await fetch(`${baseUrl}/api/products/filter`, { method: 'POST', headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) }, body: JSON.stringify({ limit: 50, ...body }) });
  expect(res.status).toBe(200);
  const page = (await res.json()) as { total: number; products: { id: string; price_range: { min: number } }[] };
  return { total: page.total, names: page.products.map((p) => nameOf(p.id)), mins: page.products.map((p) => p.price_range.min) };
}

const cases: { body: object; expected: Record<Who, { names: string[]; mins: number[] }> }[] = [
  {
    body: { sort: { sort_by: 'price_low_high' } },
    expected: { member: { names: ['v', 'x', 'w'], mins: [7, 7.2, 18] }, plain: { names: ['x', 'v', 'w'], mins: [8, 10, 20] }, visitor: { names: ['x', 'v', 'w'], mins: [8, 10, 20] } },
  },
  {
    body: { sort: { sort_by: 'price_high_low' }, filters: { price_max: 7.5 } },
    expected: { member: { names: ['x', 'v'], mins: [7.2, 7] }, plain: { names: [], mins: [] }, visitor: { names: [], mins: [] } },
  },
  {
    body: { filters: { price_min: 9, price_max: 19 }, sort: { sort_by: 'newest' } },
    expected: { member: { names: ['w'], mins: [18] }, plain: { names: ['v'], mins: [10] }, visitor: { names: ['v'], mins: [10] } },
  },
];

describe('the listing’s price sort and price filter', () => {
  // Callers take turns on both instances, so each one's read follows another's through the caches.
  const turns: Who[] = ['member', 'visitor', 'plain', 'member', 'plain', 'visitor', 'member'];

  it('sort and filter by the prices the caller pays, over REST on two instances', async () => {
    for (const [c, { body, expected }] of cases.entries()) {
      for (const [i, who] of turns.entries()) {
        const page = await filterOn(i % 2 ? second.baseUrl : t.baseUrl, who, body);
        expect({ names: page.names, mins: page.mins }, `case ${c}, ${who}`).toEqual(expected[who]);
        expect(page.total).toBe(expected[who].names.length);
      }
    }
  });

  it('the same through tRPC', async () => {
    for (const { body, expected } of cases) {
      for (const who of turns) {
        const page = await t.caller({ token: tokenOf(who) }).catalog.filter({ limit: 50, ...body } as never);
        expect(page.products.map((p) => nameOf(p.id)), who).toEqual(expected[who].names);
        expect(page.products.map((p) => p.price_range.min)).toEqual(expected[who].mins);
      }
    }
  });
});
