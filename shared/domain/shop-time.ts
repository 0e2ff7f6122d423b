// Every date and time a person reads (order history, the back office, e-mails, documents) is in the
// shop's time zone, whatever zone the browser or the server runs in: a Singapore buyer who ordered
// at 7 am must not see yesterday's date because a server keeps UTC. Singapore has kept UTC+8 since
// 1982 with no daylight saving, but the rules still go through Intl so the zone is named once.
import { addDays, isCalendarDay, startOfDay } from './report-range';

/** The shop's time zone (the backups' hour and the reports' default use the same one). */
export const SHOP_TIME_ZONE = 'Asia/Singapore';

const DATE = new Intl.DateTimeFormat('en-SG', { timeZone: SHOP_TIME_ZONE, day: 'numeric', month: 'long', year: 'numeric' });
const DATE_TIME = new Intl.DateTimeFormat('en-SG', { timeZone: SHOP_TIME_ZONE, day: 'numeric', month: 'short', year: 'numeric', hour: 'numeric', minute: '2-digit' });
const DATE_TIME_SECONDS = new Intl.DateTimeFormat('en-SG', { timeZone: SHOP_TIME_ZONE, day: 'numeric', month: 'short', year: 'numeric', hour: 'numeric', minute: '2-digit', second: '2-digit' });
const DAY_PARTS = new Intl.DateTimeFormat('en-US', { timeZone: SHOP_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });

const toDate = (at: Date | string) => (typeof at === 'string' ? new Date(at) : at);
// ICU writes "6:36 pm" in en-SG on some versions and "6:36 PM" on others; one spelling everywhere.
const lowerAmPm = (s: string) => s.replace(/\s?\b(am|pm)\b/gi, (m) => m.toLowerCase()).replace(/\u202f/g, ' ');

/** "28 November 2026": the long English (Singapore) date the specification asks for. */
export const formatShopDate = (at: Date | string): string => DATE.format(toDate(at));

/** "28 Nov 2026, 6:36 pm SGT": a moment, named as Singapore time so nobody reads it as their own. */
export const formatShopDateTime = (at: Date | string): string => `${lowerAmPm(DATE_TIME.format(toDate(at)))} SGT`;

/** The same with seconds, for logs a person compares (webhook deliveries). */
export const formatShopDateTimeSeconds = (at: Date | string): string => `${lowerAmPm(DATE_TIME_SECONDS.format(toDate(at)))} SGT`;

/** The shop's calendar day of a moment, YYYY-MM-DD. */
export function shopDay(at: Date | string): string {
  const parts = Object.fromEntries(DAY_PARTS.formatToParts(toDate(at)).map((p) => [p.type, p.value]));
  return `${parts.year}-${parts.month}-${parts.day}`;
}

/** A calendar day (YYYY-MM-DD) written as people read it: "28 November 2026". */
export const formatCalendarDay = (day: string): string => formatShopDate(startOfShopDay(day));

/** The first moment of a shop day. */
export const startOfShopDay = (day: string): Date => startOfDay(day, SHOP_TIME_ZONE);

/** The moments a range of shop days covers: from the first moment of `from` to just before the day after `to`. */
export function shopDayRange(from?: string, to?: string): { gte?: Date; lt?: Date } {
  return { ...(from ? { gte: startOfShopDay(from) } : {}), ...(to ? { lt: startOfShopDay(addDays(to, 1)) } : {}) };
}

export { isCalendarDay };
