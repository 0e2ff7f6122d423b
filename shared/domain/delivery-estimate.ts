// Orders are processed in 1-2 working days and delivered in 2-5 (docs/spec/storefront.md section 1), so a
// parcel arrives 3-7 working days after the order. Working days skip Saturdays and Sundays, counted
// on the Singapore calendar whatever the server's time zone. Public holidays are not modelled.
import { DELIVERY_DAYS, PROCESSING_DAYS } from '../constants';

export interface DeliveryEstimate {
  min_days: number;
  max_days: number;
  /** '3-7 working days' */
  label: string;
  /** Singapore calendar dates, YYYY-MM-DD. */
  earliest_date: string;
  latest_date: string;
}

const SG_OFFSET_MS = 8 * 60 * 60 * 1000; // Singapore has no daylight saving

/** The Singapore calendar date of an instant, as a UTC-midnight Date for day arithmetic. */
function singaporeDay(now: Date): Date {
  const local = new Date(now.getTime() + SG_OFFSET_MS);
  return new Date(Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate()));
}

function addWorkingDays(day: Date, count: number): Date {
  const d = new Date(day);
  let left = count;
  while (left > 0) {
    d.setUTCDate(d.getUTCDate() + 1);
    const wd = d.getUTCDay();
    if (wd !== 0 && wd !== 6) left--;
  }
  return d;
}

export function deliveryEstimate(now: Date = new Date()): DeliveryEstimate {
  const min = PROCESSING_DAYS.min + DELIVERY_DAYS.min;
  const max = PROCESSING_DAYS.max + DELIVERY_DAYS.max;
  const today = singaporeDay(now);
  return {
    min_days: min,
    max_days: max,
    label: `${min}-${max} working days`,
    earliest_date: addWorkingDays(today, min).toISOString().slice(0, 10),
    latest_date: addWorkingDays(today, max).toISOString().slice(0, 10),
  };
}
