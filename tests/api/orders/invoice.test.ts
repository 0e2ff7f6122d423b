import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { placeOrderFor } from '../../factories/orders';
import { createCoupon, createVariant } from '../../factories/shop';
import { createUser } from '../../factories/users';
import { pdfPages } from '../../setup/pdf-text';
import { createTestApp, type TestApp } from '../../setup/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function download(path: string, token?: string) {
  const res = await fetch(`${t.baseUrl}/api${path}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  const bytes = new Uint8Array(await res.arrayBuffer());
  return { status: res.status, type: res.headers.get('content-type') ?? '', disposition: res.headers.get('content-disposition') ?? '', bytes };
}

describe('tax invoice PDF', () => {
  it('numbers invoices without gaps, and prints the shop, buyer, lines, discount, shipping, GST and total', async () => {
    const admin = await createUser(t.deps, { role: 'admin' });
    await t.caller({ token: admin.token }).admin.shopProfile.update({ legal_name: 'Pack Supplies Pte. Ltd.', gst_registration_number: '202012345M' });
    const v = await createVariant(t.db, { onHand: 100, tiers: [[1, 1000], [10, 800]] });
    await createCoupon(t.db, { code: 'INVTEN', value: 1000 });
    const shopper = await createUser(t.deps);
    const first = await placeOrderFor(t, shopper.token, v.variantId, 12, { coupon_code: 'INVTEN' });
    // A failed placement in between (empty cart) must not use up a number.
    expect((await t.api('POST', '/orders', { token: shopper.token, body: { shipping_address: { fullName: 'x' } } })).status).toBe(400);
    const second = await placeOrderFor(t, shopper.token, v.variantId, 1);
    const [a, b] = await Promise.all([first, second].map((o) => t.db.order.findUniqueOrThrow({ where: { id: o.id }, select: { invoiceNumber: true } })));
    expect(b.invoiceNumber).toBe(a.invoiceNumber! + 1);

    const res = await download(`/orders/${first.id}/invoice.pdf`, shopper.token);
    expect(res.status).toBe(200);
    expect(res.type).toBe('application/pdf');
    expect(res.disposition).toContain(`tax-invoice-${first.order_number}.pdf`);
    const text = (await pdfPages(res.bytes)).join(' ');
    expect(text).toContain('TAX INVOICE');
    expect(text).toContain('Pack Supplies Pte. Ltd.');
    expect(text).toContain('GST Reg. No.: 202012345M');
    expect(text).toContain(`INV-${String(a.invoiceNumber).padStart(6, '0')}`);
    expect(text).toContain(first.order_number);
    expect(text).toContain('Tan Mei Ling');
    expect(text).toContain(v.sku);
    expect(text).toContain('12 $8.00 $96.00'); // quantity, tier unit price, line total
    expect(text).toContain('Subtotal $96.00');
    expect(text).toContain('Discount (INVTEN) -$9.60');
    expect(text).toContain('Shipping $0.00');
    expect(text).toContain('Total (incl. GST) $86.40');
    expect(text).toContain('GST included at 9% $7.13');

    // Staff download it from the back office.
    const staff = await createUser(t.deps, { role: 'staff' });
    expect((await download(`/admin/orders/${first.id}/invoice.pdf`, staff.token)).status).toBe(200);
  });

  it("answers someone else's invoice with 404, anonymous with 401, a customer on the staff path with 403", async () => {
    const v = await createVariant(t.db, { onHand: 100 });
    const owner = await createUser(t.deps);
    const order = await placeOrderFor(t, owner.token, v.variantId, 1);
    const other = await createUser(t.deps);
    const theirs = await download(`/orders/${order.id}/invoice.pdf`, other.token);
    expect(theirs.status).toBe(404);
    expect(JSON.parse(new TextDecoder().decode(theirs.bytes))).toMatchObject({ detail: 'Order not found' });
    expect((await download(`/orders/${order.id}/invoice.pdf`)).status).toBe(401);
    expect((await download(`/admin/orders/${order.id}/invoice.pdf`, owner.token)).status).toBe(403);
    expect((await download('/admin/orders/no-such-order/invoice.pdf', (await createUser(t.deps, { role: 'staff' })).token)).status).toBe(404);
  });

  it('prints the packing slips of several orders in one PDF, A4 and 4x6 label, with SKUs, gifts and the address', async () => {
    const staff = await createUser(t.deps, { role: 'staff' });
    const v = await createVariant(t.db, { onHand: 100 });
    const shopper = await createUser(t.deps);
    const a = await placeOrderFor(t, shopper.token, v.variantId, 3);
    const b = await placeOrderFor(t, shopper.token, v.variantId, 5);
    for (const size of ['a4', 'label']) {
      const res = await download(`/admin/orders/packing-slips.pdf?ids=${a.id},${b.id}&size=${size}`, staff.token);
      expect(res.status).toBe(200);
      expect(res.type).toBe('application/pdf');
      const pages = await pdfPages(res.bytes);
      expect(pages).toHaveLength(2);
      expect(pages[0]).toContain(a.order_number);
      expect(pages[0]).toContain(`3 ${v.sku}`);
      expect(pages[0]).toContain('1 Orchard Road');
      expect(pages[1]).toContain(b.order_number);
      expect(pages[1]).toContain(`5 ${v.sku}`);
    }
    expect((await download(`/admin/orders/packing-slips.pdf?ids=`, staff.token)).status).toBe(400);
    expect((await download(`/admin/orders/packing-slips.pdf?ids=${a.id}&size=letter`, staff.token)).status).toBe(400);
    expect((await download(`/admin/orders/packing-slips.pdf?ids=${a.id},nope`, staff.token)).status).toBe(404);
    expect((await download(`/admin/orders/packing-slips.pdf?ids=${a.id}`, shopper.token)).status).toBe(403);
  });

  it('is described in the OpenAPI document', async () => {
    const doc = await t.api('GET', '/openapi.json');
    expect(Object.keys(doc.body.paths)).toEqual(expect.arrayContaining(['/orders/{id}/invoice.pdf', '/admin/orders/{id}/invoice.pdf', '/admin/orders/packing-slips.pdf']));
  });
});
