import { AppError } from '../errors';

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
  /** Uses left in all (null or absent = unlimited); read only where the limit is checked. */
  usesLeft?: number | null;
  /** Uses left for this customer (null or absent = unlimited or customer not known). */
  customerUsesLeft?: number | null;
}

/**
 * Why a code does not apply. 'unknown' covers unknown, inactive, not yet valid and expired codes:
 * they get one identical answer, so a guess cannot tell a dead code from one that never existed
 * (docs/decisions/0006-coupon-guessing.md).
 */
type CouponFailure = 'unknown' | 'used_up' | 'used_by_customer' | 'minimum';
export type CouponCheck = { valid: true; discountCents: number } | { valid: false; error: string; reason: CouponFailure };

export const COUPON_MESSAGES = {
  blank: 'Please enter a coupon code',
  invalid: 'Invalid coupon code',
  usedUp: 'This coupon has been fully used',
  usedByCustomer: 'You have already used this coupon as many times as it allows',
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
  const fail = (reason: CouponFailure, error: string): CouponCheck => ({ valid: false, error, reason });
  if (!rule || !rule.isActive || now < rule.validFrom || now > couponEndsAt(rule.validTo)) return fail('unknown', COUPON_MESSAGES.invalid);
  if (rule.usesLeft != null && rule.usesLeft <= 0) return fail('used_up', COUPON_MESSAGES.usedUp);
  if (rule.customerUsesLeft != null && rule.customerUsesLeft <= 0) return fail('used_by_customer', COUPON_MESSAGES.usedByCustomer);
  // Shown only for a live code: guessing is limited (0006), and a shopper holding it needs the figure.
  if (subtotalCents < rule.minOrderCents) return fail('minimum', COUPON_MESSAGES.minimum(formatCents(rule.minOrderCents)));
  return { valid: true, discountCents: couponDiscount(rule, subtotalCents) };
}

/** A refusal as an error: a used-up coupon is a conflict (409), anything else a bad request (400). */
export function couponRefusal(check: Extract<CouponCheck, { valid: false }>): AppError {
  return new AppError(check.reason === 'used_up' || check.reason === 'used_by_customer' ? 'CONFLICT' : 'BAD_REQUEST', check.error);
}

/** Uses left under a limit (null = unlimited), never below 0. */
export const usesLeft = (limit: number | null | undefined, used: number): number | null => (limit == null ? null : Math.max(0, limit - used));

/** Codes are stored upper-cased; shoppers type them any way. */
export const normaliseCouponCode = (code: string): string => code.trim().toUpperCase();
