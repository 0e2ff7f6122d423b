import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openApiDocument } from '../../../server/rest/openapi';
import { createAllocatedOrder, productPayload } from '../../factories/admin';
import { createUser } from '../../factories/users';
import { createTestApp, type TestApp } from '../../setup/test-app';

// CSV downloads: UTF-8 with BOM and a header row, formulas neutralised, one gate for people and keys.

let t: TestApp;
let admin: string;
let staff: string;
let customer: string;
let orderNumber: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = (await createUser(t.deps, { role: 'admin' })).token;
  staff = (await createUser(t.deps, { role: 'staff' })).token;
  customer = (await createUser(t.deps)).token;
  const p = (await t.api('POST', '/admin/products', { token: admin, body: productPayload({ name: '=HYPERLINK("http://evil") mailer', description: '+1 tough' }) })).body;
  const order = await createAllocatedOrder(t.db, { lines: [{ variantId: p.variants[0].variant_id, quantity: 3 }] });
  orderNumber = order.orderNumber;
});
afterAll(() => t.close());

async function download(path: string, token: string | null) {
  const res = await fetch(`${t.baseUrl}/api${path}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  const bytes = Buffer.from(await res.arrayBuffer());
  return { status: res.status, headers: res.headers, bytes, text: bytes.toString('utf8') };
}

const rowsOf = (bytes: Buffer) => parse(bytes, { bom: true, columns: true }) as Record<string, string>[];

async function keyWith(scopes: string[]) {
  return (await t.api('POST', '/admin/api-keys', { token: admin, body: { name: `csv ${scopes.join(' ')}`, scopes } })).body.secret as string;
}

describe('products export', () => {
  it('is a UTF-8 CSV with BOM, a header row, tiers and stock, and formulas neutralised', async () => {
    const res = await download('/admin/export/products', staff);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="products-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect([...res.bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(res.text.slice(1).split('\n')[0]).toBe('sku,product_name,category,type,color,width_cm,height_cm,pack_size,weight_grams,price_tiers,on_hand,allocated,available,safety_stock,product_id,description,order_minimum,order_multiple,order_maximum');
    const rows = rowsOf(res.bytes);
    expect(rows).toHaveLength(2);
    const first = rows.find((r) => r.pack_size === '50')!;
    expect(first.product_name).toBe('\'=HYPERLINK("http://evil") mailer');
    expect(first.description).toBe("'+1 tough");
    expect(first).toMatchObject({ price_tiers: '25:12.5|100:10', on_hand: '40', allocated: '3', available: '35', safety_stock: '2' });
    expect(first.sku).toMatch(/^POLYMAILERS_NORMAL_BLACK_\d+X35_50$/);
  });
});

describe('orders and stock ledger exports', () => {
  it('lists order lines in the date range, and nothing outside it', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const res = await download(`/admin/export/orders?from=${today}&to=${today}`, admin);
    expect(res.status).toBe(200);
    const rows = rowsOf(res.bytes);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ order_number: orderNumber, line_quantity: '3', line_unit_price: '12.5', line_total: '37.5', status: 'pending' });
    const old = await download('/admin/export/orders?from=2020-01-01&to=2020-01-31', admin);
    expect(rowsOf(old.bytes)).toHaveLength(0);
    expect(old.text.slice(1).startsWith('order_number,created_at,status')).toBe(true);
  });

  it('lists ledger rows with negative deltas as numbers, not neutralised text', async () => {
    const products = (await t.api('GET', '/admin/inventory', { token: staff })).body;
    const variantId = (products.items ?? products)[0].variant_id;
    const adj = await t.api('POST', '/admin/inventory/adjust', { token: staff, body: { variant_id: variantId, adjustment_type: 'change', on_hand_change: -1, reason: 'damaged', notes: 'Crushed' } });
    expect(adj.status).toBe(200);
    const res = await download('/admin/export/stock-ledger', admin);
    const rows = rowsOf(res.bytes);
    expect(rows.find((r) => r.reason === 'damaged')).toMatchObject({ field: 'on_hand', delta: '-1' });
  });

  it('refuses a malformed or reversed range with a 400 and { detail }', async () => {
    const bad = await t.api('GET', '/admin/export/orders?from=yesterday', { token: admin });
    expect(bad).toMatchObject({ status: 400, body: { detail: 'from must be a date as YYYY-MM-DD' } });
    const reversed = await t.api('GET', '/admin/export/stock-ledger?from=2026-02-01&to=2026-01-01', { token: admin });
    expect(reversed).toMatchObject({ status: 400, body: { detail: 'from must not be after to' } });
    const twice = await t.api('GET', '/admin/export/orders?from=2026-01-01&from=2026-01-02', { token: admin });
    expect(twice.status).toBe(400);
  });
});

describe('who may export', () => {
  const routes = [
    ['/admin/export/products', 'catalog:read'],
    ['/admin/export/orders', 'orders:read'],
    ['/admin/export/stock-ledger', 'inventory:read'],
  ] as const;

  it.each(routes)('%s: 401 anonymous, 403 customer, 403 key without %s, 200 key with it', async (path, scope) => {
    expect((await t.api('GET', path)).status).toBe(401);
    expect((await t.api('GET', path, { token: customer })).status).toBe(403);
    const other = scope === 'catalog:read' ? 'orders:read' : 'catalog:read';
    expect((await t.api('GET', path, { token: await keyWith([other, 'catalog:write', 'orders:write', 'inventory:write']) })).status).toBe(403);
    const ok = await download(path, await keyWith([scope]));
    expect(ok.status).toBe(200);
  });

  it('lets staff take the catalogue, but not the files that name customers (docs/security.md)', async () => {
    expect((await download('/admin/export/products', staff)).status).toBe(200);
    for (const path of ['/admin/export/orders', '/admin/export/stock-ledger']) {
      const res = await t.api('GET', path, { token: staff });
      expect(res).toMatchObject({ status: 403, body: { detail: expect.any(String) } });
    }
  });

  it('are documented in the OpenAPI document with their scope', () => {
    const paths = openApiDocument().paths!;
    for (const [path, scope] of routes) {
      expect((paths[path] as { get: { security: unknown } }).get.security).toEqual([{ Authorization: [] }, { ApiKey: [scope] }]);
    }
  });
});
