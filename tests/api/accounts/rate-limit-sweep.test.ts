import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sweepExpiredRateLimits } from '../../../server/auth/rate-limit-sweep';
import { createTestApp, type TestApp } from '../../setup/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('expired rate-limit rows', () => {
  it('the limiters start no timer of their own', () => {
    // The library's per-limiter sweep would outlive the app and fail on a dropped or restarting database.
    expect((t.deps.limiters.loginByIp as unknown as { _clearExpiredTimeoutId?: unknown })._clearExpiredTimeoutId).toBeUndefined();
  });

  it('one sweep removes the rows expired over an hour ago and keeps the rest', async () => {
    const now = new Date();
    const ago = (min: number) => new Date(now.getTime() - min * 60_000);
    await t.db.rateLimit.createMany({
      data: [
        { key: 'sweep:old', points: 3, expire: ago(61) },
        { key: 'sweep:recent', points: 3, expire: ago(59) },
        { key: 'sweep:live', points: 3, expire: new Date(now.getTime() + 60_000) },
        { key: 'sweep:forever', points: 3, expire: null },
      ],
    });
    expect(await sweepExpiredRateLimits(t.db, now)).toBe(1);
    const left = await t.db.rateLimit.findMany({ where: { key: { startsWith: 'sweep:' } }, select: { key: true }, orderBy: { key: 'asc' } });
    expect(left.map((r) => r.key)).toEqual(['sweep:forever', 'sweep:live', 'sweep:recent']);
  });

  it('a limiter still counts and refuses with its rows in the table', async () => {
    const limiter = t.deps.limiters.contactByIp;
    for (let i = 0; i < 5; i++) await limiter.consume('sweep-ip');
    await expect(limiter.consume('sweep-ip')).rejects.toMatchObject({ remainingPoints: 0 });
  });
});
