import { describe, expect, it } from 'vitest';
import {
  addDays,
  bucketDays,
  dayIn,
  daysInRange,
  defaultInterval,
  isCalendarDay,
  isTimeZone,
  percentChange,
  presetRange,
  previousPeriod,
  quarterRange,
  rangeBuckets,
  rangeProblem,
  startOfDay,
} from './report-range';

const iso = (d: Date) => d.toISOString();

describe('calendar days', () => {
  it('accepts real days only', () => {
    expect(isCalendarDay('2026-02-28')).toBe(true);
    expect(isCalendarDay('2028-02-29')).toBe(true);
    expect(isCalendarDay('2026-02-29')).toBe(false);
    expect(isCalendarDay('2026-13-01')).toBe(false);
    expect(isCalendarDay('2026-1-01')).toBe(false);
    expect(isCalendarDay('2026-01-01T00:00')).toBe(false);
    expect(isCalendarDay('')).toBe(false);
    expect(isCalendarDay('0000-01-01')).toBe(false);
  });

  it('adds days across months, years and leap days', () => {
    expect(addDays('2026-02-28', 1)).toBe('2026-03-01');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-01-01', -1)).toBe('2025-12-31');
    expect(daysInRange('2026-01-01', '2026-01-01')).toBe(1);
    expect(daysInRange('2026-01-01', '2026-12-31')).toBe(365);
  });
});

