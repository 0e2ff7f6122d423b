import { describe, expect, it } from 'vitest';
import { ageingBucket, ageingOf, buildStatement, daysOverdue, outstandingByInvoice, reminderDays, statementPeriod, type StatementEntry } from './statement';

const invoice = (ref: string, day: string, cents: number, dueDay: string): StatementEntry => ({ kind: 'invoice', day, reference: ref, invoice: ref, amountCents: cents, dueDay });
const payment = (ref: string, day: string, cents: number, inv: string): StatementEntry => ({ kind: 'payment', day, reference: ref, invoice: inv, amountCents: cents });
const credit = (ref: string, day: string, cents: number, inv: string): StatementEntry => ({ kind: 'credit_note', day, reference: ref, invoice: inv, amountCents: cents });

describe('statement of account', () => {
  const entries = [
    invoice('INV-1', '2026-09-01', 100_00, '2026-10-01'),
    payment('PAY-1', '2026-09-20', 40_00, 'INV-1'),
    invoice('INV-2', '2026-10-10', 250_00, '2026-11-09'),
    credit('CN-1', '2026-10-12', 50_00, 'INV-2'),
    invoice('INV-3', '2026-11-05', 80_00, '2026-12-05'),
    payment('PAY-2', '2026-11-05', 80_00, 'INV-3'),
    invoice('INV-4', '2026-12-01', 999_00, '2026-12-31'),
  ];

  it('carries what was owed before the period as the opening balance and runs the balance line by line', () => {
    const s = buildStatement(entries, '2026-10-01', '2026-11-30');
    expect(s.openingCents).toBe(60_00);
    expect(s.lines.map((l) => [l.reference, l.debitCents, l.creditCents, l.balanceCents])).toEqual([
      ['INV-2', 250_00, 0, 310_00],
      ['CN-1', 0, 50_00, 260_00],
      ['INV-3', 80_00, 0, 340_00],
      ['PAY-2', 0, 80_00, 260_00],
    ]);
    expect(s.closingCents).toBe(260_00);
  });

  it('leaves out what happens after the period, and its ageing adds up to the closing balance', () => {
    const s = buildStatement(entries, '2026-10-01', '2026-11-30');
    expect(s.lines.some((l) => l.reference === 'INV-4')).toBe(false);
    const { current, days1to30, days31to60, days61to90, over90 } = s.ageing;
    expect(current + days1to30 + days31to60 + days61to90 + over90).toBe(s.closingCents);
    // INV-1 (60 left) was due 1 October: 60 days late on 30 November; INV-2 (200 left) 21 days late.
    expect(s.ageing).toEqual({ current: 0, days1to30: 200_00, days31to60: 60_00, days61to90: 0, over90: 0 });
  });

  it('counts days past due from the day after the due day, and buckets at 30, 60 and 90', () => {
    expect(daysOverdue('2026-11-09', '2026-11-09')).toBe(0);
    expect(daysOverdue('2026-11-09', '2026-11-01')).toBe(0);
    expect(daysOverdue('2026-11-09', '2026-11-10')).toBe(1);
    expect(daysOverdue('2026-02-27', '2026-03-01')).toBe(2);
    expect([0, 1, 30, 31, 60, 61, 90, 91].map(ageingBucket)).toEqual(['current', 'days1to30', 'days1to30', 'days31to60', 'days31to60', 'days61to90', 'days61to90', 'over90']);
  });

  it('drops invoices paid in full and counts an over-payment as a current credit', () => {
    const list = [invoice('A', '2026-01-01', 10_00, '2026-01-31'), payment('P', '2026-01-05', 10_00, 'A'), invoice('B', '2026-01-01', 5_00, '2026-01-31'), payment('Q', '2026-01-05', 7_00, 'B')];
    expect([...outstandingByInvoice(list, '2026-06-30').keys()]).toEqual(['B']);
    expect(ageingOf(list, '2026-06-30')).toEqual({ current: -2_00, days1to30: 0, days31to60: 0, days61to90: 0, over90: 0 });
  });

  it('puts an invoice before a payment of the same day, whatever order they come in', () => {
    const s = buildStatement([payment('PAY', '2026-03-03', 10_00, 'INV'), invoice('INV', '2026-03-03', 10_00, '2026-04-02')], '2026-03-01', '2026-03-31');
    expect(s.lines.map((l) => l.balanceCents)).toEqual([10_00, 0]);
  });

  it('an empty period keeps the opening balance as the closing one', () => {
    const s = buildStatement(entries, '2027-01-01', '2027-01-31');
    expect(s.lines).toEqual([]);
    expect(s.closingCents).toBe(s.openingCents);
    expect(s.openingCents).toBe(60_00 + 200_00 + 999_00);
    expect(s.ageing.days31to60 + s.ageing.days1to30 + s.ageing.days61to90 + s.ageing.over90 + s.ageing.current).toBe(s.closingCents);
  });

  it('reminds on the due day and 7 days after', () => {
    expect(reminderDays('2026-12-28')).toEqual({ due: '2026-12-28', overdue: '2027-01-04' });
  });

  it('adds a refund back: goods returned after the invoice was paid leave nothing owed, not a credit', () => {
    const refund: StatementEntry = { kind: 'refund', day: '2026-10-20', reference: 'Refund', invoice: 'INV-9', amountCents: 30_00 };
    const s = buildStatement(
      [invoice('INV-9', '2026-10-01', 100_00, '2026-10-31'), payment('PAY-9', '2026-10-05', 100_00, 'INV-9'), credit('CN-9', '2026-10-20', 30_00, 'INV-9'), refund],
      '2026-10-01',
      '2026-10-31',
    );
    expect(s.lines.map((l) => [l.kind, l.debitCents, l.creditCents, l.balanceCents])).toEqual([
      ['invoice', 100_00, 0, 100_00],
      ['payment', 0, 100_00, 0],
      ['credit_note', 0, 30_00, -30_00],
      ['refund', 30_00, 0, 0],
    ]);
    expect(s.ageing).toEqual({ current: 0, days1to30: 0, days31to60: 0, days61to90: 0, over90: 0 });
  });

  it('takes the last 90 days to today without a period, and refuses odd ones with the reason', () => {
    const today = '2026-11-29';
    expect(statementPeriod({}, today)).toEqual({ from: '2026-09-01', to: today });
    expect(statementPeriod({ to: '2026-10-31' }, today)).toEqual({ from: '2026-08-03', to: '2026-10-31' });
    expect(statementPeriod({ from: '2026-01-01' }, today)).toEqual({ from: '2026-01-01', to: today });
    expect(statementPeriod({ from: '2021-11-29', to: today }, today)).toEqual({ from: '2021-11-29', to: today });
    expect(statementPeriod({ from: '2021-11-28', to: today }, today)).toEqual({ problem: 'A statement covers at most 5 years' });
    expect(statementPeriod({ from: '2026-11-30', to: today }, today)).toEqual({ problem: 'from must not be after to' });
    expect(statementPeriod({ to: '2026-11-30' }, today)).toEqual({ problem: 'to must not be after today' });
    expect(statementPeriod({ from: '2026-02-30' }, today)).toEqual({ problem: 'from must be a date as YYYY-MM-DD' });
    expect(statementPeriod({ to: 'yesterday' }, today)).toEqual({ problem: 'to must be a date as YYYY-MM-DD' });
  });
});
