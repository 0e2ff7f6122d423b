import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import { addDays } from '../../../shared/domain/report-range';
import { shopDay } from '../../../shared/domain/shop-time';
import { formatInvoiceNumber } from '../../../shared/domain/invoice';
import { formatCreditNoteNumber } from '../../../shared/domain/payment-state';
import { ACME, companyWithBuyer } from '../../factories/companies';
import { placeOrderFor } from '../../factories/orders';
import { createVariant } from '../../factories/shop';
import { createInvoiceOrder } from '../../factories/invoice-orders';
import { createUser } from '../../factories/users';
import { pdfPages } from '../../setup/pdf-text';
import { createTestApp, type TestApp } from '../../setup/test-app';

// A company's statement of account (issue 40 item 5, decisions 0198 and 0199) through both doors:
// GET /company/statement(.pdf|.csv) for its admins, GET /admin/companies/{id}/statement(.pdf|.csv)
// for the owner's staff, company.statement and admin.companies.statement over tRPC.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const PERIOD = '?from=2025-02-01&to=2025-03-31';

async function download(path: string, token: string) {
  const res = await fetch(`${t.baseUrl}/api${path}`, { headers: { authorization: `Bearer ${token}` } });
  const bytes = new Uint8Array(await res.arrayBuffer());
  return { status: res.status, type: res.headers.get('content-type'), disposition: res.headers.get('content-disposition') ?? '', bytes, text: new TextDecoder().decode(bytes) };
}

/**
 * Company A's invoices: one from before the period part paid, one placed at 00:30 Singapore time on
 * 5 February (the 4th in UTC) with a credit note and a partial payment, one cancelled and credited,
 * one cancelled before it was credited (never shown), one not numbered yet, one after the period, and
 * an order paid by card (not on the statement).
 */
async function companyWithInvoices(name: string) {
  const c = await companyWithBuyer(t, name);
  const user = { id: c.buyer.user.id, email: c.buyer.user.email };
  const base = { companyId: c.id, user };
  const inv1 = await createInvoiceOrder(t.db, { ...base, createdAt: '2025-01-10T10:00:00+08:00', totalCents: 1000_00, dueDate: '2025-02-09', payments: [{ cents: 400_00, paidAt: '2025-01-20T10:00:00+08:00' }] });
  const inv2 = await createInvoiceOrder(t.db, {
    ...base,
    createdAt: '2025-02-04T16:30:00Z',
    totalCents: 500_00,
    dueDate: '2025-03-07',
    creditNotes: [{ cents: 100_00, issuedAt: '2025-02-10T09:00:00+08:00' }],
    payments: [{ cents: 150_00, paidAt: '2025-03-01T09:00:00+08:00', reference: '=HYPERLINK("x") TT-77' }],
  });
  const cancelled = await createInvoiceOrder(t.db, { ...base, status: 'cancelled', createdAt: '2025-02-20T10:00:00+08:00', totalCents: 300_00, dueDate: '2025-03-22', creditNotes: [{ cents: 300_00, issuedAt: '2025-02-21T10:00:00+08:00' }] });
  const neverOwed = await createInvoiceOrder(t.db, { ...base, status: 'cancelled', createdAt: '2025-02-15T10:00:00+08:00', totalCents: 999_00, dueDate: '2025-03-17' });
  const inv3 = await createInvoiceOrder(t.db, { ...base, invoiceNumber: null, createdAt: '2025-03-20T10:00:00+08:00', totalCents: 250_00, dueDate: '2025-04-19' });
  const later = await createInvoiceOrder(t.db, { ...base, createdAt: '2025-04-10T10:00:00+08:00', totalCents: 77_00, dueDate: '2025-05-10' });
  const card = await createInvoiceOrder(t.db, { ...base, paymentMethod: 'stripe', createdAt: '2025-02-12T10:00:00+08:00', totalCents: 55_00, dueDate: '2025-02-12' });
  return { ...c, inv1, inv2, cancelled, neverOwed, inv3, later, card };
}

