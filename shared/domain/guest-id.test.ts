import { describe, expect, it } from 'vitest';
import { isGuestId, newGuestId } from './guest-id';

describe('guest ids', () => {
  it('are made with 128 random bits and meet their own rule, different every time', () => {
    const a = newGuestId(1_764_000_000_000);
    expect(a).toMatch(/^guest_1764000000000_[0-9a-f]{32}$/);
    expect(isGuestId(a)).toBe(true);
    expect(newGuestId()).not.toBe(newGuestId());
  });

  it('refuse a random part that is too short to carry 128 bits, odd characters and other shapes', () => {
    const random32 = 'a'.repeat(32);
    expect(isGuestId(`guest_1700000000000_${random32}`)).toBe(true);
    expect(isGuestId(`guest_1700000000000_${'A_b-'.repeat(16)}`)).toBe(true);
    for (const weak of [
      'guest_1700000000000_k2j4h5g6f', // what the shop made before: Math.random, 9 base-36 characters
      `guest_1700000000000_${'a'.repeat(31)}`,
      `guest_1700000000000_${'a'.repeat(65)}`,
      'abcdefgh',
      `guest__${random32}`,
      `guest_17000x_${random32}`,
      `guest_1700000000000_${'a'.repeat(31)}=`,
      `guest_1700000000000_${'a'.repeat(31)} `,
      `Guest_1700000000000_${random32}`,
    ]) {
      expect(isGuestId(weak), weak).toBe(false);
    }
  });
});
