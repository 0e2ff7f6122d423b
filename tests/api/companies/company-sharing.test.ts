import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyWithBuyer } from '../../factories/companies';
import { sgAddress } from '../../factories/orders';
import { createVariant } from '../../factories/shop';
import { createUser } from '../../factories/users';
import { createTestApp, type TestApp } from '../../setup/test-app';

// Sharing within a company (decision 0195): a company admin sees every member's saved lists and
// quotes with who made them and can put a member's list in their own cart; a buyer sees their own;
// another company's are 404; a removed member's leave with them.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const company = (name?: string) => companyWithBuyer(t, name);

async function listOf(token: string, variantId: string, name = 'Weekly mailers') {
  const list = await t.api('POST', '/lists', { token, body: { name } });
  expect(list.status).toBe(200);
  expect((await t.api('POST', `/lists/${list.body.id}/items`, { token, body: { variant_id: variantId, quantity: 3 } })).status).toBe(200);
  return list.body.id as string;
}

describe("a member's saved lists", () => {
  it('are seen and used by the company admin with who made them (REST and tRPC); a buyer sees their own', async () => {
    const { admin, buyer } = await company();
    const v = await createVariant(t.db, { onHand: 50, tiers: [[1, 1000]] });
    const mine = await listOf(admin.token, v.variantId, 'Admin list');
    const theirs = await listOf(buyer.token, v.variantId, 'Buyer list');
    const all = await t.api('GET', '/company/lists', { token: admin.token });
    expect(all.status).toBe(200);
    expect(all.body.map((l: { id: string }) => l.id).sort()).toEqual([mine, theirs].sort());
    expect(all.body.find((l: { id: string }) => l.id === theirs).made_by).toMatchObject({ user_id: buyer.user.id, email: buyer.user.email });
    const one = await t.api('GET', `/company/lists/${theirs}`, { token: admin.token });
    const { made_by, ...rest } = one.body;
    expect(rest).toEqual((await t.api('GET', `/lists/${theirs}`, { token: buyer.token })).body);
    expect(made_by.user_id).toBe(buyer.user.id);
    expect((await t.caller({ token: admin.token }).company.list({ id: theirs })).items[0].quantity).toBe(3);

    // Used: the buyer's list goes into the admin's own cart, the list unchanged.
    const used = await t.caller({ token: admin.token }).company.listToCart({ id: theirs });
    expect(used.cart.items.find((i) => i.variant_id === v.variantId)?.quantity).toBe(3);
    expect((await t.api('POST', `/company/lists/${theirs}/to-cart`, { token: admin.token })).status).toBe(200);
    expect((await t.api('GET', '/cart', { token: buyer.token })).body.items ?? []).toHaveLength(0);

    // A buyer sees only their own lists.
    expect((await t.api('GET', '/company/lists', { token: buyer.token })).status).toBe(403);
    expect((await t.api('GET', `/company/lists/${mine}`, { token: buyer.token })).status).toBe(403);
    expect((await t.api('POST', `/company/lists/${mine}/to-cart`, { token: buyer.token })).status).toBe(403);
    expect((await t.api('GET', `/lists/${mine}`, { token: buyer.token })).status).toBe(404);
    expect((await t.api('GET', '/lists', { token: buyer.token })).body.map((l: { id: string }) => l.id)).toEqual([theirs]);
  });

  it("never reach another company's admin; a removed member's lists leave the company at once", async () => {
    const a = await company('Alpha Pte. Ltd.');
    const b = await company('Beta Pte. Ltd.');
    const v = await createVariant(t.db, { onHand: 50, tiers: [[1, 1000]] });
    const bList = await listOf(b.buyer.token, v.variantId);
    expect((await t.api('GET', `/company/lists/${bList}`, { token: a.admin.token })).status).toBe(404);
    expect((await t.api('POST', `/company/lists/${bList}/to-cart`, { token: a.admin.token })).status).toBe(404);
    expect(JSON.stringify((await t.api('GET', '/company/lists', { token: a.admin.token })).body)).not.toContain(bList);
    const loner = await createUser(t.deps);
    expect((await t.api('GET', `/company/lists/${bList}`, { token: loner.token })).status).toBe(404);
    for (const id of ['unknown', 'x'.repeat(1000), 'a%00b']) {
      expect((await t.api('GET', `/company/lists/${id}`, { token: a.admin.token })).status, id.slice(0, 10)).toSatisfy((s: number) => s === 400 || s === 404);
    }

    expect((await t.api('GET', `/company/lists/${bList}`, { token: b.admin.token })).status).toBe(200);
    await t.api('DELETE', `/company/members/${b.buyer.user.id}`, { token: b.admin.token });
    expect((await t.api('GET', `/company/lists/${bList}`, { token: b.admin.token })).status).toBe(404);
    expect((await t.api('GET', '/company/lists', { token: b.admin.token })).body).toEqual([]);
    // Still the buyer's own.
    expect((await t.api('GET', `/lists/${bList}`, { token: b.buyer.token })).status).toBe(200);
    // A removed admin loses the company's lists at once too.
    const c = await company('Gamma Pte. Ltd.');
    const cList = await listOf(c.buyer.token, v.variantId);
    await t.api('PATCH', `/company/members/${c.buyer.user.id}`, { token: c.admin.token, body: { role: 'admin' } });
    await t.api('DELETE', `/company/members/${c.admin.user.id}`, { token: c.buyer.token });
    expect((await t.api('GET', `/company/lists/${cList}`, { token: c.admin.token })).status).toBe(404);
  });
});

