import { describe, expect, it } from 'vitest';
import { checkCoupon, couponDiscount, couponEndsAt, usesLeft, type CouponRule } from './coupon';

const now = new Date('2026-06-15T04:00:00Z');
const welcome: CouponRule = {
  code: 'WELCOME10',
  type: 'percent',
  value: 1000,
  minOrderCents: 3000,
  validFrom: new Date('2026-01-01T00:00:00+08:00'),
  validTo: new Date('2026-12-31T00:00:00+08:00'),
  isActive: true,
};

describe('couponDiscount', () => {
  it('takes a percentage of the subtotal, rounded to the cent', () => {
    expect(couponDiscount(welcome, 12345)).toBe(1235);
  });
  it('caps percent at 100% and fixed at the subtotal', () => {
    expect(couponDiscount({ type: 'percent', value: 15_000 }, 5000)).toBe(5000);
    expect(couponDiscount({ type: 'fixed', value: 1500 }, 1000)).toBe(1000);
    expect(couponDiscount({ type: 'fixed', value: 1500 }, 9000)).toBe(1500);
  });
});

describe('checkCoupon', () => {
  it('applies when active, in its window and above the minimum', () => {
    expect(checkCoupon(welcome, 5000, now)).toEqual({ valid: true, discountCents: 500 });
  });
  it('gives unknown, inactive, not-yet-valid and expired codes one identical answer', () => {
    const dead = { valid: false, error: 'Invalid coupon code', reason: 'unknown' };
    expect(checkCoupon(null, 5000, now)).toEqual(dead);
    expect(checkCoupon({ ...welcome, isActive: false }, 5000, now)).toEqual(dead);
    expect(checkCoupon(welcome, 5000, new Date('2025-12-31T15:59:59Z'))).toEqual(dead);
    expect(checkCoupon(welcome, 5000, new Date('2027-01-01T00:00:00+08:00'))).toEqual(dead);
  });
  it('explains the minimum and a used-up coupon only for a live code', () => {
    expect(checkCoupon(welcome, 2999, now)).toMatchObject({ error: 'This coupon needs a minimum order of $30.00', reason: 'minimum' });
    expect(checkCoupon({ ...welcome, usesLeft: 0 }, 5000, now)).toMatchObject({ error: 'This coupon has been fully used', reason: 'used_up' });
    expect(checkCoupon({ ...welcome, customerUsesLeft: 0 }, 5000, now)).toMatchObject({ reason: 'used_by_customer' });
    expect(checkCoupon({ ...welcome, usesLeft: 1, customerUsesLeft: null }, 5000, now).valid).toBe(true);
    expect(checkCoupon({ ...welcome, isActive: false, usesLeft: 0 }, 5000, now)).toMatchObject({ reason: 'unknown' });
  });
  it('counts uses left under a limit', () => {
    expect(usesLeft(null, 5)).toBeNull();
    expect(usesLeft(3, 1)).toBe(2);
    expect(usesLeft(3, 7)).toBe(0);
  });
  it('counts a date-only end as the whole Singapore day', () => {
    expect(couponEndsAt(welcome.validTo).toISOString()).toBe('2026-12-31T15:59:59.999Z');
    expect(checkCoupon(welcome, 5000, new Date('2026-12-31T23:30:00+08:00')).valid).toBe(true);
    const exact = { ...welcome, validTo: new Date('2026-06-15T03:00:00Z') };
    expect(checkCoupon(exact, 5000, now).valid).toBe(false);
  });
});
