// Date ranges of the reports, as pure functions: calendar days in the shop's time zone,
// the previous period of the same length, the presets of the range picker, and the instants that
// bound each day, week or month bucket. The database only compares "createdAt" (UTC) with the
// instants made here, so one tested piece of code decides what "a day in Singapore" is, for any
// IANA zone, daylight saving included.

export const REPORT_INTERVALS = ['day', 'week', 'month'] as const;
export type ReportInterval = (typeof REPORT_INTERVALS)[number];

export const REPORT_PRESETS = ['today', 'last_7_days', 'last_30_days', 'this_month', 'this_quarter'] as const;
export type ReportPreset = (typeof REPORT_PRESETS)[number];

/** The longest range a report covers (two years and a day, so any two calendar years fit). */
const MAX_REPORT_DAYS = 732;

export const DEFAULT_TIME_ZONE = 'Asia/Singapore';

const DAY_MS = 86_400_000;
const DAY_RE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar day written YYYY-MM-DD (2026-02-30 is not). */
export function isCalendarDay(s: string): boolean {
  const m = DAY_RE.exec(s);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (y < 1970 || y > 9999) return false;
  const t = new Date(Date.UTC(y, mo - 1, d));
  return t.getUTCFullYear() === y && t.getUTCMonth() === mo - 1 && t.getUTCDate() === d;
}

const epochDay = (day: string): number => Date.parse(`${day}T00:00:00Z`) / DAY_MS;
const dayOfEpoch = (n: number): string => new Date(n * DAY_MS).toISOString().slice(0, 10);

export const addDays = (day: string, n: number): string => dayOfEpoch(epochDay(day) + n);

/** Days from `from` to `to`, both counted: 1 for a single day. */
export const daysInRange = (from: string, to: string): number => epochDay(to) - epochDay(from) + 1;