describe('a statement of account', () => {
  it('has the opening balance, the lines with their balance, the closing balance and the ageing (tRPC and REST alike)', async () => {
    const a = await companyWithInvoices('Alpha Pte. Ltd.');
    const n = (x: { invoiceNumber: number | null }) => formatInvoiceNumber(x.invoiceNumber!);
    const viaTrpc = await t.caller({ token: a.admin.token }).company.statement({ from: '2025-02-01', to: '2025-03-31' });
    expect(viaTrpc).toMatchObject({ from: '2025-02-01', to: '2025-03-31', opening_balance: 600, closing_balance: 1100, overdue: 850 });
    expect(viaTrpc.company).toMatchObject({ id: a.id, name: 'Alpha Pte. Ltd.', registration_number: '201912345K' });
    expect(viaTrpc.lines.map((l) => [l.date, l.kind, l.reference, l.invoice, l.due_date, l.debit, l.credit, l.balance])).toEqual([
      ['2025-02-05', 'invoice', n(a.inv2), n(a.inv2), '2025-03-07', 500, 0, 1100],
      ['2025-02-10', 'credit_note', formatCreditNoteNumber(a.inv2.creditNoteNumbers[0]!), n(a.inv2), null, 0, 100, 1000],
      ['2025-02-20', 'invoice', n(a.cancelled), n(a.cancelled), '2025-03-22', 300, 0, 1300],
      ['2025-02-21', 'credit_note', formatCreditNoteNumber(a.cancelled.creditNoteNumbers[0]!), n(a.cancelled), null, 0, 300, 1000],
      ['2025-03-01', 'payment', '=HYPERLINK("x") TT-77', n(a.inv2), null, 0, 150, 850],
      // Not numbered yet: its order number stands in for the invoice's.
      ['2025-03-20', 'invoice', a.inv3.orderNumber, a.inv3.orderNumber, '2025-04-19', 250, 0, 1100],
    ]);
    // On 31 March: 600 left of the first invoice is 50 days past its due day, 250 of the second 24, the third is not due.
    expect(viaTrpc.ageing).toEqual({ current: 250, days_1_30: 250, days_31_60: 600, days_61_90: 0, over_90: 0 });

    const rest = await t.api('GET', `/company/statement${PERIOD}`, { token: a.admin.token });
    expect(rest.status).toBe(200);
    expect(rest.body).toEqual(viaTrpc);
    const staff = await createUser(t.deps, { role: 'staff' });
    expect((await t.api('GET', `/admin/companies/${a.id}/statement${PERIOD}`, { token: staff.token })).body).toEqual(viaTrpc);
    expect(await t.caller({ token: staff.token }).admin.companies.statement({ id: a.id, from: '2025-02-01', to: '2025-03-31' })).toEqual(viaTrpc);

    // A later period opens where this one closed; the invoice after it is in it.
    const next = await t.caller({ token: a.admin.token }).company.statement({ from: '2025-04-01', to: '2025-04-30' });
    expect(next).toMatchObject({ opening_balance: 1100, closing_balance: 1177 });
    expect(next.lines.map((l) => l.reference)).toEqual([n(a.later)]);
  });

  it('comes as a CSV with opening and closing rows and formulas neutralised, and as a PDF that reads back', async () => {
    const a = await companyWithInvoices('Bravo Pte. Ltd.');
    const csv = await download(`/company/statement.csv${PERIOD}`, a.admin.token);
    expect(csv.status).toBe(200);
    expect(csv.type).toContain('text/csv');
    expect(csv.disposition).toContain('statement-bravo-pte-ltd-2025-02-01_to_2025-03-31.csv');
    const rows = parse(csv.text, { columns: true, bom: true }) as Record<string, string>[];
    expect(rows[0]).toMatchObject({ date: '2025-02-01', type: 'Opening balance', balance: '600.00' });
    expect(rows.at(-1)).toMatchObject({ date: '2025-03-31', type: 'Closing balance', balance: '1100.00' });
    expect(rows.slice(1, -1).map((r) => [r.type, r.debit, r.credit, r.balance])).toEqual([
      ['Invoice', '500.00', '', '1100.00'],
      ['Credit note', '', '100.00', '1000.00'],
      ['Invoice', '300.00', '', '1300.00'],
      ['Credit note', '', '300.00', '1000.00'],
      ['Payment', '', '150.00', '850.00'],
      ['Invoice', '250.00', '', '1100.00'],
    ]);
    // The payer's text cannot run as a formula in a spreadsheet.
    expect(rows[5]!.reference).toBe('\'=HYPERLINK("x") TT-77');
    expect(csv.text).not.toContain(a.neverOwed.orderNumber);
    expect(csv.text).not.toContain(a.card.orderNumber);

    const owner = await createUser(t.deps, { role: 'admin' });
    const adminCsv = await download(`/admin/companies/${a.id}/statement.csv${PERIOD}`, owner.token);
    expect(adminCsv.text).toBe(csv.text);

    const pdf = await download(`/company/statement.pdf${PERIOD}`, a.admin.token);
    expect(pdf.status).toBe(200);
    expect(pdf.type).toBe('application/pdf');
    expect(pdf.disposition).toContain('statement-bravo-pte-ltd-2025-02-01_to_2025-03-31.pdf');
    const text = (await pdfPages(pdf.bytes)).join(' ');
    for (const s of [
      'STATEMENT',
      'Bravo Pte. Ltd.',
      'UEN: 201912345K',
      'Period: 1 Feb 2025 to 31 Mar 2025',
      'Opening balance',
      formatInvoiceNumber(a.inv2.invoiceNumber!),
      a.inv3.orderNumber,
      '$1,100.00',
      '$850.00',
      'Current',
      '1-30 days',
      '31-60 days',
      '61-90 days',
      'Over 90 days',
    ]) {
      expect(text, s).toContain(s);
    }
    expect(text).not.toContain(a.neverOwed.orderNumber);
    const adminPdf = await download(`/admin/companies/${a.id}/statement.pdf${PERIOD}`, owner.token);
    expect(adminPdf.status).toBe(200);
    expect((await pdfPages(adminPdf.bytes)).join(' ')).toContain('Bravo Pte. Ltd.');
  });

  it('shows an order placed on invoice at checkout and a payment staff record against it', async () => {
    const owner = await createUser(t.deps, { role: 'admin' });
    const c = await companyWithBuyer(t, 'India Pte. Ltd.');
    expect((await t.api('PATCH', `/admin/companies/${c.id}`, { token: owner.token, body: { ...ACME, name: 'India Pte. Ltd.', payment_terms_days: 30, credit_limit: null } })).status).toBe(200);
    const v = await createVariant(t.db, { onHand: 100, tiers: [[1, 1000]] });
    const order = await placeOrderFor(t, c.buyer.token, v.variantId, 3, { payment_method: 'invoice', po_number: 'PO-77' });
    const paid = await t.api('POST', `/admin/orders/${order.id}/payments`, { token: owner.token, body: { amount: 12.5, method: 'bank_transfer', reference: 'INDIA TT 1' } });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    const today = shopDay(new Date());
    const row = await t.db.order.findUniqueOrThrow({ where: { id: order.id }, select: { invoiceNumber: true, orderNumber: true } });
    const ref = row.invoiceNumber == null ? row.orderNumber : formatInvoiceNumber(row.invoiceNumber);
    const s = await t.caller({ token: c.admin.token }).company.statement({});
    expect(s.lines.map((l) => [l.kind, l.date, l.reference, l.due_date, l.debit, l.credit])).toEqual([
      ['invoice', today, ref, addDays(today, 30), order.total, 0],
      ['payment', today, 'INDIA TT 1', null, 0, 12.5],
    ]);
    expect(s).toMatchObject({ closing_balance: Math.round((order.total - 12.5) * 100) / 100, overdue: 0 });
  });

  it('covers the last 90 days to today without a period', async () => {
    const a = await companyWithBuyer(t, 'Charlie Pte. Ltd.');
    const today = shopDay(new Date());
    const inv = await createInvoiceOrder(t.db, { companyId: a.id, user: { id: a.buyer.user.id, email: a.buyer.user.email }, createdAt: new Date(), totalCents: 12_34, dueDate: addDays(today, 30) });
    const s = (await t.api('GET', '/company/statement', { token: a.admin.token })).body;
    expect(s).toMatchObject({ from: addDays(today, -89), to: today, opening_balance: 0, closing_balance: 12.34, overdue: 0 });
    expect(s.lines.map((l: { reference: string }) => l.reference)).toEqual([formatInvoiceNumber(inv.invoiceNumber!)]);
    const pdf = await download('/company/statement.pdf', a.admin.token);
    expect(pdf.disposition).toContain(`${addDays(today, -89)}_to_${today}.pdf`);
  });

  it("is never another company's: its admins read their own, a buyer is refused, a removed admin at once", async () => {
    const a = await companyWithInvoices('Delta Pte. Ltd.');
    const b = await companyWithBuyer(t, 'Echo Pte. Ltd.');
    // /company/ is always the caller's company: B's admin reads B's, empty.
    const bOwn = await t.api('GET', `/company/statement${PERIOD}`, { token: b.admin.token });
    expect(bOwn.body).toMatchObject({ company: { id: b.id, name: 'Echo Pte. Ltd.' }, opening_balance: 0, closing_balance: 0, lines: [] });
    const bPdf = (await pdfPages((await download(`/company/statement.pdf${PERIOD}`, b.admin.token)).bytes)).join(' ');
    expect(bPdf).toContain('Echo Pte. Ltd.');
    expect(bPdf).not.toContain('Delta');
    expect(bPdf).not.toContain(formatInvoiceNumber(a.inv2.invoiceNumber!));
    // The back-office path is not theirs.
    for (const suffix of ['', '.pdf', '.csv']) {
      expect((await t.api('GET', `/admin/companies/${a.id}/statement${suffix}${PERIOD}`, { token: b.admin.token })).status, suffix).toBe(403);
      // A buyer of the company: only its admins read the statement.
      const buyer = await t.api('GET', `/company/statement${suffix}${PERIOD}`, { token: a.buyer.token });
      expect(buyer.status, suffix).toBe(403);
      expect(buyer.body.detail).toBe("Only the company's admins can do this");
      const loner = await createUser(t.deps);
      expect((await t.api('GET', `/company/statement${suffix}`, { token: loner.token })).status, suffix).toBe(404);
      expect((await t.api('GET', `/company/statement${suffix}`)).status, suffix).toBe(401);
    }
    await expect(t.caller({ token: a.buyer.token }).company.statement({})).rejects.toMatchObject({ code: 'FORBIDDEN' });
    // An unknown company is a 404 for the owner's staff.
    const staff = await createUser(t.deps, { role: 'staff' });
    for (const suffix of ['', '.pdf', '.csv']) {
      expect((await t.api('GET', `/admin/companies/nope/statement${suffix}`, { token: staff.token })).status, suffix).toBe(404);
    }
    await expect(t.caller({ token: staff.token }).admin.companies.statement({ id: 'nope' })).rejects.toMatchObject({ code: 'NOT_FOUND' });

    // A second admin removes the first, who loses the statement at their next request.
    await t.api('PATCH', `/company/members/${a.buyer.user.id}`, { token: a.admin.token, body: { role: 'admin' } });
    expect((await t.api('GET', '/company/statement.pdf', { token: a.buyer.token })).status).toBe(200);
    expect((await t.api('DELETE', `/company/members/${a.admin.user.id}`, { token: a.buyer.token })).status).toBe(200);
    for (const suffix of ['', '.pdf', '.csv']) {
      expect((await t.api('GET', `/company/statement${suffix}`, { token: a.admin.token })).status, suffix).toBe(404);
    }
    // Demoted to buyer: refused at once too.
    const c = await companyWithBuyer(t, 'Foxtrot Pte. Ltd.');
    await t.api('PATCH', `/company/members/${c.buyer.user.id}`, { token: c.admin.token, body: { role: 'admin' } });
    await t.api('PATCH', `/company/members/${c.admin.user.id}`, { token: c.buyer.token, body: { role: 'buyer' } });
    expect((await t.api('GET', '/company/statement.csv', { token: c.admin.token })).status).toBe(403);
  });

  it('is read by an API key with companies:read only, on the back-office paths only', async () => {
    const a = await companyWithBuyer(t, 'Golf Pte. Ltd.');
    const owner = await createUser(t.deps, { role: 'admin' });
    const key = async (scopes: string[]) => (await t.api('POST', '/admin/api-keys', { token: owner.token, body: { name: scopes.join(' '), scopes } })).body.secret as string;
    const reader = await key(['companies:read']);
    const other = await key(['orders:read']);
    for (const suffix of ['', '.pdf', '.csv']) {
      expect((await t.api('GET', `/admin/companies/${a.id}/statement${suffix}`, { token: reader })).status, suffix).toBe(200);
      expect((await t.api('GET', `/admin/companies/${a.id}/statement${suffix}`, { token: other })).status, suffix).toBe(403);
    }
    expect((await t.api('GET', '/company/statement.pdf', { token: reader })).status).toBe(403);
  });

  it('is in the OpenAPI document: the JSON and both files on both paths, with the period parameters', async () => {
    const doc = (await t.api('GET', '/openapi.json')).body;
    for (const path of ['/company/statement', '/admin/companies/{id}/statement']) {
      for (const suffix of ['', '.pdf', '.csv']) {
        const op = doc.paths[`${path}${suffix}`]?.get;
        expect(op, `${path}${suffix}`).toBeDefined();
        expect(op.parameters.map((p: { name: string }) => p.name), `${path}${suffix}`).toEqual(expect.arrayContaining(['from', 'to']));
      }
    }
    expect(doc.paths['/admin/companies/{id}/statement.pdf'].get.description).toContain('companies:read');
    expect(Object.keys(doc.paths['/admin/companies/{id}/statement.csv'].get.responses['200'].content)).toEqual(['text/csv']);
    expect(doc.paths['/admin/reports/receivables'].get).toBeDefined();
  });

  it('refuses a period that is not one, with the reason', async () => {
    const a = await companyWithBuyer(t, 'Hotel Pte. Ltd.');
    const staff = await createUser(t.deps, { role: 'staff' });
    const today = shopDay(new Date());
    const cases: [string, RegExp][] = [
      ['?from=2025-02-30', /from must be a date as YYYY-MM-DD/],
      ['?to=yesterday', /to must be a date as YYYY-MM-DD/],
      ['?from=2025-03-01&to=2025-02-01', /from must not be after to/],
      [`?to=${addDays(today, 1)}`, /to must not be after today/],
      ['?from=2019-01-01&to=2025-01-01', /A statement covers at most 5 years/],
      [`?from=${'9'.repeat(1000)}`, /from/],
      ['?from=2025-01-01&from=2025-02-01', /from/],
      ['?from=2025-01-01%00', /./],
    ];
    for (const [query, detail] of cases) {
      for (const path of [`/company/statement${query}`, `/company/statement.pdf${query}`, `/company/statement.csv${query}`]) {
        const res = await t.api('GET', path, { token: a.admin.token });
        expect(res.status, path).toBe(400);
        expect(String(res.body.detail), path).toMatch(detail);
      }
      for (const path of [`/admin/companies/${a.id}/statement${query}`, `/admin/companies/${a.id}/statement.pdf${query}`]) {
        expect((await t.api('GET', path, { token: staff.token })).status, path).toBe(400);
      }
    }
    await expect(t.caller({ token: a.admin.token }).company.statement({ from: '2025-03-01', to: '2025-02-01' })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    for (const id of ['x'.repeat(1000), 'a%00b']) {
      expect((await t.api('GET', `/admin/companies/${id}/statement.pdf`, { token: staff.token })).status, id.slice(0, 5)).toSatisfy((s: number) => s === 400 || s === 404);
    }
  });
});
