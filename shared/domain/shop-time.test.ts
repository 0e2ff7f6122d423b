import { describe, expect, it } from 'vitest';
import { formatCalendarDay, formatShopDate, formatShopDateTime, formatShopDateTimeSeconds, shopDay, shopDayRange, startOfShopDay } from './shop-time';

// Issue 38, point 14: times were shown in the browser's or server's zone (UTC on a server), so an
// order placed at 7:30 am in Singapore read as the day before.

describe('the shop keeps Singapore time', () => {
  const early = new Date('2026-11-27T23:30:00Z'); // 7:30 am on 28 November in Singapore

  it('dates a moment by its Singapore day, whatever the zone of the process', () => {
    expect(formatShopDate(early)).toBe('28 November 2026');
    expect(formatShopDate(early.toISOString())).toBe('28 November 2026');
    expect(shopDay(early)).toBe('2026-11-28');
    expect(shopDay(new Date('2026-11-28T15:59:59Z'))).toBe('2026-11-28');
    expect(shopDay(new Date('2026-11-28T16:00:00Z'))).toBe('2026-11-29');
  });

  it('names the time as Singapore time, with a lower-case am or pm', () => {
    expect(formatShopDateTime(early)).toBe('28 Nov 2026, 7:30 am SGT');
    expect(formatShopDateTime('2026-11-28T10:36:00Z')).toBe('28 Nov 2026, 6:36 pm SGT');
    expect(formatShopDateTimeSeconds('2026-11-28T10:36:07Z')).toBe('28 Nov 2026, 6:36:07 pm SGT');
  });

  it('writes a calendar day as people read it and bounds a range of days', () => {
    expect(formatCalendarDay('2026-12-01')).toBe('1 December 2026');
    expect(startOfShopDay('2026-11-28').toISOString()).toBe('2026-11-27T16:00:00.000Z');
    expect(shopDayRange('2026-11-28', '2026-11-28')).toEqual({ gte: new Date('2026-11-27T16:00:00.000Z'), lt: new Date('2026-11-28T16:00:00.000Z') });
    expect(shopDayRange(undefined, '2026-12-31')).toEqual({ lt: new Date('2026-12-31T16:00:00.000Z') });
    expect(shopDayRange()).toEqual({});
  });
});
