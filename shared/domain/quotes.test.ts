import { describe, expect, it } from 'vitest';
import { gstIncludedIn } from './gst';
import { acceptRefusal, daysFromToday, endOfSgDay, isCalendarDate, quoteStatus, quoteTotals, sgDateOf, sgToday } from './quotes';

describe('quote rules', () => {
  const now = new Date('2026-11-26T04:00:00.000Z'); // 12:00 in Singapore

  it('shows a sent quote as expired once its validity has passed, and nothing else', () => {
    const past = new Date(now.getTime() - 1);
    expect(quoteStatus('quoted', past, now)).toBe('expired');
    expect(quoteStatus('quoted', new Date(now.getTime() + 1), now)).toBe('quoted');
    expect(quoteStatus('accepted', past, now)).toBe('accepted');
    expect(quoteStatus('declined', past, now)).toBe('declined');
    expect(quoteStatus('requested', null, now)).toBe('requested');
  });

  it('keeps a quote valid to the end of its day in Singapore', () => {
    const end = endOfSgDay('2026-11-30');
    expect(end.toISOString()).toBe('2026-11-30T15:59:59.999Z');
    expect(sgDateOf(end)).toBe('2026-11-30');
    expect(sgToday(new Date('2026-11-26T16:30:00.000Z'))).toBe('2026-11-27');
    expect(daysFromToday('2026-11-30', now)).toBe(4);
    expect(daysFromToday('2026-11-25', now)).toBe(-1);
  });

  it('knows a calendar date', () => {
    expect(isCalendarDate('2026-02-28')).toBe(true);
    expect(isCalendarDate('2026-02-29')).toBe(false);
    expect(isCalendarDate('2026-2-1')).toBe(false);
    expect(isCalendarDate('tomorrow')).toBe(false);
  });

  it('gives the reason a quote cannot be accepted', () => {
    expect(acceptRefusal({ status: 'quoted', validUntil: endOfSgDay('2026-11-26') }, now)).toBeNull();
    expect(acceptRefusal({ status: 'requested', validUntil: null }, now)).toBe('This quote has not been priced yet');
    expect(acceptRefusal({ status: 'accepted', validUntil: null, orderNumber: 'PS-1' }, now)).toBe('This quote was already accepted (order PS-1)');
    expect(acceptRefusal({ status: 'declined', validUntil: null }, now)).toBe('This quote was declined');
    expect(acceptRefusal({ status: 'quoted', validUntil: endOfSgDay('2026-11-25') }, now)).toBe('This quote expired on 25 November 2026. Ask us for a new one.');
  });

  it('totals quoted prices as the cart does, GST inside the total', () => {
    const t = quoteTotals([{ quantity: 100, unitCents: 650 }, { quantity: 4, unitCents: 2000 }], 1200);
    expect(t).toMatchObject({ subtotalCents: 73_000, shippingCents: 1200, discountCents: 0, totalCents: 74_200, gstCents: gstIncludedIn(74_200) });
    expect(t.lines.map((l) => l.lineTotalCents)).toEqual([65_000, 8000]);
    expect(quoteTotals([{ quantity: 1, unitCents: 100 }], 0).shippingCents).toBe(0);
  });
});
