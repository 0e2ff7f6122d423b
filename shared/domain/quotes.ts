// The rules of a quote that the browser and the server both follow: which status a quote shows,
// until when it can be accepted, and why it cannot be. "expired" is never stored: a quote that was
// sent and whose validity has passed is expired, so the queue, the buyer's page and the accept rule
// read one fact (validUntil) and cannot disagree with a sweeper that has not run yet.
import { cartTotals } from './cart-totals';
import { DEFAULT_SHIPPING_RULES } from './shipping';

export const QUOTE_STATUSES = ['requested', 'quoted', 'accepted', 'declined', 'expired'] as const;
export type QuoteStatus = (typeof QUOTE_STATUSES)[number];
type StoredStatus = Exclude<QuoteStatus, 'expired'>;

/** Most lines one quote holds (a cart holds fewer; staff typing SKUs are held to the same). */
export const MAX_QUOTE_LINES = 200;
/** Open requests (not yet priced) one buyer may have at once: enough for real use, not for flooding staff. */
export const MAX_OPEN_QUOTE_REQUESTS = 10;
/** Furthest ahead a quote may stay valid. */
export const MAX_QUOTE_VALIDITY_DAYS = 180;

const SG_OFFSET_MS = 8 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The status a quote shows now. */
export function quoteStatus(stored: StoredStatus, validUntil: Date | null, now = new Date()): QuoteStatus {
  return stored === 'quoted' && validUntil && validUntil.getTime() < now.getTime() ? 'expired' : stored;
}

/** Today's date in Singapore, YYYY-MM-DD. */
export const sgToday = (now = new Date()): string => new Date(now.getTime() + SG_OFFSET_MS).toISOString().slice(0, 10);

/** A quote "valid until 2026-12-31" can be accepted until the end of that day in Singapore. */
export const endOfSgDay = (date: string): Date => new Date(Date.parse(`${date}T00:00:00.000Z`) - SG_OFFSET_MS + DAY_MS - 1);

/** The Singapore calendar date of a moment (the inverse of endOfSgDay for a validity). */
export const sgDateOf = (moment: Date): string => new Date(moment.getTime() + SG_OFFSET_MS).toISOString().slice(0, 10);

/** Whether a YYYY-MM-DD is a real calendar date (2026-02-30 is not). */
export function isCalendarDate(s: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(s)) return false;
  const d = new Date(`${s}T00:00:00.000Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
}

/** Whole days from today (Singapore) to a date; negative in the past. */
export const daysFromToday = (date: string, now = new Date()): number => Math.round((Date.parse(date) - Date.parse(sgToday(now))) / DAY_MS);

const formatDate = (date: string) => new Date(`${date}T00:00:00.000Z`).toLocaleDateString('en-SG', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

export const QUOTE_MESSAGES = {
  notFound: 'Quote not found',
  emptyCart: 'Your cart is empty: add the items you want a price for first',
  tooManyLines: `A quote holds at most ${MAX_QUOTE_LINES} lines`,
  lineTooLarge: (sku: string, max: number) => `${sku}: a quote line can ask for ${max} packs at most`,
  tooManyOpen: `You already have ${MAX_OPEN_QUOTE_REQUESTS} quote requests waiting for prices. We will answer them first.`,
  notPriced: 'This quote has not been priced yet',
  accepted: (orderNumber: string | null) => `This quote was already accepted${orderNumber ? ` (order ${orderNumber})` : ''}`,
  declined: 'This quote was declined',
  expired: (validUntil: Date) => `This quote expired on ${formatDate(sgDateOf(validUntil))}. Ask us for a new one.`,
  closed: (status: QuoteStatus) => `This quote is ${status} and can no longer be changed`,
  gone: (sku: string) => `${sku} is no longer sold, so this quote cannot be accepted. Ask us for a new one.`,
  linesMismatch: 'Give a price for every line of the quote, once each',
  keyUsed: 'This Idempotency-Key was already used for another order',
} as const;

/**
 * Why a quote cannot be accepted now, or null when it can. Accepting is the one way a quote turns
 * into an order; every other state is a conflict with a reason the buyer can act on.
 */
export function acceptRefusal(q: { status: StoredStatus; validUntil: Date | null; orderNumber?: string | null }, now = new Date()): string | null {
  switch (quoteStatus(q.status, q.validUntil, now)) {
    case 'requested':
      return QUOTE_MESSAGES.notPriced;
    case 'accepted':
      return QUOTE_MESSAGES.accepted(q.orderNumber ?? null);
    case 'declined':
      return QUOTE_MESSAGES.declined;
    case 'expired':
      return QUOTE_MESSAGES.expired(q.validUntil!);
    case 'quoted':
      return null;
  }
}

/**
 * A priced quote's figures, by the cart's own computation (cart-totals.ts) with the quoted prices
 * and shipping fee: what the buyer sees on the quote is what the order will charge, GST included.
 */
export function quoteTotals(lines: readonly { quantity: number; unitCents: number }[], shippingCents: number) {
  return cartTotals(
    lines.map((l) => ({ quantity: l.quantity, weightGrams: 0, tiers: [], quotedUnitCents: l.unitCents })),
    // The rules are never read: the quoted fee replaces them.
    { rules: DEFAULT_SHIPPING_RULES, country: 'SG', discount: () => 0, quotedShippingCents: shippingCents },
  );
}
