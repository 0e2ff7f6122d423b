// Issue 40, item 1: order quantity rules are set by staff (the product form's API on both doors, the
// products CSV) and shown in the variant data of a product (decision 0187).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openApiDocument } from '../../../server/rest/openapi';
import { CATALOGUE } from '../../../server/seed/catalogue';
import { SEED_ORDER_RULES } from '../../../server/seed/order-rules';
import { rulesProblem } from '../../../shared/domain/quantity-rule-checks';
import { productPayload } from '../../factories/admin';
import { createUser } from '../../factories/users';
import { createTestApp, type TestApp } from '../../setup/test-app';

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = (await createUser(t.deps, { role: 'admin' })).token;
});
afterAll(() => t.close());

const tiers = [{ min_quantity: 1, price: 4 }];
const withRules = (rules: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
  productPayload({}, [{ width_cm: 31, height_cm: 41, pack_size: 50, price_tiers: tiers, on_hand: 100, ...rules, ...extra }]);

describe('rules set through the product form API', () => {
  it('PUT /api/admin/products/{id} sets them; GET /api/products/{id} and tRPC show them; absent keeps, null clears', async () => {
    const created = await t.api('POST', '/admin/products', { token: admin, body: withRules({ order_multiple: 5, order_minimum: 10 }) });
    expect(created.status).toBe(200);
    expect(created.body.variants[0]).toMatchObject({ order_minimum: 10, order_multiple: 5, order_maximum: null });
    const v = created.body.variants[0];
    const put = await t.api('PUT', `/admin/products/${created.body.id}`, {
      token: admin,
      body: { ...withRules({ order_minimum: 10, order_multiple: 5, order_maximum: 500 }, { variant_id: v.variant_id }), name: created.body.name },
    });
    expect(put.status).toBe(200);
    const shown = await t.api('GET', `/products/${created.body.id}`);
    expect(shown.body.variants[0]).toMatchObject({ order_minimum: 10, order_multiple: 5, order_maximum: 500 });
    const viaTrpc = await t.caller().catalog.byId({ id: created.body.id });
    expect(viaTrpc.variants[0]).toMatchObject({ order_minimum: 10, order_multiple: 5, order_maximum: 500 });

    // A variant sent without any rule key keeps its rules (an integrator that does not know them).
    const staffCaller = t.caller({ token: admin });
    const kept = await staffCaller.admin.products.update({ id: created.body.id, ...withRules({}, { variant_id: v.variant_id }), name: created.body.name } as never);
    expect(kept.variants[0]).toMatchObject({ order_minimum: 10, order_multiple: 5, order_maximum: 500 });
    // Any key sent makes the set: the absent ones are no rule.
    const cleared = await staffCaller.admin.products.update({ id: created.body.id, ...withRules({ order_multiple: null }, { variant_id: v.variant_id }), name: created.body.name } as never);
    expect(cleared.variants[0]).toMatchObject({ order_minimum: null, order_multiple: null, order_maximum: null });
  });

  it('bad rules are a 400 naming the field, on both doors, and nothing is saved', async () => {
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ order_minimum: 0 }, /^Order minimum must be at least 1/],
      [{ order_multiple: -5 }, /^Order multiple must be at least 1/],
      [{ order_maximum: 2.5 }, /^Order maximum must be a whole number/],
      [{ order_multiple: 5, order_maximum: 12 }, /^Order maximum \(12\) must be a multiple of the order multiple \(5\)/],
      [{ order_multiple: 5, order_minimum: 7 }, /^Order minimum \(7\) must be a multiple of the order multiple \(5\)/],
      [{ order_minimum: 10, order_maximum: 5 }, /^Order maximum \(5\) cannot be less than the order minimum \(10\)/],
      [{ order_multiple: 'five' }, /^Order multiple must be a whole number of at least 1/],
      [{ order_maximum: 1_000_000 }, /^Order maximum cannot be more than 10000/],
    ];
    const before = await t.db.variant.count();
    for (const [rules, detail] of cases) {
      const res = await t.api('POST', '/admin/products', { token: admin, body: withRules(rules) });
      expect(res.status, JSON.stringify(rules)).toBe(400);
      expect(res.body.detail, JSON.stringify(rules)).toMatch(detail);
      await expect(t.caller({ token: admin }).admin.products.create(withRules(rules) as never), JSON.stringify(rules)).rejects.toThrow(new RegExp(detail.source.slice(1)));
    }
    // NUL bytes are refused at the door, naming the field.
    const nul = await t.api('POST', '/admin/products', { token: admin, body: withRules({ order_minimum: '10\u0000' }) });
    expect(nul.status).toBe(400);
    expect(nul.body.detail).toMatch(/order_minimum/);
    await expect(t.caller({ token: admin }).admin.products.create(withRules({ order_minimum: '10\u0000' }) as never)).rejects.toThrow(/order_minimum/);
    expect(await t.db.variant.count()).toBe(before);
  });

  it('the OpenAPI document names the three fields in the product answer and the product form', () => {
    const doc = openApiDocument() as unknown as { paths: Record<string, Record<string, unknown>> };
    const answer = JSON.stringify(doc.paths['/products/{id}'].get);
    const form = JSON.stringify(doc.paths['/admin/products/{id}'].put);
    for (const field of ['order_minimum', 'order_multiple', 'order_maximum']) {
      expect(answer, field).toContain(`"${field}"`);
      expect(form, field).toContain(`"${field}"`);
    }
  });

  it('a customer cannot set them', async () => {
    const buyer = await createUser(t.deps);
    expect((await t.api('POST', '/admin/products', { token: buyer.token, body: withRules({ order_multiple: 5 }) })).status).toBe(403);
  });
});

