import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_IMPORT_ROWS } from '../../../shared/schemas/csv-import.schema';
import { productPayload } from '../../factories/admin';
import { createUser } from '../../factories/users';
import { createTestApp, type TestApp } from '../../setup/test-app';

// Stock imports at the size the limit allows: 40,000 distinct SKUs are past the 65,535 bind
// parameters PostgreSQL takes in one statement when each SKU is a parameter (Prisma's `in` list
// failed from about 33,000 with a 500). A file over 50,000 rows is refused whole, and one of exactly
// 50,000 is read to its last row. REST only: the imports have no tRPC procedure. Products at the
// same scale: csv-import-products-scale.test.ts.

let t: TestApp;
let staff: string;
let productId: string;
/** Variants SCALE_1 .. SCALE_<EXISTING>, each with 5 on hand, written in one INSERT. */
const EXISTING = 40_000;

beforeAll(async () => {
  t = await createTestApp();
  staff = (await createUser(t.deps, { role: 'staff' })).token;
  const admin = (await createUser(t.deps, { role: 'admin' })).token;
  productId = (await t.api('POST', '/admin/products', { token: admin, body: productPayload() })).body.id;
  await t.db.$executeRaw`
    INSERT INTO "Variant" ("id", "productId", "sku", "type", "color", "widthCm", "heightCm", "sizeCode", "onHand", "updatedAt")
    SELECT 'scale' || g, ${productId}, 'SCALE_' || g, 'normal', 'black', 10, 10, '10x10', 5, now() FROM generate_series(1, ${EXISTING}) AS g`;
}, 180_000);
afterAll(() => t.close());

function upload(path: 'stock' | 'products', lines: string[], mode: 'dry_run' | 'apply' = 'dry_run') {
  return fetch(`${t.baseUrl}/api/admin/import/${path}?mode=${mode}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${staff}`, 'content-type': 'text/csv' },
    body: `${lines.join('\n')}\n`,
  }).then(async (res) => ({ status: res.status, body: await res.json() }));
}

const range = (n: number, from = 1) => Array.from({ length: n }, (_, i) => i + from);
const stockFile = (rows: string[]) => ['sku,on_hand,reason,notes', ...rows];

describe('stock import with 40,000 distinct SKUs', () => {
  it('dry run and apply answer with the report when most SKUs are unknown: 200, then 409 writing nothing', async () => {
    // 1,000 known SKUs and 39,000 unknown ones.
    const file = stockFile([...range(1_000).map((i) => `SCALE_${i},9,recount,`), ...range(39_000).map((i) => `NOPE_${i},1,recount,`)]);
    const dry = await upload('stock', file);
    expect(dry.status).toBe(200);
    expect(dry.body.summary).toEqual({ create: 0, change: 1_000, unchanged: 0, refuse: 39_000 });
    expect(dry.body.rows).toHaveLength(40_000);
    expect(dry.body.rows[0]).toMatchObject({ line: 2, sku: 'SCALE_1', action: 'change', changes: ['on_hand 5 -> 9'] });
    expect(dry.body.rows[39_999]).toMatchObject({ line: 40_001, sku: 'NOPE_39000', action: 'refuse', errors: ['Unknown SKU NOPE_39000'] });

    // All or nothing: the unknown SKUs are why the apply is refused, as the report says.
    const applied = await upload('stock', file, 'apply');
    expect(applied.status).toBe(409);
    expect(applied.body).toMatchObject({ detail: 'Nothing was imported: 39000 row(s) refused', applied: false, summary: { refuse: 39_000 } });
    expect(await t.db.variant.count({ where: { sku: { startsWith: 'SCALE_' }, onHand: 5 } })).toBe(EXISTING);
  }, 180_000);

  it('applies 40,000 known SKUs in one go: 200, every figure and ledger row written', async () => {
    const file = stockFile(range(EXISTING).map((i) => `scale_${i},${i % 2 ? 7 : 5},recount,count ${i}`));
    const dry = await upload('stock', file);
    expect(dry.status).toBe(200);
    expect(dry.body.summary).toEqual({ create: 0, change: 20_000, unchanged: 20_000, refuse: 0 });

    const applied = await upload('stock', file, 'apply');
    expect(applied.status).toBe(200);
    expect(applied.body).toMatchObject({ applied: true, summary: { change: 20_000, unchanged: 20_000, refuse: 0 } });
    expect(await t.db.variant.count({ where: { sku: { startsWith: 'SCALE_' }, onHand: 7 } })).toBe(20_000);
    expect(await t.db.variant.findUniqueOrThrow({ where: { sku: 'SCALE_39999' }, select: { onHand: true } })).toEqual({ onHand: 7 });
    expect(await t.db.variant.findUniqueOrThrow({ where: { sku: 'SCALE_40000' }, select: { onHand: true } })).toEqual({ onHand: 5 });
    expect(await t.db.inventoryLedger.count({ where: { subject: { startsWith: 'SCALE_' }, reason: 'recount', before: 5, after: 7 } })).toBe(20_000);
    expect(await t.db.inventoryLedger.findFirstOrThrow({ where: { subject: 'SCALE_39999' }, select: { notes: true, delta: true } })).toEqual({ notes: 'count 39999', delta: 2 });
  }, 180_000);
});

describe('the 50,000-row limit', () => {
  it('reads a stock file of exactly 50,000 rows to its last row, blank lines not counted', async () => {
    const rows = range(MAX_IMPORT_ROWS).map((i) => `SCALE_${i},5,recount`);
    rows.splice(1, 0, '', ',,');
    const res = await upload('stock', stockFile(rows));
    expect(res.status).toBe(200);
    expect(res.body.rows).toHaveLength(MAX_IMPORT_ROWS);
    expect(res.body.rows.at(-1)).toMatchObject({ line: MAX_IMPORT_ROWS + 3, sku: `SCALE_${MAX_IMPORT_ROWS}`, errors: [`Unknown SKU SCALE_${MAX_IMPORT_ROWS}`] });
  }, 180_000);

  it('refuses 50,001 rows with a 400 naming the limit, for stock and for products, and writes nothing', async () => {
    const detail = 'The file has more than 50,000 rows (the header row not counted); split it into files of at most 50,000 rows';
    const stock = stockFile(range(MAX_IMPORT_ROWS + 1).map((i) => `SCALE_${i},1,recount`));
    expect(await upload('stock', stock)).toMatchObject({ status: 400, body: { detail } });
    expect(await upload('stock', stock, 'apply')).toMatchObject({ status: 400, body: { detail } });
    expect(await t.db.variant.count({ where: { sku: { startsWith: 'SCALE_' }, onHand: 1 } })).toBe(0);

    const products = ['product_name,category,type,color,width_cm,height_cm,pack_size,price_tiers', ...range(MAX_IMPORT_ROWS + 1).map((i) => `Bulk,polymailers,normal,black,${i},10,50,1:2`)];
    expect(await upload('products', products)).toMatchObject({ status: 400, body: { detail } });
    expect(await upload('products', products, 'apply')).toMatchObject({ status: 400, body: { detail } });
  }, 180_000);
});