/** Whether Intl knows the zone (the same zone names the settings accept). */
export function isTimeZone(tz: string): boolean {
  if (!tz || tz.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterFor(tz: string): Intl.DateTimeFormat {
  let f = formatters.get(tz);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { timeZone: tz, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' });
    formatters.set(tz, f);
  }
  return f;
}

/** The wall clock of `tz` at instant `t`, written as if it were UTC milliseconds (seconds precision). */
function wallClock(tz: string, t: number): number {
  const parts = formatterFor(tz).formatToParts(new Date(t));
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
}

/** The calendar day in `tz` at an instant. */
export function dayIn(tz: string, at: Date): string {
  return new Date(wallClock(tz, at.getTime())).toISOString().slice(0, 10);
}

/**
 * The first instant of `day` in `tz`. Normally local midnight; where midnight is repeated (clocks
 * put back over it) the earlier one; where it does not exist (clocks put forward at midnight, as
 * in Santiago or Beirut) the moment the day begins, i.e. the change itself.
 */
export function startOfDay(day: string, tz: string): Date {
  const wall = epochDay(day) * DAY_MS;
  // Local time = UTC + offset; try the offsets in force around that wall time.
  const offsets = new Set([-14, 0, 14].map((h) => wall + h * 3_600_000).map((t) => wallClock(tz, t) - Math.floor(t / 1000) * 1000));
  const exact = [...offsets].map((o) => wall - o).filter((t) => wallClock(tz, t) === wall);
  if (exact.length > 0) return new Date(Math.min(...exact));
  // Midnight was skipped: find the first second whose local day is `day` (binary search, ±1 day).
  let lo = wall - 2 * DAY_MS;
  let hi = wall + DAY_MS;
  while (hi - lo > 1000) {
    const mid = Math.floor((lo + hi) / 2000) * 1000;
    if (wallClock(tz, mid) >= wall) hi = mid;
    else lo = mid;
  }
  return new Date(hi);
}

export interface DayRange {
  /** First day, YYYY-MM-DD, included. */
  from: string;
  /** Last day, YYYY-MM-DD, included. */
  to: string;
}

/** The same number of days, ending the day before `from`. */
export function previousPeriod(range: DayRange): DayRange {
  const n = daysInRange(range.from, range.to);
  return { from: addDays(range.from, -n), to: addDays(range.from, -1) };
}

/** The range picker's presets, ending today (in the shop's time zone). */
export function presetRange(preset: ReportPreset, today: string): DayRange {
  const [y, m] = today.split('-').map(Number);
  switch (preset) {
    case 'today':
      return { from: today, to: today };
    case 'last_7_days':
      return { from: addDays(today, -6), to: today };
    case 'last_30_days':
      return { from: addDays(today, -29), to: today };
    case 'this_month':
      return { from: `${today.slice(0, 7)}-01`, to: today };
    case 'this_quarter': {
      const q = Math.floor((m - 1) / 3) * 3 + 1;
      return { from: `${y}-${String(q).padStart(2, '0')}-01`, to: today };
    }
  }
}

/** The three months of a calendar quarter (GST returns are quarterly). */
export function quarterRange(year: number, quarter: 1 | 2 | 3 | 4): DayRange {
  const first = (quarter - 1) * 3 + 1;
  const from = `${year}-${String(first).padStart(2, '0')}-01`;
  const nextFrom = quarter === 4 ? `${year + 1}-01-01` : `${year}-${String(first + 3).padStart(2, '0')}-01`;
  return { from, to: addDays(nextFrom, -1) };
}

/** Why a range cannot be reported on, or null when it can. */
export function rangeProblem(from: string | undefined, to: string | undefined): string | null {
  if (!from) return 'from is required (YYYY-MM-DD)';
  if (!to) return 'to is required (YYYY-MM-DD)';
  if (!isCalendarDay(from)) return 'from must be a date as YYYY-MM-DD';
  if (!isCalendarDay(to)) return 'to must be a date as YYYY-MM-DD';
  if (from > to) return 'from must not be after to';
  if (daysInRange(from, to) > MAX_REPORT_DAYS) return `A report covers at most ${MAX_REPORT_DAYS} days`;
  return null;
}

/** The first day of each bucket of a range: every day, every Monday, or every 1st; the first bucket starts at `from`. */
export function bucketDays(range: DayRange, interval: ReportInterval): string[] {
  const days: string[] = [range.from];
  for (let d = addDays(range.from, 1); d <= range.to; d = addDays(d, 1)) {
    if (interval === 'day') days.push(d);
    else if (interval === 'week' && new Date(`${d}T00:00:00Z`).getUTCDay() === 1) days.push(d);
    else if (interval === 'month' && d.endsWith('-01')) days.push(d);
  }
  return days;
}

export interface Buckets {
  /** The first day of each bucket. */
  days: string[];
  /**
   * The instants that bound the buckets, one more than `days`: bucket i holds the orders with
   * bounds[i] <= createdAt < bounds[i + 1]; the last bound is the start of the day after `to`.
   */
  bounds: Date[];
}

/** Bucket days and their bounding instants in `tz`. */
export function rangeBuckets(range: DayRange, interval: ReportInterval, tz: string): Buckets {
  const days = bucketDays(range, interval);
  const bounds = [...days, addDays(range.to, 1)].map((d) => startOfDay(d, tz));
  return { days, bounds };
}

/** The interval a chart of this many days reads best with, when none is asked for. */
export function defaultInterval(range: DayRange): ReportInterval {
  const n = daysInRange(range.from, range.to);
  return n <= 62 ? 'day' : n <= 190 ? 'week' : 'month';
}

/** The change from `previous` to `current` in percent, rounded to one decimal; null when there was nothing before. */
export function percentChange(current: number, previous: number): number | null {
  if (previous === 0) return current === 0 ? 0 : null;
  return Math.round(((current - previous) / Math.abs(previous)) * 1000) / 10;
}