describe('rules in the products CSV', () => {
  function upload(csv: string, mode?: string) {
    return fetch(`${t.baseUrl}/api/admin/import/products${mode ? `?mode=${mode}` : ''}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin}`, 'content-type': 'text/csv' },
      body: csv,
    }).then(async (res) => ({ status: res.status, body: await res.json() }));
  }
  const HEADER = 'sku,product_name,category,type,color,width_cm,height_cm,pack_size,price_tiers,order_minimum,order_multiple,order_maximum';

  it('the dry run reports bad rules per row; the apply sets and changes them; the export carries them', async () => {
    const csv = [
      HEADER,
      ',Carton mailer,polymailers,normal,white,71,81,50,1:3,10,5,500',
      ',Carton mailer,polymailers,normal,white,72,82,50,1:3,,5,12',
      ',Carton mailer,polymailers,normal,white,73,83,50,1:3,0,,',
      ',Carton mailer,polymailers,normal,white,74,84,50,1:3,1O,,',
    ].join('\n');
    const dry = await upload(csv);
    expect(dry.status, JSON.stringify(dry.body)).toBe(200);
    expect(dry.body.summary).toEqual({ create: 1, change: 0, unchanged: 0, refuse: 3 });
    expect(dry.body.rows[1].errors).toEqual(['Order maximum (12) must be a multiple of the order multiple (5)']);
    expect(dry.body.rows[2].errors[0]).toMatch(/^Order minimum must be at least 1/);
    expect(dry.body.rows[3].errors[0]).toMatch(/^Order minimum must be a whole number/);

    expect((await upload([HEADER, csv.split('\n')[1]].join('\n'), 'apply')).status).toBe(200);
    const sku = 'POLYMAILERS_NORMAL_WHITE_71X81_50';
    expect(await t.db.variant.findUniqueOrThrow({ where: { sku }, select: { orderMinimum: true, orderMultiple: true, orderMaximum: true } })).toEqual({
      orderMinimum: 10,
      orderMultiple: 5,
      orderMaximum: 500,
    });

    // Changing them is a change the dry run names; an empty cell is no rule.
    const change = await upload([HEADER, `${sku},Carton mailer,polymailers,normal,white,71,81,50,1:3,,6,`].join('\n'));
    expect(change.body.rows[0]).toMatchObject({ action: 'change', changes: ['order_minimum 10 -> -', 'order_multiple 5 -> 6', 'order_maximum 500 -> -'] });
    // A file without the rule columns leaves them as they are.
    const without = await upload(['sku,product_name,category,type,color,width_cm,height_cm,pack_size,price_tiers', `${sku},Carton mailer,polymailers,normal,white,71,81,50,1:3`].join('\n'));
    expect(without.body.rows[0]).toMatchObject({ action: 'unchanged' });

    const exported = await fetch(`${t.baseUrl}/api/admin/export/products`, { headers: { authorization: `Bearer ${admin}` } }).then((r) => r.text());
    const [head, ...lines] = exported.trim().split(/\r?\n/);
    const cols = head.split(',');
    expect(cols).toEqual(expect.arrayContaining(['order_minimum', 'order_multiple', 'order_maximum']));
    const row = lines.find((l) => l.startsWith(sku))!.split(',');
    expect([row[cols.indexOf('order_minimum')], row[cols.indexOf('order_multiple')], row[cols.indexOf('order_maximum')]]).toEqual(['10', '5', '500']);
  });
});

describe('the seeded rules', () => {
  it('name seeded variants and are sound rule sets', () => {
    const skus = new Set(CATALOGUE.flatMap((p) => p.variants.map((v) => v.sku)));
    for (const [sku, r] of Object.entries(SEED_ORDER_RULES)) {
      expect(skus.has(sku), sku).toBe(true);
      expect(rulesProblem({ minimum: r.orderMinimum ?? null, multiple: r.orderMultiple ?? null, maximum: r.orderMaximum ?? null }), sku).toBeNull();
    }
  });
});
