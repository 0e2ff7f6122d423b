import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../factories/users';
import { createTestApp, type TestApp } from '../../setup/test-app';

// A product import of 40,000 distinct SKUs, each its own product: every SKU is looked up, and every
// product and variant written, as one array parameter per column (Prisma's `in` list failed from
// about 33,000 SKUs with a 500, and its createManyAndReturn took over a minute for 40,000 products).
// REST only: the import has no tRPC procedure.

let t: TestApp;
let staff: string;

beforeAll(async () => {
  t = await createTestApp();
  staff = (await createUser(t.deps, { role: 'staff' })).token;
});
afterAll(() => t.close());

function upload(lines: string[], mode: 'dry_run' | 'apply' = 'dry_run') {
  return fetch(`${t.baseUrl}/api/admin/import/products?mode=${mode}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${staff}`, 'content-type': 'text/csv' },
    body: `${lines.join('\n')}\n`,
  }).then(async (res) => ({ status: res.status, body: await res.json() }));
}

const range = (n: number, from = 1) => Array.from({ length: n }, (_, i) => i + from);

describe('product import with 40,000 distinct SKUs', () => {
  it('dry run and apply create 40,000 variants in 40,000 products: 200 with the report', async () => {
    // 200 x 200 sizes make 40,000 SKUs; each row its own product, so products are made in bulk too.
    const rows = range(200).flatMap((w) => range(200).map((h) => `Bulk ${w}x${h},polymailers,normal,white,${w},${h},50,1:2.5|100:2`));
    const file = ['product_name,category,type,color,width_cm,height_cm,pack_size,price_tiers', ...rows];
    const dry = await upload(file);
    expect(dry.status).toBe(200);
    expect(dry.body.summary).toEqual({ create: 40_000, change: 0, unchanged: 0, refuse: 0 });

    const applied = await upload(file, 'apply');
    expect(applied.status).toBe(200);
    expect(applied.body).toMatchObject({ applied: true, summary: { create: 40_000 } });
    expect(await t.db.product.count({ where: { name: { startsWith: 'Bulk ' } } })).toBe(40_000);
    expect(await t.db.priceTier.count({ where: { variant: { sku: { startsWith: 'POLYMAILERS_NORMAL_WHITE_' } } } })).toBe(80_000);

    // The same file again: every SKU now exists and nothing changes.
    const again = await upload(file);
    expect(again.status).toBe(200);
    expect(again.body.summary).toEqual({ create: 0, change: 0, unchanged: 40_000, refuse: 0 });
  }, 180_000);
});
