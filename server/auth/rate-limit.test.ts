import { describe, expect, it } from 'vitest';
import { LOGIN_ATTEMPTS_PER_EMAIL_AND_IP, LOGIN_DELAY_MAX_MS, loginDelayMs } from './rate-limit';

describe('loginDelayMs', () => {
  it('is zero while the failures fit in one address’s allowance', () => {
    for (let f = 0; f <= LOGIN_ATTEMPTS_PER_EMAIL_AND_IP; f++) expect(loginDelayMs(f)).toBe(0);
  });

  it('grows with each further failure and stops at the bound', () => {
    const delays = [11, 12, 13, 14, 15, 16, 100, 1_000_000].map((f) => loginDelayMs(f));
    expect(delays).toEqual([500, 1000, 2000, 4000, 8000, 8000, LOGIN_DELAY_MAX_MS, LOGIN_DELAY_MAX_MS]);
  });

  it('follows the free allowance it is given (the scaled one for the bench)', () => {
    expect(loginDelayMs(50, 100)).toBe(0);
    expect(loginDelayMs(101, 100)).toBe(500);
  });
});
