import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVariant } from '../../factories/shop';
import { createUser } from '../../factories/users';
import { createTestApp, type TestApp } from '../../setup/test-app';

// The owner's side of price lists (/admin/price-lists, admin.priceLists.*; decisions 0192, 0193):
// a percentage off for everything, listed prices by SKU with tiers, assigned to companies.
let t: TestApp;
let staff: Awaited<ReturnType<typeof createUser>>;
let admin: Awaited<ReturnType<typeof createUser>>;
let v: Awaited<ReturnType<typeof createVariant>>;
beforeAll(async () => {
  t = await createTestApp();
  staff = await createUser(t.deps, { role: 'staff' });
  admin = await createUser(t.deps, { role: 'admin' });
  v = await createVariant(t.db, { tiers: [[1, 1000], [10, 800]] });
});
afterAll(() => t.close());

const acme = { name: 'Acme Packaging Pte. Ltd.', country: 'SG', registration_number: '201912345k', tax_number: 'M90312345A', billing_address: '1 Raffles Place' };

describe('price lists in the back office', () => {
  it('are created, read, listed, changed and deleted through REST', async () => {
    const res = await t.api('POST', '/admin/price-lists', { token: admin.token, body: { name: 'Acme contract', percent_off: '12.5', items: [{ sku: v.sku.toLowerCase(), tiers: [{ min_quantity: 1, price: 7.5 }, { min_quantity: 50, price: 6.25 }] }] } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ name: 'Acme contract', percent_off: 12.5, item_count: 1, company_count: 0 });
    expect(res.body.items).toEqual([{ variant_id: v.variantId, sku: v.sku, product_name: v.productName, list_tiers: [{ min_quantity: 1, price: 10 }, { min_quantity: 10, price: 8 }], tiers: [{ min_quantity: 1, price: 7.5 }, { min_quantity: 50, price: 6.25 }] }]);
    const id = res.body.id as string;
    expect(await t.db.priceList.findUniqueOrThrow({ where: { id }, select: { percentOffBp: true } })).toEqual({ percentOffBp: 1250 });

    expect((await t.api('GET', `/admin/price-lists/${id}`, { token: staff.token })).body).toMatchObject({ id, items: [{ sku: v.sku }] });
    expect((await t.api('GET', '/admin/price-lists?search=acme', { token: staff.token })).body.items.map((p: { id: string }) => p.id)).toContain(id);

    const patched = await t.api('PATCH', `/admin/price-lists/${id}`, { token: admin.token, body: { percent_off: 5, items: [] } });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ name: 'Acme contract', percent_off: 5, item_count: 0, items: [] });

    const company = await t.api('POST', '/admin/companies', { token: admin.token, body: { ...acme, price_list_id: id } });
    expect(company.status).toBe(200);
    expect(company.body.price_list_id).toBe(id);
    expect((await t.api('GET', `/admin/price-lists/${id}`, { token: staff.token })).body.company_count).toBe(1);

    expect((await t.api('DELETE', `/admin/price-lists/${id}`, { token: admin.token })).status).toBe(200);
    expect((await t.api('GET', `/admin/companies/${company.body.id}`, { token: staff.token })).body.price_list_id).toBeNull();
    expect((await t.api('GET', `/admin/price-lists/${id}`, { token: staff.token })).status).toBe(404);
  });

  it('are the same through tRPC, and only the owner changes them', async () => {
    const p = await t.caller({ token: admin.token }).admin.priceLists.create({ name: 'Ten off', percent_off: 10 } as never);
    expect(p).toMatchObject({ percent_off: 10, items: [] });
    expect((await t.caller({ token: staff.token }).admin.priceLists.get({ id: p.id })).name).toBe('Ten off');
    await expect(t.caller({ token: staff.token }).admin.priceLists.create({ name: 'x' } as never)).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(t.caller({ token: staff.token }).admin.priceLists.delete({ id: p.id })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    const buyer = await createUser(t.deps);
    expect((await t.api('GET', '/admin/price-lists', { token: buyer.token })).status).toBe(403);
    expect((await t.api('GET', '/admin/price-lists', {})).status).toBe(401);

    const c = await t.caller({ token: admin.token }).admin.companies.create({ ...acme, price_list_id: p.id } as never);
    expect(c.price_list_id).toBe(p.id);
    const moved = await t.caller({ token: admin.token }).admin.companies.update({ id: c.id, ...acme, price_list_id: null } as never);
    expect(moved.price_list_id).toBeNull();
  });

  it('refuse odd input with a detail, and unknown ids', async () => {
    const item = (tiers: object[], sku = v.sku) => ({ name: 'Odd', items: [{ sku, tiers }] });
    const cases: [object, RegExp][] = [
      [item([{ min_quantity: 1, price: 0 }]), /more than \$0\.00/],
      [item([{ min_quantity: 1, price: 1.005 }]), /two decimals/],
      [item([{ min_quantity: 1, price: -5 }]), /more than \$0\.00/],
      [item([{ min_quantity: 5, price: 5 }]), /start at quantity 1/],
      [item([{ min_quantity: 1, price: 5 }, { min_quantity: 1, price: 4 }]), /same quantity/],
      [item([]), /at least one tier/],
      [item([{ min_quantity: 1, price: 5 }], 'NO-SUCH-SKU'), /Unknown SKU: NO-SUCH-SKU/],
      [item([{ min_quantity: 1, price: 5 }], 'A\u0000B'), /NUL/],
      [{ name: 'Dup', items: [{ sku: v.sku, tiers: [{ min_quantity: 1, price: 5 }] }, { sku: v.sku.toLowerCase(), tiers: [{ min_quantity: 1, price: 4 }] }] }, /listed twice/],
      [{ name: 'All free', percent_off: 100 }, /0 to 99\.99/],
      [{ name: 'Too fine', percent_off: '10.005' }, /two decimals/],
      [{ name: 'Negative', percent_off: -5 }, /0 to 99\.99/],
      [{ name: 'Nul\u0000' }, /NUL/],
      [{ name: '' }, /name is required/],
      [{ name: 'x'.repeat(500) }, /at most 120/],
      [{}, /./],
    ];
    for (const [body, detail] of cases) {
      const res = await t.api('POST', '/admin/price-lists', { token: admin.token, body });
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.body.detail).toMatch(detail);
    }
    expect((await t.api('GET', '/admin/price-lists/nope', { token: staff.token })).status).toBe(404);
    expect((await t.api('PATCH', '/admin/price-lists/nope', { token: admin.token, body: { name: 'x' } })).status).toBe(404);
    expect((await t.api('DELETE', '/admin/price-lists/nope', { token: admin.token })).status).toBe(404);
    const c = await t.api('POST', '/admin/companies', { token: admin.token, body: { ...acme, price_list_id: 'nope' } });
    expect(c.status).toBe(400);
    expect(c.body.detail).toMatch(/Price list not found/);
  });

  it('export their listed prices as CSV and import them back; a refused file changes nothing', async () => {
    const p = await t.api('POST', '/admin/price-lists', { token: admin.token, body: { name: 'CSV list', items: [{ sku: v.sku, tiers: [{ min_quantity: 1, price: 9.5 }, { min_quantity: 20, price: 8.25 }] }] } });
    const id = p.body.id as string;
    const exported = await fetch(`${t.baseUrl}/api/admin/price-lists/${id}/export`, { headers: { authorization: `Bearer ${staff.token}` } });
    expect(exported.status).toBe(200);
    expect(exported.headers.get('content-type')).toMatch(/text\/csv/);
    const text = (await exported.text()).replace(/^\uFEFF/, '');
    expect(text).toBe(`sku,price,min_quantity\n${v.sku},9.50,1\n${v.sku},8.25,20\n`);

    const post = (csv: string, token = admin.token) => fetch(`${t.baseUrl}/api/admin/price-lists/${id}/import`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'text/csv' }, body: csv });
    const changed = await post(text.replace('9.50', '9.00'));
    expect(changed.status).toBe(200);
    expect((await changed.json()).items[0].tiers).toEqual([{ min_quantity: 1, price: 9 }, { min_quantity: 20, price: 8.25 }]);
    const refused: [string, RegExp][] = [
      [`sku,price,min_quantity\n${v.sku},0,1`, /more than \$0\.00/],
      [`sku,price,min_quantity\n${v.sku},1.999,1`, /two decimals/],
      [`sku,price,min_quantity\n${v.sku},-2,1`, /more than \$0\.00/],
      [`sku,price,min_quantity\nNOPE-1,2,1`, /Unknown SKU: NOPE-1/],
      [`sku,price,min_quantity\n${v.sku},abc,1`, /Row 2: the price/],
      [`sku,price,min_quantity\n${v.sku},2,1\u0000`, /NUL/],
    ];
    for (const [csv, detail] of refused) {
      const res = await post(csv);
      expect(res.status, csv).toBe(400);
      expect((await res.json()).detail).toMatch(detail);
    }
    expect((await post(text, staff.token)).status).toBe(403);
    expect((await fetch(`${t.baseUrl}/api/admin/price-lists/nope/export`, { headers: { authorization: `Bearer ${staff.token}` } })).status).toBe(404);
    expect((await t.api('GET', `/admin/price-lists/${id}`, { token: staff.token })).body.items[0].tiers[0].price).toBe(9);
  });
});
