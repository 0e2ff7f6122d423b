import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dayIn } from '../../../shared/domain/report-range';
import { placeOrderFor } from '../../factories/orders';
import { createVariant } from '../../factories/shop';
import { createUser } from '../../factories/users';
import { pdfPages } from '../../setup/pdf-text';
import { createTestApp, type TestApp } from '../../setup/test-app';

// Credit notes (decision 0166): their own gap-free series, the PDF read back to text on both doors,
// who may read which, the list, and the GST report that subtracts them in the period they are issued.

let t: TestApp;
let admin: Awaited<ReturnType<typeof createUser>>;
let staff: Awaited<ReturnType<typeof createUser>>;
let shopper: Awaited<ReturnType<typeof createUser>>;
beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t.deps, { role: 'admin' });
  staff = await createUser(t.deps, { role: 'staff' });
  shopper = await createUser(t.deps);
  await t.caller({ token: admin.token }).admin.shopProfile.update({ legal_name: 'Pack Supplies Pte. Ltd.', gst_registration_number: '202012345M' });
});
afterAll(() => t.close());

async function download(path: string, token?: string) {
  const res = await fetch(`${t.baseUrl}/api${path}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  const bytes = new Uint8Array(await res.arrayBuffer());
  return { status: res.status, type: res.headers.get('content-type') ?? '', disposition: res.headers.get('content-disposition') ?? '', bytes };
}

async function paidOrder(quantity = 2, priceCents = 1090) {
  const v = await createVariant(t.db, { onHand: 100, tiers: [[1, priceCents]] });
  const order = await placeOrderFor(t, shopper.token, v.variantId, quantity);
  expect((await t.api('POST', `/admin/orders/${order.id}/status`, { token: staff.token, body: { status: 'paid' } })).status).toBe(200);
  return { ...order, sku: v.sku };
}

const refund = (orderId: string, body: Record<string, unknown>) => t.api('POST', `/admin/orders/${orderId}/refunds`, { token: admin.token, body: { restock: false, reference: 'DBS-1', ...body } });

describe('credit notes', () => {
  it('prints the credit note like the invoice: title, number, the invoice it corrects, lines, GST, total, reason; buyer and staff doors', async () => {
    const order = await paidOrder(3);
    const item = (await t.db.orderItem.findFirstOrThrow({ where: { orderId: order.id }, select: { id: true } })).id;
    const res = await refund(order.id, { amount: 10.9, reason: 'One pack arrived torn', lines: [{ item_id: item, quantity: 1 }] });
    expect(res.status).toBe(200);
    const number = res.body.credit_note.number as string;
    const { invoiceNumber } = await t.db.order.findUniqueOrThrow({ where: { id: order.id }, select: { invoiceNumber: true } });

    // The buyer's order answer lists it with its link.
    const mine = await t.api('GET', `/orders/${order.id}`, { token: shopper.token });
    expect(mine.body.credit_notes).toEqual([expect.objectContaining({ number, amount: 10.9, pdf_url: `/api/orders/${order.id}/credit-notes/${number}.pdf` })]);

    const pdf = await download(`/orders/${order.id}/credit-notes/${number}.pdf`, shopper.token);
    expect(pdf.status).toBe(200);
    expect(pdf.type).toBe('application/pdf');
    expect(pdf.disposition).toContain(`credit-note-${number}.pdf`);
    const text = (await pdfPages(pdf.bytes)).join(' ');
    expect(text).toContain('CREDIT NOTE');
    expect(text).toContain(`Credit note No.: ${number}`);
    expect(text).toContain('Pack Supplies Pte. Ltd.');
    expect(text).toContain('GST Reg. No.: 202012345M');
    expect(text).toContain(`Credit note for tax invoice INV-${String(invoiceNumber).padStart(6, '0')} (order ${order.order_number})`);
    expect(text).toContain(order.sku);
    expect(text).toContain('1 $10.90 $10.90');
    expect(text).toContain('GST included at 9% $0.90');
    expect(text).toContain('Total credited (incl. GST) $10.90');
    expect(text).toContain('Reason: One pack arrived torn');

    const staffPdf = await download(`/admin/orders/${order.id}/credit-notes/${number}.pdf`, staff.token);
    expect(staffPdf.status).toBe(200);
    expect((await pdfPages(staffPdf.bytes)).join(' ')).toContain('CREDIT NOTE');
  });

  it("answers someone else's credit note, an unknown number and another order's note with 404; keys and roles as the invoice", async () => {
    const order = await paidOrder();
    const other = await paidOrder();
    const number = (await refund(order.id, { amount: 1, reason: 'Goodwill' })).body.credit_note.number as string;
    const stranger = await createUser(t.deps);
    expect((await download(`/orders/${order.id}/credit-notes/${number}.pdf`, stranger.token)).status).toBe(404);
    expect((await download(`/orders/${order.id}/credit-notes/CN-999999.pdf`, shopper.token)).status).toBe(404);
    expect((await download(`/orders/${order.id}/credit-notes/nonsense.pdf`, shopper.token)).status).toBe(404);
    expect((await download(`/orders/${other.id}/credit-notes/${number}.pdf`, shopper.token)).status).toBe(404);
    expect((await download(`/admin/orders/${other.id}/credit-notes/${number}.pdf`, staff.token)).status).toBe(404);
    expect((await download(`/orders/${order.id}/credit-notes/${number}.pdf`)).status).toBe(401);
    expect((await download(`/admin/orders/${order.id}/credit-notes/${number}.pdf`, shopper.token)).status).toBe(403);
    const key = async (scopes: string[]) => (await t.api('POST', '/admin/api-keys', { token: admin.token, body: { name: `cn ${scopes}`, scopes } })).body.secret as string;
    const payments = await key(['payments:read']);
    const orders = await key(['orders:read']);
    expect((await download(`/admin/orders/${order.id}/credit-notes/${number}.pdf`, payments)).status).toBe(200);
    expect((await download(`/admin/orders/${order.id}/credit-notes/${number}.pdf`, orders)).status).toBe(403);
    expect((await download(`/orders/${order.id}/credit-notes/${number}.pdf`, payments)).status).toBe(403);
    // Path values obey the input rule.
    expect((await download(`/orders/${order.id}/credit-notes/%00.pdf`, shopper.token)).status).toBe(400);
  });

  it('numbers credit notes without gaps or repeats when many are issued at once', async () => {
    const orders = [];
    // One shopper's cart: placed one after the other; the refunds below go at once.
    for (let i = 0; i < 8; i++) orders.push(await paidOrder(1));
    const before = await t.db.creditNote.aggregate({ _max: { number: true } });
    const answers = await Promise.all(orders.map((o, i) => refund(o.id, { amount: 1, reason: `Goodwill ${i}` })));
    expect(answers.map((a) => a.status)).toEqual(Array(8).fill(200));
    // A refused refund in between does not use up a number.
    expect((await refund(orders[0].id, { amount: 1000, reason: 'too much' })).status).toBe(409);
    const numbers = (await t.db.creditNote.findMany({ where: { number: { gt: before._max.number ?? 0 } }, select: { number: true }, orderBy: { number: 'asc' } })).map((n) => n.number);
    const first = (before._max.number ?? 0) + 1;
    expect(numbers).toEqual(Array.from({ length: 8 }, (_, i) => first + i));
    const counter = await t.db.counter.findUniqueOrThrow({ where: { name: 'credit_note' } });
    expect(counter.value).toBe(first + 7);
  });

  it('lists credit notes by issue day, paged, for staff and payments:read keys', async () => {
    const order = await paidOrder();
    await refund(order.id, { amount: 2, reason: 'Listed' });
    const today = dayIn('Asia/Singapore', new Date());
    const res = await t.api('GET', `/admin/credit-notes?from=${today}&to=${today}&page_size=2`, { token: staff.token });
    expect(res.status).toBe(200);
    expect(res.body.items).toHaveLength(2);
    expect(res.body.total).toBeGreaterThanOrEqual(2);
    expect(res.body.items[0]).toMatchObject({ kind: 'refund', order_number: expect.any(String), invoice_number: expect.stringMatching(/^INV-/), pdf_url: expect.stringContaining('/api/admin/orders/') });
    const first = await t.api('GET', `/admin/credit-notes?from=${today}&to=${today}&page_size=200`, { token: staff.token });
    expect(first.body.items.map((c: { order_number: string }) => c.order_number)).toContain(order.order_number);
    const none = await t.api('GET', '/admin/credit-notes?from=2020-01-01&to=2020-01-31', { token: staff.token });
    expect(none.body).toMatchObject({ items: [], total: 0 });
    expect((await t.api('GET', '/admin/credit-notes?from=2026-02-30', { token: staff.token })).status).toBe(400);
    expect((await t.api('GET', '/admin/credit-notes?from=2026-03-02&to=2026-03-01', { token: staff.token })).status).toBe(400);
    expect((await t.api('GET', '/admin/credit-notes', { token: shopper.token })).status).toBe(403);
    const list = await t.caller({ token: staff.token }).admin.payments.creditNotes({ page_size: 1 });
    expect(list.items).toHaveLength(1);
  });
});

describe('GST report with credit notes', () => {
  it('subtracts credit notes in the period they are issued, a cancelled invoiced order counted when placed, on the screen and in the CSV', async () => {
    const fresh = await createTestApp();
    try {
      const a = await createUser(fresh.deps, { role: 'admin' });
      const buyer = await createUser(fresh.deps);
      const v = await createVariant(fresh.db, { onHand: 100, tiers: [[1, 10900]] });
      const kept = await placeOrderFor(fresh, buyer.token, v.variantId, 1);
      const cancelled = await placeOrderFor(fresh, buyer.token, v.variantId, 2);
      for (const o of [kept, cancelled]) expect((await fresh.api('POST', `/admin/orders/${o.id}/status`, { token: a.token, body: { status: 'paid' } })).status).toBe(200);
      expect((await fresh.api('POST', `/admin/orders/${kept.id}/refunds`, { token: a.token, body: { amount: 21.8, reason: 'Two short', restock: false, reference: 'R' } })).status).toBe(200);
      expect((await fresh.api('POST', `/admin/orders/${cancelled.id}/status`, { token: a.token, body: { status: 'cancelled', note: 'Out of stock' } })).status).toBe(200);

      const rows = await fresh.db.order.findMany({ where: { id: { in: [kept.id, cancelled.id] } }, select: { totalCents: true, gstCents: true } });
      const notes = await fresh.db.creditNote.findMany({ orderBy: { number: 'asc' } });
      expect(notes.map((n) => n.kind)).toEqual(['refund', 'cancellation']);
      const total = rows.reduce((s, r) => s + r.totalCents, 0) - notes.reduce((s, n) => s + n.amountCents, 0);
      const gst = rows.reduce((s, r) => s + r.gstCents, 0) - notes.reduce((s, n) => s + n.gstCents, 0);
      expect(notes[0].gstCents).toBe(180); // 21.80 x 9/109

      const today = dayIn('Asia/Singapore', new Date());
      const res = await fresh.api('GET', `/admin/reports/gst?from=${today}&to=${today}`, { token: a.token });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        supplies_including_gst: total / 100,
        output_tax: gst / 100,
        supplies_excluding_gst: (total - gst) / 100,
        orders: 2,
        credit_notes: 2,
        credited_including_gst: notes.reduce((s, n) => s + n.amountCents, 0) / 100,
        credited_gst: notes.reduce((s, n) => s + n.gstCents, 0) / 100,
      });
      expect(res.body.basis).toContain('Credit notes');

      const csv = await fetch(`${fresh.baseUrl}/api/admin/reports/gst?from=${today}&to=${today}&format=csv`, { headers: { authorization: `Bearer ${a.token}` } });
      const table = parse(await csv.text(), { columns: true, bom: true }) as Record<string, string>[];
      expect(table).toHaveLength(4);
      const credits = table.filter((r) => r.status === 'credit_note');
      expect(credits.map((r) => r.credit_note_number)).toEqual(notes.map((n) => `CN-${String(n.number).padStart(6, '0')}`));
      expect(credits[0].output_tax).toBe('-1.8');
      const tax = table.reduce((s, r) => s + Math.round(Number(r.output_tax) * 100), 0);
      expect(tax).toBe(gst);
    } finally {
      await fresh.close();
    }
  });
});
