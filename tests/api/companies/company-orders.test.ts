import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyWithBuyer } from '../../factories/companies';
import { placeOrderFor } from '../../factories/orders';
import { createVariant } from '../../factories/shop';
import { createUser } from '../../factories/users';
import { createTestApp, type TestApp } from '../../setup/test-app';
import { pdfPages } from '../../setup/pdf-text';

// One order placed for the company (GET /company/orders/{id}, company.order; decision 0195): its
// admins read any of them with who placed it; buyers only their own; nobody another company's.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const company = (name?: string) => companyWithBuyer(t, name);

describe('a company order', () => {
  it("is read by the company's admin with who placed it, in the buyer's own answer shape (REST and tRPC)", async () => {
    const { admin, buyer } = await company();
    const v = await createVariant(t.db, { onHand: 50, tiers: [[1, 1000]] });
    const order = await placeOrderFor(t, buyer.token, v.variantId, 2);
    const own = await t.api('GET', `/orders/${order.id}`, { token: buyer.token });
    const read = await t.api('GET', `/company/orders/${order.id}`, { token: admin.token });
    expect(read.status).toBe(200);
    const { placed_by, ...rest } = read.body;
    expect(rest).toEqual(own.body);
    expect(placed_by).toMatchObject({ user_id: buyer.user.id, email: buyer.user.email });
    const viaTrpc = await t.caller({ token: admin.token }).company.order({ id: order.id });
    expect(viaTrpc.placed_by.user_id).toBe(buyer.user.id);
    expect(viaTrpc.items[0].quantity).toBe(2);
  });

  it("is refused to a buyer (403), another company's admin (404), a loner (404) and a removed admin at once", async () => {
    const a = await company('Alpha Pte. Ltd.');
    const b = await company('Beta Pte. Ltd.');
    const v = await createVariant(t.db, { onHand: 50, tiers: [[1, 1000]] });
    const aOrder = await placeOrderFor(t, a.admin.token, v.variantId, 1);
    // A buyer still reads only their own orders.
    expect((await t.api('GET', `/company/orders/${aOrder.id}`, { token: a.buyer.token })).status).toBe(403);
    expect((await t.api('GET', `/orders/${aOrder.id}`, { token: a.buyer.token })).status).toBe(404);
    expect((await t.api('GET', `/company/orders/${aOrder.id}`, { token: b.admin.token })).status).toBe(404);
    await expect(t.caller({ token: b.admin.token }).company.order({ id: aOrder.id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    const loner = await createUser(t.deps);
    expect((await t.api('GET', `/company/orders/${aOrder.id}`, { token: loner.token })).status).toBe(404);
    for (const id of ['unknown', 'x'.repeat(1000), 'a%00b']) {
      expect((await t.api('GET', `/company/orders/${id}`, { token: a.admin.token })).status, id.slice(0, 10)).toSatisfy((s: number) => s === 400 || s === 404);
    }
    // A second admin removes the first, who loses the company's orders at their next request.
    await t.api('PATCH', `/company/members/${a.buyer.user.id}`, { token: a.admin.token, body: { role: 'admin' } });
    expect((await t.api('GET', `/company/orders/${aOrder.id}`, { token: a.buyer.token })).status).toBe(200);
    await t.api('DELETE', `/company/members/${a.admin.user.id}`, { token: a.buyer.token });
    expect((await t.api('GET', `/company/orders/${aOrder.id}`, { token: a.admin.token })).status).toBe(404);
    // The order stays the company's, and its own buyer's.
    expect((await t.api('GET', `/orders/${aOrder.id}`, { token: a.admin.token })).status).toBe(200);
  });

  it("gives the company's admins its tax invoice and credit notes as PDFs, and nobody else", async () => {
    const a = await company('Gamma Pte. Ltd.');
    const b = await company('Delta Pte. Ltd.');
    const staff = await createUser(t.deps, { role: 'staff' });
    const v = await createVariant(t.db, { onHand: 50, tiers: [[1, 1000]] });
    const order = await placeOrderFor(t, a.buyer.token, v.variantId, 2);
    const download = async (path: string, token: string) => {
      const res = await fetch(`${t.baseUrl}/api${path}`, { headers: { authorization: `Bearer ${token}` } });
      return { status: res.status, type: res.headers.get('content-type') ?? '', bytes: new Uint8Array(await res.arrayBuffer()) };
    };
    const pdf = await download(`/company/orders/${order.id}/invoice.pdf`, a.admin.token);
    expect(pdf.status).toBe(200);
    expect(pdf.type).toBe('application/pdf');
    const text = (await pdfPages(pdf.bytes)).join(' ');
    expect(text).toContain('TAX INVOICE');
    expect(text).toContain(order.order_number);
    expect((await download(`/company/orders/${order.id}/invoice.pdf`, a.buyer.token)).status).toBe(403);
    expect((await download(`/company/orders/${order.id}/invoice.pdf`, b.admin.token)).status).toBe(404);

    // Cancelled by staff: its credit note is linked through the company's door and opens there only.
    expect((await t.api('POST', `/admin/orders/${order.id}/status`, { token: staff.token, body: { status: 'cancelled', note: 'Out of season' } })).status).toBe(200);
    const read = await t.api('GET', `/company/orders/${order.id}`, { token: a.admin.token });
    const url = read.body.credit_notes[0].pdf_url as string;
    expect(url).toMatch(new RegExp(`^/api/company/orders/${order.id}/credit-notes/CN-\\d{6}\\.pdf$`));
    const note = await download(url.replace(/^\/api/, ''), a.admin.token);
    expect(note.status).toBe(200);
    expect((await pdfPages(note.bytes)).join(' ')).toContain('CREDIT NOTE');
    expect((await download(url.replace(/^\/api/, ''), b.admin.token)).status).toBe(404);
    expect((await download(url.replace(/^\/api/, ''), a.buyer.token)).status).toBe(403);
  });
});
