import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectRoot } from '../../../server/lib/paths';
import { createVariant } from '../../factories/shop';
import { createUser } from '../../factories/users';
import { createTestApp, type TestApp } from '../../setup/test-app';

// Server-rendered pages and their page cache are anonymous (decision 0193): a company member's
// request for a page, even with their bearer token, renders and caches list prices only, so the
// page cache can never hand a member's price to anyone.
let t: TestApp;
let member: Awaited<ReturnType<typeof createUser>>;
let v: Awaited<ReturnType<typeof createVariant>>;
beforeAll(async () => {
  t = await createTestApp({ indexHtmlPath: join(projectRoot, 'index.html'), ssrEntry: () => import('../../../src/entry-server') });
  const admin = await createUser(t.deps, { role: 'admin' });
  member = await createUser(t.deps);
  v = await createVariant(t.db, { name: 'Contract Page Mailer', tiers: [[1, 1234]] });
  const list = await t.api('POST', '/admin/price-lists', { token: admin.token, body: { name: 'Half', percent_off: 50 } });
  const c = await t.api('POST', '/admin/companies', { token: admin.token, body: { name: 'Gamma Pte. Ltd.', country: 'SG', registration_number: '201912345K', price_list_id: list.body.id } });
  await t.api('POST', `/admin/companies/${c.body.id}/members`, { token: admin.token, body: { email: member.user.email, role: 'buyer' } });
});
afterAll(() => t.close());

const page = async (path: string, token?: string) => (await fetch(`${t.baseUrl}${path}`, { headers: token ? { authorization: `Bearer ${token}` } : {} })).text();

describe('server-rendered pages with contract prices', () => {
  it('render and cache list prices whoever asks first', async () => {
    // The member asks first (filling the page cache), then a visitor, then the member again.
    for (const token of [member.token, undefined, member.token]) {
      const html = await page(`/products/${v.productId}`, token);
      expect(html).toContain('Contract Page Mailer');
      expect(html).toContain('12.34');
      expect(html).not.toContain('6.17');
      const listing = await page('/products', token);
      expect(listing).not.toContain('6.17');
    }
    // The member's own API read is their price: the difference is real, not absent.
    expect((await t.api('GET', `/products/${v.productId}`, { token: member.token })).body.variants[0].price_tiers).toEqual([{ min_quantity: 1, price: 6.17 }]);
  });
});
