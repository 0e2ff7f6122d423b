import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import { addDays } from '../../../shared/domain/report-range';
import { shopDay } from '../../../shared/domain/shop-time';
import { companyWithBuyer } from '../../factories/companies';
import { createInvoiceOrder } from '../../factories/invoice-orders';
import { createUser } from '../../factories/users';
import { createTestApp, type TestApp } from '../../setup/test-app';

// The receivables report and the dashboard's receivables (decision 0199): what companies owe on
// invoice on a day, by days past due, as each company's statement shows it.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('receivables', () => {
  it("are each company's closing balance and ageing, most overdue first, on the dashboard, in the report and its CSV", async () => {
    const staff = await createUser(t.deps, { role: 'staff' });
    const empty = await t.caller({ token: staff.token }).admin.dashboard.stats();
    expect(empty).toMatchObject({ receivables: 0, overdue_receivables: 0 });

    const today = shopDay(new Date());
    const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000);
    const a = await companyWithBuyer(t, 'Mike Pte. Ltd.');
    const b = await companyWithBuyer(t, 'November Pte. Ltd.');
    const settled = await companyWithBuyer(t, 'Oscar Pte. Ltd.');
    const buyer = (c: typeof a) => ({ companyId: c.id, user: { id: c.buyer.user.id, email: c.buyer.user.email } });
    // A: 100 not due yet, 200 of 300 left 40 days past due.
    await createInvoiceOrder(t.db, { ...buyer(a), createdAt: daysAgo(5), totalCents: 100_00, dueDate: addDays(today, 25) });
    await createInvoiceOrder(t.db, { ...buyer(a), createdAt: daysAgo(70), totalCents: 300_00, dueDate: addDays(today, -40), payments: [{ cents: 100_00, paidAt: daysAgo(50) }] });
    // B: 50 95 days past due, and a credit note of 20 on it.
    await createInvoiceOrder(t.db, { ...buyer(b), createdAt: daysAgo(125), totalCents: 70_00, dueDate: addDays(today, -95), creditNotes: [{ cents: 20_00, issuedAt: daysAgo(100) }] });
    // Oscar paid everything: not in the report.
    await createInvoiceOrder(t.db, { ...buyer(settled), createdAt: daysAgo(20), totalCents: 80_00, dueDate: addDays(today, 10), payments: [{ cents: 80_00, paidAt: daysAgo(2) }] });

    const report = await t.api('GET', '/admin/reports/receivables', { token: staff.token });
    expect(report.status).toBe(200);
    expect(report.body).toEqual({
      as_of: today,
      totals: { outstanding: 350, current: 100, days_1_30: 0, days_31_60: 200, days_61_90: 0, over_90: 50, overdue: 250, companies: 2 },
      companies: [
        { company_id: a.id, company_name: 'Mike Pte. Ltd.', payment_terms_days: 0, outstanding: 300, current: 100, days_1_30: 0, days_31_60: 200, days_61_90: 0, over_90: 0, overdue: 200 },
        { company_id: b.id, company_name: 'November Pte. Ltd.', payment_terms_days: 0, outstanding: 50, current: 0, days_1_30: 0, days_31_60: 0, days_61_90: 0, over_90: 50, overdue: 50 },
      ],
    });
    expect(await t.caller({ token: staff.token }).admin.reports.receivables()).toEqual(report.body);
    // The same figures as the company's statement on the day.
    const statement = (await t.api('GET', `/admin/companies/${a.id}/statement`, { token: staff.token })).body;
    expect(statement).toMatchObject({ closing_balance: 300, overdue: 200, ageing: { current: 100, days_31_60: 200 } });
    expect(await t.caller({ token: staff.token }).admin.dashboard.stats()).toMatchObject({ receivables: 350, overdue_receivables: 250 });

    // On an earlier day the 300 invoice was not due yet.
    const before = (await t.api('GET', `/admin/reports/receivables?as_of=${addDays(today, -41)}`, { token: staff.token })).body;
    expect(before.totals).toMatchObject({ outstanding: 250, overdue: 50 });

    const res = await fetch(`${t.baseUrl}/api/admin/reports/receivables?format=csv`, { headers: { authorization: `Bearer ${staff.token}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toContain(`receivables-${today}.csv`);
    const rows = parse(await res.text(), { columns: true, bom: true }) as Record<string, string>[];
    expect(rows.map((r) => [r.company_name, r.outstanding, r.current, r.days_31_60, r.over_90, r.overdue])).toEqual([
      ['Mike Pte. Ltd.', '300', '100', '200', '0', '200'],
      ['November Pte. Ltd.', '50', '0', '0', '50', '50'],
      ['Total', '350', '100', '200', '50', '250'],
    ]);
  });

  it('refuses customers and odd days', async () => {
    const staff = await createUser(t.deps, { role: 'staff' });
    const shopper = await createUser(t.deps);
    expect((await t.api('GET', '/admin/reports/receivables', { token: shopper.token })).status).toBe(403);
    const tomorrow = addDays(shopDay(new Date()), 1);
    for (const q of [`as_of=${tomorrow}`, 'as_of=2025-02-30', 'as_of=soon', 'format=xml']) {
      const res = await t.api('GET', `/admin/reports/receivables?${q}`, { token: staff.token });
      expect(res.status, q).toBe(400);
      expect(res.body.detail, q).toBeTruthy();
    }
  });
});
