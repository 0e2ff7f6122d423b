import { describe, expect, it, vi } from 'vitest';
import { idempotencyKeySchema } from '../schemas/order.schema';
import { newIdempotencyKey } from './idempotency-key';

describe('checkout idempotency keys', () => {
  it('carry 128 random bits and meet the server rule (8 to 200 visible ASCII)', () => {
    const key = newIdempotencyKey();
    expect(key).toMatch(/^order_[0-9a-f]{32}$/);
    expect(idempotencyKeySchema.safeParse(key)).toEqual({ success: true, data: key });
  });

  it('come from the cryptographic generator, not Math.random or the clock', () => {
    const random = vi.spyOn(Math, 'random').mockReturnValue(0.5);
    const now = vi.spyOn(Date, 'now').mockReturnValue(1_764_000_000_000);
    const secure = vi.spyOn(crypto, 'getRandomValues');
    try {
      const keys = new Set(Array.from({ length: 50 }, () => newIdempotencyKey()));
      expect(keys.size).toBe(50);
      expect(random).not.toHaveBeenCalled();
      expect(secure).toHaveBeenCalledTimes(50);
    } finally {
      for (const spy of [random, now, secure]) spy.mockRestore();
    }
  });
});
