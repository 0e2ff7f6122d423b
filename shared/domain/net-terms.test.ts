import { describe, expect, it } from 'vitest';
import { availableCreditCents, creditProblem, dueDay, invoiceState, offersInvoice, paymentProblem, poNumberProblem } from './net-terms';

describe('net terms', () => {
  it('offers pay on invoice only with terms', () => {
    expect(offersInvoice(0)).toBe(false);
    expect(offersInvoice(7)).toBe(true);
    expect(offersInvoice(60)).toBe(true);
  });

  it('counts the due day from the Singapore invoice day', () => {
    // 20:00 UTC on 30 Nov is 04:00 on 1 Dec in Singapore.
    expect(dueDay('2026-11-30T20:00:00Z', 30)).toBe('2026-12-31');
    expect(dueDay('2026-11-30T10:00:00Z', 30)).toBe('2026-12-30');
    expect(dueDay('2026-12-20T01:00:00Z', 14)).toBe('2027-01-03');
    expect(dueDay('2028-02-01T01:00:00Z', 30)).toBe('2028-03-02');
  });

  it('gives what a company may still order from what it owes (summed in SQL: on-account.sql.ts)', () => {
    expect(availableCreditCents(20_000, 13_000)).toBe(7_000);
    expect(availableCreditCents(10_000, 13_000)).toBe(0);
    expect(availableCreditCents(null, 13_000)).toBeNull();
  });

  it('refuses an order over the credit limit, saying what is available', () => {
    expect(creditProblem(null, 99_999_999, 1)).toBeNull();
    expect(creditProblem(200_000, 76_550, 123_450)).toBeNull();
    expect(creditProblem(200_000, 76_550, 123_451)).toBe("This order of $1,234.51 is over your company's credit limit: $1,234.50 is available.");
  });

  it('checks PO numbers', () => {
    expect(poNumberProblem('', false)).toBeNull();
    expect(poNumberProblem('', true)).toMatch(/asks for a purchase-order number/);
    expect(poNumberProblem('PO-4471', true)).toBeNull();
    expect(poNumberProblem('x'.repeat(100), true)).toBeNull();
    expect(poNumberProblem('x'.repeat(101), true)).toMatch(/at most 100/);
    expect(poNumberProblem('PO\u00001', false)).toMatch(/control characters/);
  });

  it('derives the invoice state and refuses over-payments', () => {
    expect(invoiceState({ totalCents: 5_000, paidCents: 0 })).toBe('unpaid');
    expect(invoiceState({ totalCents: 5_000, paidCents: 1 })).toBe('partially_paid');
    expect(invoiceState({ totalCents: 5_000, paidCents: 5_000 })).toBe('paid');
    expect(paymentProblem({ totalCents: 5_000, paidCents: 2_000 }, 3_000)).toBeNull();
    expect(paymentProblem({ totalCents: 5_000, paidCents: 2_000 }, 3_001)).toBe('This payment is more than the $30.00 still owed.');
    expect(paymentProblem({ totalCents: 5_000, paidCents: 5_000 }, 1)).toMatch(/already paid/);
    expect(paymentProblem({ totalCents: 5_000, paidCents: 0 }, 0)).toMatch(/positive/);
    expect(paymentProblem({ totalCents: 5_000, paidCents: 0 }, 1.5)).toMatch(/positive/);
  });
});
