import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACME, companyWithBuyer } from '../../factories/companies';
import { placeOrderFor } from '../../factories/orders';
import { createVariant } from '../../factories/shop';
import { createUser } from '../../factories/users';
import { createTestApp, type TestApp } from '../../setup/test-app';

// Payments against orders on invoice (issue 40 item 4, decision 0201): staff record them in part or
// in full (POST /admin/orders/{id}/payments, admin.payments.record), and a bank statement line
// naming the order pays any part of what it still owes.
let t: TestApp;
let owner: Awaited<ReturnType<typeof createUser>>;
let staff: Awaited<ReturnType<typeof createUser>>;
let variantId: string;
beforeAll(async () => {
  t = await createTestApp();
  owner = await createUser(t.deps, { role: 'admin' });
  staff = await createUser(t.deps, { role: 'staff' });
  variantId = (await createVariant(t.db, { onHand: 1000, tiers: [[1, 1000]] })).variantId;
});
afterAll(() => t.close());

let companies = 0;
async function invoiceOrder(quantity = 5) {
  const name = `Invoice Buyer ${++companies} Pte. Ltd.`;
  const c = await companyWithBuyer(t, name);
  expect((await t.api('PATCH', `/admin/companies/${c.id}`, { token: owner.token, body: { ...ACME, name, payment_terms_days: 30, credit_limit: null } })).status).toBe(200);
  const order = await placeOrderFor(t, c.buyer.token, variantId, quantity, { payment_method: 'invoice', po_number: `PO-${companies}` });
  expect(order.status).toBe('processing');
  return { ...c, order };
}

const record = (id: string, body: Record<string, unknown>, token = staff.token, headers?: Record<string, string>) =>
  t.api('POST', `/admin/orders/${id}/payments`, { token, body, headers });
const invoiceOf = async (token: string, id: string) => (await t.api('GET', `/orders/${id}`, { token })).body;

describe('recording a payment against an invoice', () => {
  it('takes part payments and then the rest, tells the buyer each time, and leaves the status alone (REST and tRPC)', async () => {
    const { buyer, order } = await invoiceOrder();
    const part = Math.round(order.total * 40) / 100;
    const first = await record(order.id, { amount: part, method: 'bank_transfer', reference: 'ACME-INV-1', paid_on: '2026-01-05' });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.paid).toBeCloseTo(part, 2);
    expect(first.body.items[0]).toMatchObject({ provider: 'manual', method: 'bank_transfer', reference: 'ACME-INV-1', amount: part });
    expect(first.body.items[0].paid_at.slice(0, 10)).toBe('2026-01-04'); // midnight in Singapore is 16:00 UTC the day before
    let mine = await invoiceOf(buyer.token, order.id);
    expect(mine).toMatchObject({ status: 'processing', payment_state: 'on_invoice', invoice: { state: 'partially_paid', amount_paid: part } });
    expect(mine.invoice.amount_due).toBeCloseTo(order.total - part, 2);

    const rest = Math.round((order.total - part) * 100) / 100;
    const paid = await t.caller({ token: staff.token }).admin.payments.record({ id: order.id, amount: rest, method: 'cheque', reference: 'CHQ 000123' });
    expect(paid.paid).toBeCloseTo(order.total, 2);
    mine = await invoiceOf(buyer.token, order.id);
    expect(mine).toMatchObject({ status: 'processing', payment_state: 'paid', invoice: { state: 'paid', amount_due: 0 } });
    const mails = await t.db.outboxMessage.findMany({ where: { template: 'invoice_payment', orderId: order.id }, orderBy: { createdAt: 'asc' }, select: { subject: true, text: true } });
    expect(mails).toHaveLength(2);
    expect(mails[0].text).toContain('still due by');
    expect(mails[1].text).toContain('paid in full');

    // Nothing more is taken.
    const more = await record(order.id, { amount: 1 });
    expect(more.status).toBe(409);
    expect(more.body.detail).toBe(`The invoice of order ${order.order_number} is already paid`);
  });

  it('refuses more than is owed, an order not on invoice, odd amounts and days, the wrong people, and records a retried request once', async () => {
    const { buyer, admin, order } = await invoiceOrder();
    const over = await record(order.id, { amount: order.total + 0.01 });
    expect(over.status).toBe(409);
    expect(over.body.detail).toMatch(/^This payment is more than the \$[\d,.]+ still owed$/);

    const plain = await placeOrderFor(t, (await createUser(t.deps)).token, variantId, 1);
    const notInvoice = await record(plain.id, { amount: plain.total });
    expect(notInvoice.status).toBe(409);
    expect(notInvoice.body.detail).toBe(`Order ${plain.order_number} is not on invoice: mark it as paid instead`);
    expect((await record('unknown-order', { amount: 1 })).status).toBe(404);

    for (const body of [{ amount: 0 }, { amount: -5 }, { amount: 1.001 }, { amount: '10' }, { amount: 1, method: 'gold' }, { amount: 1, paid_on: '2026-02-30' }, { amount: 1, paid_on: '2999-01-01' }, { amount: 1, reference: 'x'.repeat(101) }]) {
      const res = await record(order.id, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.detail).toBeTruthy();
    }
    // Buyers, even the company's admin, cannot record money; nor can a visitor.
    expect((await record(order.id, { amount: 1 }, buyer.token)).status).toBe(403);
    expect((await record(order.id, { amount: 1 }, admin.token)).status).toBe(403);
    expect((await record(order.id, { amount: 1 }, '')).status).toBe(401);

    const headers = { 'Idempotency-Key': 'payment-retry-0001' };
    const a = await record(order.id, { amount: 1 }, staff.token, headers);
    const b = await record(order.id, { amount: 1 }, staff.token, headers);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(b.body.items).toHaveLength(1);
    expect(await t.db.payment.count({ where: { orderId: order.id } })).toBe(1);
  });
});

describe('a bank statement line naming an order on invoice', () => {
  async function upload(csv: string) {
    const form = new FormData();
    form.append('file', new Blob([csv]), 'statement.csv');
    const res = await fetch(`${t.baseUrl}/api/admin/payments/bank-statements`, { method: 'POST', headers: { authorization: `Bearer ${staff.token}` }, body: form });
    return (await res.json()) as any;
  }

  it('pays part of it, and a line over what is left waits for a person', async () => {
    const { buyer, order } = await invoiceOrder();
    const part = Math.round(order.total * 50) / 100;
    const first = await upload(`date,description,amount,reference\n2026-11-20,ACME PTE LTD,${part.toFixed(2)},${order.order_number}\n`);
    expect(first.matched_count).toBe(1);
    expect((await invoiceOf(buyer.token, order.id)).invoice).toMatchObject({ state: 'partially_paid', amount_paid: part });
    const second = await upload(`date,description,amount,reference\n2026-11-21,ACME PTE LTD,${order.total.toFixed(2)},${order.order_number}\n`);
    expect(second.review).toEqual([expect.objectContaining({ problem: 'over_payment', order_number: order.order_number })]);
    // A person applying that line is told what the invoice still owes.
    const applied = await t.api('POST', `/admin/payments/bank-lines/${second.review[0].line_id}/apply`, { token: staff.token, body: { order_id: order.id } });
    expect(applied.status).toBe(409);
    expect(applied.body.detail).toContain(`the invoice of order ${order.order_number} owes`);
    // An order on invoice is never moved to "paid" by the bank: it is already on its way.
    expect((await t.db.order.findUniqueOrThrow({ where: { id: order.id }, select: { status: true } })).status).toBe('processing');
  });
});

