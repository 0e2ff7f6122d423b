import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../../shared/domain/report-range';
import { shopDay } from '../../../shared/domain/shop-time';
import { ACME, companyWithBuyer } from '../../factories/companies';
import { sgAddress } from '../../factories/orders';
import { createVariant } from '../../factories/shop';
import { createUser } from '../../factories/users';
import { createTestApp, type TestApp } from '../../setup/test-app';
import { usingPostgres } from '../../setup/test-db';
import { whileRowHeld } from '../../setup/held-row';
import { Prisma } from '@prisma/client';

// Paying on invoice (issue 40 item 4, decision 0194): a member of a company with terms orders with
// payment_method "invoice" and a PO number; the order is confirmed at once with its due day and
// counts against the credit limit, checked under the company's row lock.
let t: TestApp;
let owner: Awaited<ReturnType<typeof createUser>>;
beforeAll(async () => {
  t = await createTestApp();
  owner = await createUser(t.deps, { role: 'admin' });
});
afterAll(() => t.close());

/** A company with a buyer, given terms by the owner. */
async function companyOnTerms(terms: { payment_terms_days: number; credit_limit?: number | null; po_number_required?: boolean }, name?: string) {
  const c = await companyWithBuyer(t, name);
  const res = await t.api('PATCH', `/admin/companies/${c.id}`, { token: owner.token, body: { ...ACME, name: name ?? ACME.name, ...terms } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return c;
}

async function cartWith(token: string, variantId: string, quantity: number) {
  const add = await t.api('POST', '/cart/add', { token, body: { variant_id: variantId, quantity } });
  expect(add.status, JSON.stringify(add.body)).toBe(200);
}

const onInvoice = (extra: Record<string, unknown> = {}) => ({ shipping_address: sgAddress, payment_method: 'invoice' as const, ...extra });

describe('paying on invoice', () => {
  it('confirms the order at once with its PO number and due day, through REST and tRPC, and counts it against the credit', async () => {
    const c = await companyOnTerms({ payment_terms_days: 30, credit_limit: 10_000, po_number_required: true });
    const v = await createVariant(t.db, { onHand: 100, tiers: [[1, 1000]] });
    await cartWith(c.buyer.token, v.variantId, 3);
    const res = await t.api('POST', '/orders', { token: c.buyer.token, body: onInvoice({ po_number: '  PO-2026-0042 ' }) });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const order = res.body;
    expect(order).toMatchObject({ status: 'processing', payment_method: 'invoice', payment_state: 'on_invoice', payment_url: null });
    expect(order.invoice).toEqual({ po_number: 'PO-2026-0042', due_date: addDays(shopDay(new Date()), 30), amount_paid: 0, amount_due: order.total, state: 'unpaid' });
    // Stock is taken as for any order; the company sees the order and what it now owes.
    expect((await t.db.variant.findUniqueOrThrow({ where: { id: v.variantId }, select: { allocated: true } })).allocated).toBe(3);
    const company = await t.api('GET', '/company', { token: c.admin.token });
    expect(company.body).toMatchObject({ po_number_required: true, outstanding: order.total, available_credit: Math.round((10_000 - order.total) * 100) / 100 });
    expect((await t.api('GET', `/company/orders/${order.id}`, { token: c.admin.token })).body.invoice.po_number).toBe('PO-2026-0042');
    // The confirmation says what is due by when, and offers no PayNow code.
    const mail = await t.db.outboxMessage.findFirstOrThrow({ where: { template: 'order_confirmation', orderId: order.id }, select: { text: true } });
    expect(mail.text).toContain('Pay on invoice');
    expect(mail.text).toContain('PO-2026-0042');
    expect(mail.text).not.toContain('PayNow');

    // The tRPC door, with the session's company: a second order, no PO number refused first.
    await cartWith(c.buyer.token, v.variantId, 1);
    const caller = t.caller({ token: c.buyer.token });
    await expect(caller.orders.place(onInvoice())).rejects.toMatchObject({ code: 'BAD_REQUEST', message: 'Your company asks for a purchase-order number.' });
    const second = await caller.orders.place(onInvoice({ po_number: 'PO-2' }));
    expect(second).toMatchObject({ status: 'processing', invoice: { po_number: 'PO-2', state: 'unpaid' } });
    const after = await t.api('GET', '/company', { token: c.buyer.token });
    expect(after.body.outstanding).toBeCloseTo(order.total + second.total, 2);
  });

  it('is refused to a buyer without a company (403), a company paying up front, a removed member, and odd PO numbers', async () => {
    const v = await createVariant(t.db, { onHand: 100, tiers: [[1, 1000]] });
    const loner = await createUser(t.deps);
    await cartWith(loner.token, v.variantId, 1);
    const alone = await t.api('POST', '/orders', { token: loner.token, body: onInvoice() });
    expect(alone.status).toBe(403);
    expect(alone.body.detail).toBe('Paying on invoice is for buyers of a company account with payment terms.');

    const upFront = await companyWithBuyer(t, 'Up Front Pte. Ltd.');
    await cartWith(upFront.buyer.token, v.variantId, 1);
    const refused = await t.api('POST', '/orders', { token: upFront.buyer.token, body: onInvoice() });
    expect(refused.status).toBe(400);
    expect(refused.body.detail).toBe('Your company pays up front: choose another payment method.');

    const c = await companyOnTerms({ payment_terms_days: 14 }, 'Termed Pte. Ltd.');
    await cartWith(c.buyer.token, v.variantId, 1);
    for (const [po, detail] of [
      ['PO\u00001', 'not allowed'],
      ['PO\t1', 'control characters'],
      ['x'.repeat(1000), 'at most 100 characters'],
      [42, 'text'],
    ] as const) {
      const res = await t.api('POST', '/orders', { token: c.buyer.token, body: onInvoice({ po_number: po }) });
      expect(res.status, String(po).slice(0, 5)).toBe(400);
      expect(JSON.stringify(res.body.detail)).toContain(detail);
    }
    const cash = await t.api('POST', '/orders', { token: c.buyer.token, body: onInvoice({ payment_method: 'cash' }) });
    expect(cash.status).toBe(400);
    expect(JSON.stringify(cash.body.detail)).toContain('Payment method must be stripe or invoice');
    // Nothing was placed: the cart is whole and the stock untouched.
    expect((await t.db.variant.findUniqueOrThrow({ where: { id: v.variantId }, select: { allocated: true } })).allocated).toBe(0);

    // Removed from the company, the buyer loses its terms at the next request.
    expect((await t.api('DELETE', `/company/members/${c.buyer.user.id}`, { token: c.admin.token })).status).toBe(200);
    const gone = await t.api('POST', '/orders', { token: c.buyer.token, body: onInvoice() });
    expect(gone.status).toBe(403);
    // Paying up front still works for them.
    expect((await t.api('POST', '/orders', { token: c.buyer.token, body: { shipping_address: sgAddress } })).status).toBe(200);
  });

  it('refuses an order over the credit limit, saying what is available, and two at once cannot pass it together', async () => {
    // Two variants, so the two orders share no stock row whose lock would queue them anyway.
    const v = await createVariant(t.db, { onHand: 1000, tiers: [[1, 1000]] });
    const w = await createVariant(t.db, { onHand: 1000, tiers: [[1, 1000]] });
    const c = await companyOnTerms({ payment_terms_days: 30, credit_limit: 10 }, 'Limited Pte. Ltd.');
    // Find what 5 cost, then set the limit so that exactly one such order fits.
    await cartWith(c.admin.token, w.variantId, 5);
    await cartWith(c.buyer.token, v.variantId, 5);
    const cart = await t.api('GET', '/cart', { token: c.buyer.token });
    expect(cart.status).toBe(200);
    const over = await t.api('POST', '/orders', { token: c.buyer.token, body: onInvoice() });
    expect(over.status).toBe(409);
    expect(over.body.detail).toMatch(/^This order of \$[\d,.]+ is over your company's credit limit: \$10\.00 is available\.$/);
    const total = Number(String(over.body.detail).match(/\$([\d,.]+)/)![1].replace(',', ''));
    await t.api('PATCH', `/admin/companies/${c.id}`, { token: owner.token, body: { ...ACME, name: 'Limited Pte. Ltd.', credit_limit: total * 1.5 } });

    const [a, b] = await Promise.all([
      t.api('POST', '/orders', { token: c.admin.token, body: onInvoice() }),
      t.api('POST', '/orders', { token: c.buyer.token, body: onInvoice() }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const loser = a.status === 409 ? a : b;
    expect(loser.body.detail).toContain(`$${(total * 0.5).toFixed(2)} is available`);
    expect(await t.db.order.count({ where: { companyId: c.id, paymentMethod: 'invoice' } })).toBe(1);
    const allocated = await t.db.variant.findMany({ where: { id: { in: [v.variantId, w.variantId] } }, select: { allocated: true } });
    expect(allocated.map((x) => x.allocated).sort()).toEqual([0, 5]);
  });
});

describe.runIf(usingPostgres())('the credit limit under a held lock (PostgreSQL: several connections)', () => {
  it('two orders that reach the company together wait for each other: one fits, the other is refused', async () => {
    // The test holds the company row while both orders start, so both reach the credit check
    // together on every run. Without the lock in the check both would sum what is owed before the
    // other committed, and both would pass.
    const [v, w] = await Promise.all([createVariant(t.db, { onHand: 100, tiers: [[1, 1000]] }), createVariant(t.db, { onHand: 100, tiers: [[1, 1000]] })]);
    const c = await companyOnTerms({ payment_terms_days: 30, credit_limit: 80 }, 'Held Pte. Ltd.');
    await cartWith(c.admin.token, v.variantId, 5);
    await cartWith(c.buyer.token, w.variantId, 5);
    const done = await whileRowHeld(t.db, Prisma.sql`SELECT 1 FROM "Company" WHERE "id" = ${c.id} FOR UPDATE`, () =>
      Promise.all([c.admin.token, c.buyer.token].map((token) => t.api('POST', '/orders', { token, body: onInvoice() }))),
    );
    expect(done.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(done.find((r) => r.status === 409)?.body.detail).toContain("is over your company's credit limit");
    expect(await t.db.order.count({ where: { companyId: c.id, paymentMethod: 'invoice' } })).toBe(1);
  });
});
