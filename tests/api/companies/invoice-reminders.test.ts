import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatInvoiceNumber } from '../../../shared/domain/invoice';
import { reminderDay, runInvoiceReminderPass } from '../../../server/services/statements/invoice-reminders';
import { companyWithBuyer } from '../../factories/companies';
import { createInvoiceOrder } from '../../factories/invoice-orders';
import { createTestApp, type TestApp } from '../../setup/test-app';

// Invoice reminders (issue 40 item 5, decision 0199), on a real database, the pass run with its
// clock given: on the due day and 7 days after, from 8 am Singapore time, once each, to the
// company's admins and the buyer who placed the order, only for what is still owed.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const pass = (now: string) => runInvoiceReminderPass(t.db, { mail: t.deps.mail, now: new Date(now) });
const mails = (orderId: string) => t.db.outboxMessage.findMany({ where: { orderId }, orderBy: [{ template: 'asc' }, { toAddress: 'asc' }] });

describe('invoice reminders', () => {
  it('start their day at 8 am Singapore time', () => {
    expect(reminderDay(new Date('2025-06-10T07:59:00+08:00'))).toBe('2025-06-09');
    expect(reminderDay(new Date('2025-06-10T08:00:00+08:00'))).toBe('2025-06-10');
  });

  it('go out on the due day and 7 days after, once each, to the admins and the buyer, for what is still owed', async () => {
    const c = await companyWithBuyer(t, 'Kilo Pte. Ltd.');
    const base = { companyId: c.id, user: { id: c.buyer.user.id, email: c.buyer.user.email } };
    const placed = '2025-05-11T10:00:00+08:00';
    const dueToday = await createInvoiceOrder(t.db, { ...base, createdAt: placed, totalCents: 500_00, dueDate: '2025-06-10', payments: [{ cents: 100_00, paidAt: placed }] });
    const weekLate = await createInvoiceOrder(t.db, { ...base, invoiceNumber: null, createdAt: placed, totalCents: 300_00, dueDate: '2025-06-03', creditNotes: [{ cents: 50_00, issuedAt: placed }] });
    const paid = await createInvoiceOrder(t.db, { ...base, createdAt: placed, totalCents: 200_00, dueDate: '2025-06-09', payments: [{ cents: 200_00, paidAt: placed }] });
    const credited = await createInvoiceOrder(t.db, { ...base, createdAt: placed, totalCents: 200_00, dueDate: '2025-06-09', payments: [{ cents: 150_00, paidAt: placed }], creditNotes: [{ cents: 50_00, issuedAt: placed }] });
    const cancelled = await createInvoiceOrder(t.db, { ...base, status: 'cancelled', createdAt: placed, totalCents: 200_00, dueDate: '2025-06-09' });
    const card = await createInvoiceOrder(t.db, { ...base, paymentMethod: 'stripe', createdAt: placed, totalCents: 200_00, dueDate: '2025-06-09' });
    const notYet = await createInvoiceOrder(t.db, { ...base, createdAt: placed, totalCents: 200_00, dueDate: '2025-06-11' });

    // 7:30 am on the due day: its reminder waits for 8 am; the one 7 days late (on the 10th it is 7 days past the 3rd) too.
    expect(await pass('2025-06-10T07:30:00+08:00')).toEqual({ due: 1, overdue: 0 });
    // That was the 9th's run: the invoice due on the 3rd was 6 days late, so it got its due reminder late, once.
    expect((await mails(weekLate.id)).map((m) => m.template)).toEqual(['invoice_due', 'invoice_due']);

    // Two passes at once at 10 am send each reminder once.
    const [r1, r2] = await Promise.all([pass('2025-06-10T10:00:00+08:00'), pass('2025-06-10T10:00:00+08:00')]);
    expect({ due: r1.due + r2.due, overdue: r1.overdue + r2.overdue }).toEqual({ due: 1, overdue: 1 });
    expect(await pass('2025-06-10T10:15:00+08:00')).toEqual({ due: 0, overdue: 0 });

    const due = await mails(dueToday.id);
    const invoice = formatInvoiceNumber(dueToday.invoiceNumber!);
    expect(due.map((m) => [m.template, m.toAddress])).toEqual(
      [
        ['invoice_due', c.admin.user.email],
        ['invoice_due', c.buyer.user.email],
      ].sort((a, b) => a[1]!.localeCompare(b[1]!)),
    );
    for (const m of due) {
      expect(m.subject).toBe(`Invoice ${invoice} is due today`);
      expect(m.text).toContain(`Kilo Pte. Ltd.'s invoice ${invoice} (order ${dueToday.orderNumber}) falls due today, 10 June 2025.`);
      expect(m.text).toContain('$400.00');
      expect(m.text).toContain(m.toAddress === c.admin.user.email ? '/account?tab=company' : `/orders/${dueToday.id}`);
    }

    const late = (await mails(weekLate.id)).filter((m) => m.template === 'invoice_overdue');
    expect(late.map((m) => m.toAddress).sort()).toEqual([c.admin.user.email, c.buyer.user.email].sort());
    // Not numbered yet: the order number stands in; what is owed is the total less the credit note.
    expect(late[0]!.subject).toBe(`Invoice ${weekLate.orderNumber} is 7 days overdue`);
    expect(late[0]!.text).toContain('fell due on 3 June 2025 and is now 7 days overdue');
    expect(late[0]!.text).toContain('$250.00');

    for (const o of [paid, credited, cancelled, card, notYet]) expect(await mails(o.id), o.orderNumber).toEqual([]);
    const stamps = await t.db.order.findUniqueOrThrow({ where: { id: weekLate.id }, select: { dueReminderSentAt: true, overdueReminderSentAt: true } });
    expect(stamps.dueReminderSentAt).not.toBeNull();
    expect(stamps.overdueReminderSentAt).not.toBeNull();

    // A week on, the invoice due on the 10th is 7 days overdue: one more e-mail each; the one due on the 11th gets its due reminder late.
    expect(await pass('2025-06-17T09:00:00+08:00')).toEqual({ due: 1, overdue: 1 });
    expect((await mails(dueToday.id)).filter((m) => m.template === 'invoice_overdue')).toHaveLength(2);
    expect(await pass('2025-06-30T09:00:00+08:00')).toEqual({ due: 0, overdue: 1 });
    expect(await pass('2025-07-30T09:00:00+08:00')).toEqual({ due: 0, overdue: 0 });
  });

  it('sends an invoice first seen after its overdue day one e-mail, not two, and nothing to a buyer who is also an admin twice', async () => {
    const c = await companyWithBuyer(t, 'Lima Pte. Ltd.');
    const o = await createInvoiceOrder(t.db, { companyId: c.id, user: { id: c.admin.user.id, email: c.admin.user.email }, createdAt: '2024-01-01T10:00:00+08:00', totalCents: 99_00, dueDate: '2024-01-31' });
    expect(await pass('2025-07-31T09:00:00+08:00')).toEqual({ due: 0, overdue: 1 });
    expect((await mails(o.id)).map((m) => [m.template, m.toAddress])).toEqual([['invoice_overdue', c.admin.user.email]]);
  });
});
