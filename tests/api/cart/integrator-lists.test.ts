import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openApiDocument } from '../../../server/rest/openapi';
import { createAllocatedOrder, productPayload } from '../../factories/admin';
import { createUser } from '../../factories/users';
import { createTestApp, type TestApp } from '../../setup/test-app';

// Orders and products by cursor for integrators: every row once, oldest change first, a row
// changed between pages met again at the end, `updated_since`, and the same { detail } errors.

let t: TestApp;
let admin: string;
let productIds: string[] = [];
let orderIds: string[] = [];

beforeAll(async () => {
  t = await createTestApp();
  admin = (await createUser(t.deps, { role: 'admin' })).token;
  for (let i = 0; i < 5; i++) {
    const p = (await t.api('POST', '/admin/products', { token: admin, body: productPayload({ name: `Feed mailer ${i}` }) })).body;
    productIds.push(p.id);
    const o = await createAllocatedOrder(t.db, { lines: [{ variantId: p.variants[0].variant_id, quantity: 1 }] });
    orderIds.push(o.id);
  }
  // Two rows with the same updatedAt: the id decides between them.
  const same = new Date('2026-01-01T00:00:00.000Z');
  await t.db.product.updateMany({ where: { id: { in: productIds.slice(0, 2) } }, data: { updatedAt: same } });
  productIds = (await t.db.product.findMany({ orderBy: [{ updatedAt: 'asc' }, { id: 'asc' }], select: { id: true } })).map((p) => p.id);
  orderIds = (await t.db.order.findMany({ orderBy: [{ updatedAt: 'asc' }, { id: 'asc' }], select: { id: true } })).map((o) => o.id);
});
afterAll(() => t.close());

type Page = { items: { id: string; updated_at: string }[]; next_cursor: string | null };

