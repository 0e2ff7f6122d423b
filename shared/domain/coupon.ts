// When a coupon applies and what it is worth. Amounts in cents; percent values are hundredths
// of a percent (1000 = 10%), as stored.

export interface CouponRule {
  code: string;
  type: 'percent' | 'fixed';
  value: number;
  minOrderCents: number;
  validFrom: Date;
  validTo: Date;
  isActive: boolean;
}

export type CouponCheck = { valid: true; discountCents: number } | { valid: false; error: string };

export const COUPON_MESSAGES = {
  blank: 'Please enter a coupon code',
  invalid: 'Invalid coupon code',
  inactive: 'This coupon is no longer active',
  notStarted: 'This coupon is not valid yet',
  expired: 'This coupon has expired',
  minimum: (min: string) => `This coupon needs a minimum order of ${min}`,
  noLongerQualifies: 'Coupon removed: cart no longer qualifies',
} as const;

const SG_OFFSET_MS = 8 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The last instant a coupon is valid. An end set as a plain date (midnight in Singapore) means
 * "through that day", so it lasts until 23:59:59.999 Singapore time; any other time is exact.
 */
export function couponEndsAt(validTo: Date): Date {
  const sgMs = validTo.getTime() + SG_OFFSET_MS;
  return sgMs % DAY_MS === 0 ? new Date(validTo.getTime() + DAY_MS - 1) : validTo;
}

/** The discount in cents: percent capped at 100 %, fixed capped at the subtotal. */
export function couponDiscount(rule: Pick<CouponRule, 'type' | 'value'>, subtotalCents: number): number {
  if (subtotalCents <= 0) return 0;
  if (rule.type === 'percent') {
    const pct = Math.min(Math.max(rule.value, 0), 10_000);
    return Math.round((subtotalCents * pct) / 10_000);
  }
  return Math.min(Math.max(rule.value, 0), subtotalCents);
}

export function checkCoupon(
  rule: CouponRule | null,
  subtotalCents: number,
  now: Date,
  formatCents: (cents: number) => string = (c) => `$${(c / 100).toFixed(2)}`,
): CouponCheck {
  if (!rule) return { valid: false, error: COUPON_MESSAGES.invalid };
  if (!rule.isActive) return { valid: false, error: COUPON_MESSAGES.inactive };
  if (now < rule.validFrom) return { valid: false, error: COUPON_MESSAGES.notStarted };
  if (now > couponEndsAt(rule.validTo)) return { valid: false, error: COUPON_MESSAGES.expired };
  if (subtotalCents < rule.minOrderCents) return { valid: false, error: COUPON_MESSAGES.minimum(formatCents(rule.minOrderCents)) };
  return { valid: true, discountCents: couponDiscount(rule, subtotalCents) };
}

/** Codes are stored upper-cased; shoppers type them any way. */
export const normaliseCouponCode = (code: string): string => code.trim().toUpperCase();