describe("a member's quotes", () => {
  it('are seen by the company admin with who asked (REST and tRPC); a buyer sees their own; never another company', async () => {
    const a = await company('Alpha Pte. Ltd.');
    const b = await company('Beta Pte. Ltd.');
    const v = await createVariant(t.db, { onHand: 50, tiers: [[1, 1000]] });
    const sku = v.sku;
    const asked = await t.api('POST', '/quotes', { token: a.buyer.token, body: { lines: [{ sku, quantity: 40 }], note: 'Monthly' } });
    expect(asked.status).toBe(200);
    const bQuote = (await t.api('POST', '/quotes', { token: b.buyer.token, body: { lines: [{ sku, quantity: 5 }] } })).body.id as string;

    const all = await t.api('GET', '/company/quotes', { token: a.admin.token });
    expect(all.status).toBe(200);
    expect(all.body.map((q: { id: string }) => q.id)).toEqual([asked.body.id]);
    expect(all.body[0].made_by).toMatchObject({ user_id: a.buyer.user.id, email: a.buyer.user.email });
    const one = await t.api('GET', `/company/quotes/${asked.body.id}`, { token: a.admin.token });
    const { made_by, ...rest } = one.body;
    expect(rest).toEqual((await t.api('GET', `/quotes/${asked.body.id}`, { token: a.buyer.token })).body);
    expect(made_by.user_id).toBe(a.buyer.user.id);
    expect((await t.caller({ token: a.admin.token }).company.quotes()).length).toBe(1);

    expect((await t.api('GET', `/company/quotes/${bQuote}`, { token: a.admin.token })).status).toBe(404);
    await expect(t.caller({ token: a.admin.token }).company.quote({ id: bQuote })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect((await t.api('GET', '/company/quotes', { token: a.buyer.token })).status).toBe(403);
    expect((await t.api('GET', `/quotes/${bQuote}`, { token: a.buyer.token })).status).toBe(404);

    await t.api('DELETE', `/company/members/${a.buyer.user.id}`, { token: a.admin.token });
    expect((await t.api('GET', `/company/quotes/${asked.body.id}`, { token: a.admin.token })).status).toBe(404);
  });
});

describe("accepting a member's quote (decision 0202)", () => {
  it("is open to the company's admin, who orders at the quoted prices (on invoice too); never to a buyer for another, another company or after removal", async () => {
    const a = await company('Quote Alpha Pte. Ltd.');
    const b = await company('Quote Beta Pte. Ltd.');
    const owner = await createUser(t.deps, { role: 'admin' });
    const v = await createVariant(t.db, { onHand: 500, tiers: [[1, 1000]] });
    const ask = async (token: string) => {
      const q = await t.api('POST', '/quotes', { token, body: { lines: [{ sku: v.sku, quantity: 40 }] } });
      expect(q.status).toBe(200);
      const full = await t.caller({ token: owner.token }).admin.quotes.get({ id: q.body.id });
      const validUntil = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
      const res = await t.api('PUT', `/admin/quotes/${q.body.id}`, { token: owner.token, body: { lines: full.lines.map((l) => ({ line_id: l.id, unit_price: 6.5 })), shipping_fee: 0, valid_until: validUntil } });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return q.body.id as string;
    };
    const accept = (token: string, id: string, extra: Record<string, unknown> = {}) =>
      t.api('POST', `/quotes/${id}/accept`, { token, body: { shipping_address: sgAddress, payment_method: 'stripe', ...extra } });

    const theirs = await ask(a.buyer.token);
    // Another company's admin and a plain buyer of the same company cannot; the admin can.
    expect((await accept(b.admin.token, theirs)).status).toBe(404);
    const mine = await ask(a.admin.token);
    expect((await accept(a.buyer.token, mine)).status).toBe(404);
    const placed = await accept(a.admin.token, theirs);
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    expect(placed.body.items[0]).toMatchObject({ quantity: 40, price: 6.5 });
    const order = await t.db.order.findUniqueOrThrow({ where: { id: placed.body.id }, select: { userId: true, companyId: true } });
    expect(order).toEqual({ userId: a.admin.user.id, companyId: a.id });
    // The member sees their quote accepted by that order; a second accept is refused.
    const read = await t.api('GET', `/quotes/${theirs}`, { token: a.buyer.token });
    expect(read.body).toMatchObject({ status: 'accepted', order_id: placed.body.id });
    expect((await accept(a.buyer.token, theirs)).status).toBe(409);

    // With terms, the admin accepts a member's quote on the company's account.
    await t.api('PATCH', `/admin/companies/${a.id}`, { token: owner.token, body: { name: 'Quote Alpha Pte. Ltd.', country: 'SG', registration_number: '201912345K', payment_terms_days: 30 } });
    const second = await ask(a.buyer.token);
    const onAccount = await t.caller({ token: a.admin.token }).quotes.accept({ id: second, shipping_address: sgAddress, payment_method: 'invoice', po_number: 'PO-Q-1' });
    expect(onAccount).toMatchObject({ status: 'processing', invoice: { po_number: 'PO-Q-1' } });

    // A member removed from the company takes their quotes with them.
    const third = await ask(a.buyer.token);
    await t.api('DELETE', `/company/members/${a.buyer.user.id}`, { token: a.admin.token });
    expect((await accept(a.admin.token, third)).status).toBe(404);
  });
});