async function walk(path: string, token: string, query = ''): Promise<string[]> {
  const seen: string[] = [];
  let cursor: string | null = null;
  for (let i = 0; i < 20; i++) {
    const res = await t.api('GET', `${path}?limit=2${query}${cursor ? `&cursor=${cursor}` : ''}`, { token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const page = res.body as Page;
    seen.push(...page.items.map((r) => r.id));
    cursor = page.next_cursor;
    if (!cursor) return seen;
  }
  throw new Error('the feed never ended');
}

describe('products feed', () => {
  it('pages through every product once, by (updated_at, id), with variants, tiers and stock', async () => {
    expect(await walk('/admin/products/feed', admin)).toEqual(productIds);
    const first = (await t.api('GET', '/admin/products/feed?limit=1', { token: admin })).body as Page & { items: any[] };
    expect(first.items[0]).toMatchObject({ id: productIds[0], updated_at: '2026-01-01T00:00:00.000Z', created_at: expect.any(String) });
    expect(first.items[0].variants[0]).toMatchObject({ sku: expect.any(String), on_hand: 40, price_tiers: [{ min_quantity: 25, price: 12.5 }, { min_quantity: 100, price: 10 }] });
  });

  it('meets a product changed between pages again at the end, and skips none', async () => {
    const one = (await t.api('GET', '/admin/products/feed?limit=2', { token: admin })).body as Page;
    const edited = one.items[0].id;
    const current = (await t.api('GET', `/admin/products/${edited}`, { token: admin })).body;
    const { id: _id, in_stock: _s, price_range: _r, ...form } = current;
    const update = await t.api('PUT', `/admin/products/${edited}`, {
      token: admin,
      body: { ...form, seo_keywords: form.seo_keywords.join(', '), description: 'Changed mid-sync', variants: form.variants.map((v: any) => ({ ...v, ...v.attributes })) },
    });
    expect(update.status, JSON.stringify(update.body)).toBe(200);
    const rest: string[] = [];
    let cursor = one.next_cursor;
    while (cursor) {
      const page = (await t.api('GET', `/admin/products/feed?limit=2&cursor=${cursor}`, { token: admin })).body as Page;
      rest.push(...page.items.map((r) => r.id));
      cursor = page.next_cursor;
    }
    expect(rest.at(-1)).toBe(edited);
    expect(new Set([...one.items.map((r) => r.id), ...rest])).toEqual(new Set(productIds));
  });

  it('filters by updated_since, on both doors', async () => {
    const since = new Date(Date.now() - 1).toISOString();
    await new Promise((r) => setTimeout(r, 5));
    const res = await t.api('GET', `/admin/products/feed?updated_since=${encodeURIComponent(since)}`, { token: admin });
    expect(res.body.items).toEqual([]);
    const old = await t.caller({ token: admin }).admin.products.feed({ updated_since: '2026-01-01T00:00:00Z', limit: 200 });
    expect(old.items.map((p) => p.id)).toEqual(expect.arrayContaining(productIds));
    expect(old.next_cursor).toBeNull();
    const later = await t.caller({ token: admin }).admin.products.feed({ updated_since: '2026-01-01T00:00:00.001+00:00' });
    // productIds[0] was edited by the test above; productIds[1] still carries the old stamp.
    expect(later.items.map((p) => p.id)).not.toContain(productIds[1]);
  });
});

describe('orders feed', () => {
  it('pages through every order once with its lines, on both doors', async () => {
    expect(await walk('/admin/orders/feed', admin)).toEqual(orderIds);
    const viaTrpc = await t.caller({ token: admin }).admin.orders.feed({ limit: 3 });
    expect(viaTrpc.items.map((o) => o.id)).toEqual(orderIds.slice(0, 3));
    expect(viaTrpc.items[0]).toMatchObject({ order_number: expect.stringMatching(/^PS-TEST-/), status: 'pending', updated_at: expect.any(String), items: [expect.objectContaining({ quantity: 1 })] });
    const next = await t.caller({ token: admin }).admin.orders.feed({ limit: 3, cursor: viaTrpc.next_cursor! });
    expect(next.items.map((o) => o.id)).toEqual(orderIds.slice(3));
  });

  it('moves an order whose status changed to the end, and updated_since finds it alone', async () => {
    const since = new Date().toISOString();
    await new Promise((r) => setTimeout(r, 5));
    const moved = orderIds[0];
    expect((await t.api('POST', `/admin/orders/${moved}/status`, { token: admin, body: { status: 'paid' } })).status).toBe(200);
    const res = await t.api('GET', `/admin/orders/feed?updated_since=${encodeURIComponent(since)}`, { token: admin });
    expect(res.body.items.map((o: { id: string }) => o.id)).toEqual([moved]);
    expect(res.body.items[0].status).toBe('paid');
    expect((await walk('/admin/orders/feed', admin)).at(-1)).toBe(moved);
  });
});

describe('bad input: { detail } on REST, BAD_REQUEST on tRPC', () => {
  const bad: [string, string][] = [
    ['limit=0', 'limit must be a whole number from 1 to 200'],
    ['limit=201', 'limit must be a whole number from 1 to 200'],
    ['limit=abc', 'limit must be a whole number from 1 to 200'],
    ['limit=2.5', 'limit must be a whole number from 1 to 200'],
    ['cursor=nope!', 'cursor is not valid: pass the next_cursor of a previous page as it was given'],
    [`cursor=${Buffer.from('yesterday|abc').toString('base64url')}`, 'cursor is not valid: pass the next_cursor of a previous page as it was given'],
    [`cursor=${'A'.repeat(300)}`, 'cursor must be the next_cursor of a previous page'],
    ['updated_since=yesterday', 'updated_since must be a date and time such as 2026-11-01T00:00:00Z'],
    ['updated_since=2026-13-01T00:00:00Z', 'updated_since must be a date and time such as 2026-11-01T00:00:00Z'],
    ['updated_since=2026-11-01', 'updated_since must be a date and time such as 2026-11-01T00:00:00Z'],
    ['updated_since=%00', 'updated_since contains characters that are not allowed (a NUL byte or an invalid character)'],
  ];
  it.each(bad)('%s', async (query, detail) => {
    for (const path of ['/admin/products/feed', '/admin/orders/feed']) {
      const res = await t.api('GET', `${path}?${query}`, { token: admin });
      expect(res.status, `${path}?${query}`).toBe(400);
      expect(res.body.detail).toBe(detail);
    }
  });

  it('answers a bad cursor on the tRPC door too', async () => {
    await expect(t.caller({ token: admin }).admin.orders.feed({ cursor: 'x' })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    await expect(t.caller({ token: admin }).admin.products.feed({ limit: 0 })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
  });
});

describe('API keys', () => {
  it('reach the products feed with catalog:read and the orders feed with orders:read, and nothing else', async () => {
    const key = async (scopes: string[]) => (await t.api('POST', '/admin/api-keys', { token: admin, body: { name: scopes.join(' '), scopes } })).body.secret as string;
    const catalog = await key(['catalog:read']);
    const orders = await key(['orders:read']);
    expect((await t.api('GET', '/admin/products/feed', { token: catalog })).status).toBe(200);
    expect((await t.api('GET', '/admin/orders/feed', { token: orders })).status).toBe(200);
    expect(await t.api('GET', '/admin/orders/feed', { token: catalog })).toMatchObject({ status: 403, body: { detail: 'This API key lacks the scope orders:read.' } });
    expect(await t.api('GET', '/admin/products/feed', { token: orders })).toMatchObject({ status: 403, body: { detail: 'This API key lacks the scope catalog:read.' } });
  });

  it('are documented with their scope and parameters', () => {
    const doc = openApiDocument() as any;
    for (const [path, scope] of [['/admin/products/feed', 'catalog:read'], ['/admin/orders/feed', 'orders:read']]) {
      const op = doc.paths[path].get;
      expect(op.security).toEqual([{ Authorization: [] }, { ApiKey: [scope] }]);
      expect(op.parameters.map((p: { name: string }) => p.name).sort()).toEqual(['cursor', 'limit', 'updated_since']);
    }
  });
});