describe('time zones', () => {
  it('knows IANA names and refuses others', () => {
    expect(isTimeZone('Asia/Singapore')).toBe(true);
    expect(isTimeZone('America/New_York')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
    expect(isTimeZone('')).toBe(false);
  });

  it('starts a Singapore day at 16:00 UTC the day before', () => {
    expect(iso(startOfDay('2026-11-01', 'Asia/Singapore'))).toBe('2026-10-31T16:00:00.000Z');
    expect(dayIn('Asia/Singapore', new Date('2026-10-31T15:59:59Z'))).toBe('2026-10-31');
    expect(dayIn('Asia/Singapore', new Date('2026-10-31T16:00:00Z'))).toBe('2026-11-01');
  });

  it('handles zones east and west of UTC and on the half hour', () => {
    expect(iso(startOfDay('2026-06-15', 'UTC'))).toBe('2026-06-15T00:00:00.000Z');
    expect(iso(startOfDay('2026-06-15', 'Asia/Kolkata'))).toBe('2026-06-14T18:30:00.000Z');
    expect(iso(startOfDay('2026-06-15', 'Pacific/Kiritimati'))).toBe('2026-06-14T10:00:00.000Z');
    expect(iso(startOfDay('2026-06-15', 'Pacific/Pago_Pago'))).toBe('2026-06-15T11:00:00.000Z');
  });

  it('gives daylight-saving days their 23 or 25 hours (New York)', () => {
    // Clocks go forward on 8 March 2026 and back on 1 November 2026.
    expect(iso(startOfDay('2026-03-08', 'America/New_York'))).toBe('2026-03-08T05:00:00.000Z');
    expect(iso(startOfDay('2026-03-09', 'America/New_York'))).toBe('2026-03-09T04:00:00.000Z');
    expect(iso(startOfDay('2026-11-01', 'America/New_York'))).toBe('2026-11-01T04:00:00.000Z');
    expect(iso(startOfDay('2026-11-02', 'America/New_York'))).toBe('2026-11-02T05:00:00.000Z');
  });

  it('starts a day whose midnight is skipped when the day actually begins (Santiago)', () => {
    // Chile puts clocks forward at midnight: 6 September 2026 begins at 01:00 local (-03).
    const start = startOfDay('2026-09-06', 'America/Santiago');
    expect(dayIn('America/Santiago', start)).toBe('2026-09-06');
    expect(dayIn('America/Santiago', new Date(start.getTime() - 1000))).toBe('2026-09-05');
    expect(iso(start)).toBe('2026-09-06T04:00:00.000Z');
  });

  it('every start of day is the first second of that local day, over a year in several zones', () => {
    for (const tz of ['Asia/Singapore', 'Europe/London', 'Australia/Sydney', 'America/Santiago', 'Asia/Beirut']) {
      for (let d = '2026-01-01'; d <= '2026-12-31'; d = addDays(d, 7)) {
        const s = startOfDay(d, tz);
        expect(dayIn(tz, s), `${tz} ${d}`).toBe(d);
        expect(dayIn(tz, new Date(s.getTime() - 1000)), `${tz} ${d}`).toBe(addDays(d, -1));
      }
    }
  });
});

describe('ranges', () => {
  it('compares with the same number of days just before', () => {
    expect(previousPeriod({ from: '2026-11-01', to: '2026-11-07' })).toEqual({ from: '2026-10-25', to: '2026-10-31' });
    expect(previousPeriod({ from: '2026-03-01', to: '2026-03-01' })).toEqual({ from: '2026-02-28', to: '2026-02-28' });
    expect(previousPeriod({ from: '2026-01-01', to: '2026-03-31' })).toEqual({ from: '2025-10-03', to: '2025-12-31' });
  });

  it('offers the presets ending today', () => {
    const today = '2026-11-26';
    expect(presetRange('today', today)).toEqual({ from: today, to: today });
    expect(presetRange('last_7_days', today)).toEqual({ from: '2026-11-20', to: today });
    expect(presetRange('last_30_days', today)).toEqual({ from: '2026-10-28', to: today });
    expect(presetRange('this_month', today)).toEqual({ from: '2026-11-01', to: today });
    expect(presetRange('this_quarter', today)).toEqual({ from: '2026-10-01', to: today });
    expect(presetRange('this_quarter', '2026-02-10')).toEqual({ from: '2026-01-01', to: '2026-02-10' });
  });

  it('gives the calendar quarters', () => {
    expect(quarterRange(2026, 1)).toEqual({ from: '2026-01-01', to: '2026-03-31' });
    expect(quarterRange(2028, 1)).toEqual({ from: '2028-01-01', to: '2028-03-31' });
    expect(quarterRange(2026, 4)).toEqual({ from: '2026-10-01', to: '2026-12-31' });
  });

  it('says what is wrong with a range', () => {
    expect(rangeProblem('2026-01-01', '2026-01-31')).toBeNull();
    expect(rangeProblem(undefined, '2026-01-31')).toBe('from is required (YYYY-MM-DD)');
    expect(rangeProblem('2026-01-01', undefined)).toBe('to is required (YYYY-MM-DD)');
    expect(rangeProblem('2026-02-30', '2026-03-01')).toBe('from must be a date as YYYY-MM-DD');
    expect(rangeProblem('2026-01-01', 'yesterday')).toBe('to must be a date as YYYY-MM-DD');
    expect(rangeProblem('2026-02-01', '2026-01-31')).toBe('from must not be after to');
    expect(rangeProblem('2020-01-01', '2026-01-31')).toBe('A report covers at most 732 days');
  });
});

describe('buckets', () => {
  it('cuts days, Monday weeks and calendar months, the first starting at from', () => {
    const r = { from: '2026-10-29', to: '2026-11-10' };
    expect(bucketDays(r, 'day')).toHaveLength(13);
    expect(bucketDays(r, 'week')).toEqual(['2026-10-29', '2026-11-02', '2026-11-09']);
    expect(bucketDays(r, 'month')).toEqual(['2026-10-29', '2026-11-01']);
  });

  it('bounds each bucket by the start of its first day in the zone, and the range by the start of the day after', () => {
    const b = rangeBuckets({ from: '2026-11-01', to: '2026-11-02' }, 'day', 'Asia/Singapore');
    expect(b.days).toEqual(['2026-11-01', '2026-11-02']);
    expect(b.bounds.map(iso)).toEqual(['2026-10-31T16:00:00.000Z', '2026-11-01T16:00:00.000Z', '2026-11-02T16:00:00.000Z']);
  });

  it('picks a readable interval for the length', () => {
    expect(defaultInterval({ from: '2026-11-01', to: '2026-11-30' })).toBe('day');
    expect(defaultInterval({ from: '2026-01-01', to: '2026-03-31' })).toBe('week');
    expect(defaultInterval({ from: '2026-01-01', to: '2026-12-31' })).toBe('month');
  });

  it('gives the change in percent, and null where there was nothing to compare with', () => {
    expect(percentChange(150, 100)).toBe(50);
    expect(percentChange(50, 100)).toBe(-50);
    expect(percentChange(1, 3)).toBe(-66.7);
    expect(percentChange(0, 0)).toBe(0);
    expect(percentChange(5, 0)).toBeNull();
  });
});
