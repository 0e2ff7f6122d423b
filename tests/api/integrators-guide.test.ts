import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openApiDocument } from '../../server/rest/openapi';
import { productPayload } from '../factories/admin';
import { createUser } from '../factories/users';
import { createTestApp, type TestApp } from '../setup/test-app';

// docs/integrators.md cannot go stale: every curl in it names a documented operation, and the
// calls it shows are run here, with fetch, against a test server.

const guide = readFileSync(new URL('../../docs/integrators.md', import.meta.url), 'utf8');
const curls = guide.split('\n').filter((l) => l.startsWith('curl '));

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = (await createUser(t.deps, { role: 'admin' })).token;
  const body = productPayload({ category: 'polymailers', type: 'normal', color: 'black' }, [
    { width_cm: 25, height_cm: 35, pack_size: 50, price_tiers: [{ min_quantity: 25, price: 12.5 }], on_hand: 40, safety_stock: 0 },
  ]);
  expect((await t.api('POST', '/admin/products', { token: admin, body })).status).toBe(200);
});
afterAll(() => t.close());

/** The method and /api path of a curl line of the guide. */
function callOf(line: string): { method: string; path: string; query: string } {
  const method = /-X (\w+)/.exec(line)?.[1] ?? 'GET';
  const url = /https:\/\/shop\.example\/api([^"\s]*)/.exec(line)![1];
  const [path, query = ''] = url.split('?');
  return { method, path, query };
}

describe('docs/integrators.md', () => {
  it('shows only documented operations', () => {
    expect(curls.length).toBeGreaterThanOrEqual(8);
    const paths = openApiDocument().paths!;
    for (const line of curls) {
      const { method, path } = callOf(line);
      expect((paths[path] as Record<string, unknown> | undefined)?.[method.toLowerCase()], `${method} ${path}`).toBeDefined();
    }
  });

  it('runs: create a key, call the API, list orders and products, export, import stock (dry run, apply), dry-run the products export', async () => {
    const create = callOf(curls[0]);
    const body = /-d '([^']+)'/.exec(guide)![1];
    const key = (await t.api(create.method, create.path, { token: admin, body: JSON.parse(body) })).body.secret as string;
    expect(key).toMatch(/^psk_/);
    const send = async (line: string, file?: string) => {
      const { method, path, query } = callOf(line);
      const res = await fetch(`${t.baseUrl}/api${path}${query ? `?${query}` : ''}`, {
        method,
        headers: { authorization: `Bearer ${key}`, ...(file !== undefined ? { 'content-type': 'text/csv' } : {}) },
        body: file,
      });
      return { status: res.status, text: await res.text() };
    };
    const files: Record<string, string> = {};
    const feeds: Record<string, { items: { name?: string; variants?: { sku: string }[] }[]; next_cursor: string | null }> = {};
    for (const line of curls.slice(1)) {
      if (line.includes('--data-binary')) continue;
      const res = await send(line);
      expect(res.status, line).toBe(200);
      const out = /-o (\S+)/.exec(line)?.[1];
      if (out) files[out] = res.text;
      if (line.includes('/feed')) feeds[callOf(line).path] = JSON.parse(res.text);
    }
    files['counts.csv'] = JSON.parse(`"${/printf '([^']+)'/.exec(guide)![1]}"`);
    for (const line of curls.filter((l) => l.includes('--data-binary'))) {
      const res = await send(line, files[/@(\S+)/.exec(line)![1]]);
      expect(res.status, line).toBe(200);
      expect(JSON.parse(res.text).summary.refuse).toBe(0);
    }
    expect((await t.db.variant.findUniqueOrThrow({ where: { sku: 'POLYMAILERS_NORMAL_BLACK_25X35_50' } })).onHand).toBe(120);
    // The lists shown: the product made above is in the products feed; no orders yet.
    expect(feeds['/admin/products/feed'].items.flatMap((p) => p.variants!.map((v) => v.sku))).toContain('POLYMAILERS_NORMAL_BLACK_25X35_50');
    expect(feeds['/admin/orders/feed']).toEqual({ items: [], next_cursor: null });
  });
});
