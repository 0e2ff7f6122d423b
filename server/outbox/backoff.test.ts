import { describe, expect, it } from 'vitest';
import { backoffMs } from './backoff';

describe('backoffMs', () => {
  it('doubles from 30 seconds after each failure', () => {
    expect([1, 2, 3, 4].map(backoffMs)).toEqual([30_000, 60_000, 120_000, 240_000]);
  });
  it('is capped at six hours', () => {
    expect(backoffMs(30)).toBe(6 * 3600_000);
  });
});
