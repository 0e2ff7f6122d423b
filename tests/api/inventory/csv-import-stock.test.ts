import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAllocatedOrder, productPayload } from '../../factories/admin';
import { createUser } from '../../factories/users';
import { createTestApp, type TestApp } from '../../setup/test-app';

// Stock counts from a CSV: dry run row by row, apply all or nothing, every change in the ledger.

let t: TestApp;
let admin: string;
let staff: string;
let skuA: string;
let skuB: string;
let idA: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = (await createUser(t.deps, { role: 'admin' })).token;
  staff = (await createUser(t.deps, { role: 'staff' })).token;
  const p = (await t.api('POST', '/admin/products', { token: admin, body: productPayload() })).body;
  [skuA, skuB] = p.variants.map((v: { sku: string }) => v.sku);
  idA = p.variants[0].variant_id;
  await createAllocatedOrder(t.db, { lines: [{ variantId: idA, quantity: 5 }] });
});
afterAll(() => t.close());

function upload(csv: string | Buffer, opts: { mode?: string; token?: string } = {}) {
  return fetch(`${t.baseUrl}/api/admin/import/stock${opts.mode ? `?mode=${opts.mode}` : ''}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${opts.token ?? staff}`, 'content-type': 'text/csv' },
    body: typeof csv === 'string' ? csv : new Uint8Array(csv),
  }).then(async (res) => ({ status: res.status, body: await res.json() }));
}

const onHandOf = async (sku: string) => (await t.db.variant.findUniqueOrThrow({ where: { sku } })).onHand;

describe('dry run', () => {
  it('says row by row what would change or be refused and why, and writes nothing', async () => {
    const csv = `sku,on_hand,reason,notes\n${skuA},55,recount,Shelf B\n${skuB},10,recount,\nNOPE_SKU,3,recount,\n${skuA},4,recount,\n${skuB},-2,lost,\n${skuB},7,because,\n`;
    const res = await upload(csv, { mode: 'dry_run' });
    expect(res.status).toBe(200);
    expect(res.body.applied).toBe(false);
    expect(res.body.summary).toEqual({ create: 0, change: 1, unchanged: 1, refuse: 4 });
    const [a, b, unknown, dup, negative, reason] = res.body.rows;
    expect(a).toMatchObject({ line: 2, sku: skuA, action: 'change', changes: ['on_hand 40 -> 55'], errors: [] });
    expect(b).toMatchObject({ action: 'unchanged' });
    expect(unknown.errors).toEqual(['Unknown SKU NOPE_SKU']);
    expect(dup.errors).toEqual(['Duplicate SKU: also on row 2', 'on_hand 4 is below the 5 unit(s) allocated to open orders']);
    expect(negative.errors).toContainEqual(expect.stringMatching(/^on_hand must be a whole number/));
    expect(reason.errors[0]).toMatch(/^Duplicate SKU/);
    expect(reason.errors[1]).toMatch(/^Reason must be one of: manual_adjustment/);
    expect(await onHandOf(skuA)).toBe(40);
  });
});

describe('apply', () => {
  it('applies nothing when a row is refused (409 with the report), then everything once it is fixed', async () => {
    const bad = await upload(`sku,on_hand,reason\n${skuA},60,recount\n${skuB},12,oops\n`, { mode: 'apply' });
    expect(bad.status).toBe(409);
    expect(bad.body).toMatchObject({ detail: 'Nothing was imported: 1 row(s) refused', applied: false });
    expect(await onHandOf(skuA)).toBe(40);

    const good = await upload(`SKU,On_Hand,Reason\n${skuA},60,recount\n${skuB},12,purchase_received\n`, { mode: 'apply' });
    expect(good.status).toBe(200);
    expect(good.body).toMatchObject({ applied: true, summary: { change: 2, refuse: 0 } });
    expect(await onHandOf(skuA)).toBe(60);
    expect(await onHandOf(skuB)).toBe(12);
    const ledger = await t.db.inventoryLedger.findMany({ where: { subject: { in: [skuA, skuB] }, field: 'on_hand', reason: { in: ['recount', 'purchase_received'] } }, orderBy: { subject: 'asc' } });
    expect(ledger.map((l) => [l.subject, l.reason, l.before, l.after])).toEqual(
      [[skuA, 'recount', 40, 60], [skuB, 'purchase_received', 10, 12]].sort((x, y) => String(x[0]).localeCompare(String(y[0]))),
    );
  });
});

describe('bad files', () => {
  it('answers 400 with { detail } for empty, non-UTF-8, header-only and missing columns; 413 over 20 MB', async () => {
    expect(await upload('')).toMatchObject({ status: 400, body: { detail: 'The file is empty' } });
    expect(await upload(Buffer.from([0x73, 0x6b, 0x75, 0x0a, 0xe9, 0xff, 0x0a]))).toMatchObject({
      status: 400,
      body: { detail: 'The file is not UTF-8 text. Save it as "CSV UTF-8" and upload it again.' },
    });
    expect(await upload('sku,on_hand,reason\n')).toMatchObject({ status: 400, body: { detail: 'The file has a header row but no rows to import' } });
    expect(await upload(`sku,quantity\n${skuA},3\n`)).toMatchObject({ status: 400, body: { detail: 'Missing columns: on_hand, reason (the header row needs sku, on_hand, reason)' } });
    expect(await upload('sku,on_hand,reason\n"unclosed,1,recount\n')).toMatchObject({ status: 400 });
    expect((await upload('x', { mode: 'later' })).status).toBe(400);
    const big = Buffer.alloc(20 * 1024 * 1024 + 10, 0x61);
    expect(await upload(big)).toMatchObject({ status: 413, body: { detail: 'The file is larger than 20 MB; split it' } });
  });
});

describe('who may import', () => {
  it('401 anonymous, 403 for a customer and a key without inventory:write, 200 with it', async () => {
    const csv = `sku,on_hand,reason\n${skuA},60,recount\n`;
    expect((await fetch(`${t.baseUrl}/api/admin/import/stock`, { method: 'POST', body: csv })).status).toBe(401);
    const customer = (await createUser(t.deps)).token;
    expect((await upload(csv, { token: customer })).status).toBe(403);
    const key = async (scopes: string[]) => (await t.api('POST', '/admin/api-keys', { token: admin, body: { name: 'stock', scopes } })).body.secret as string;
    expect((await upload(csv, { token: await key(['inventory:read', 'catalog:write']) })).status).toBe(403);
    expect((await upload(csv, { token: await key(['inventory:write']) })).status).toBe(200);
  });
});
