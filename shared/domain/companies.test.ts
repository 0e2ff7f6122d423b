import { describe, expect, it } from 'vitest';
import { leavesNoAdmin, PAYMENT_TERMS_DAYS } from './companies';

describe('a company keeps an admin', () => {
  const a = { userId: 'a', role: 'admin' as const };
  const b = { userId: 'b', role: 'buyer' as const };
  const c = { userId: 'c', role: 'admin' as const };
  it('refuses taking out the only admin while others remain', () => {
    expect(leavesNoAdmin([a, b], 'a')).toBe(true);
  });
  it('allows it with another admin, or when nobody would remain', () => {
    expect(leavesNoAdmin([a, b, c], 'a')).toBe(false);
    expect(leavesNoAdmin([a], 'a')).toBe(false);
    expect(leavesNoAdmin([a, b], 'b')).toBe(false);
  });
  it('knows the terms a company may have', () => {
    expect(PAYMENT_TERMS_DAYS).toEqual([0, 7, 14, 30, 60]);
  });
});
