import { RateLimiterRes, type RateLimiterPrisma } from 'rate-limiter-flexible';
import { AppError } from '../../shared/errors';
import { rateLimited } from '../lib/metrics';

/** Who is trying a coupon code: the client address and, when known, the session (guest id or user). */
export interface CouponCaller {
  ip: string;
  /** `user:<id>` or `guest:<id>`; null when the caller sent neither. */
  session: string | null;
}

export const COUPON_ATTEMPTS_PER_IP = 30;
export const COUPON_ATTEMPTS_PER_SESSION = 10;
export const COUPON_ATTEMPTS_WINDOW_S = 60 * 60;
const TOO_MANY = 'Too many coupon codes tried that do not exist.';
const MAX_REMEMBERED = 10_000;

export const couponSession = (userId: string | null | undefined, guestId: string | null | undefined): string | null =>
  userId ? `user:${userId}` : guestId ? `guest:${guestId}` : null;

const tooMany = (msLeft: number) => {
  const minutes = Math.max(1, Math.ceil(msLeft / 60_000));
  return new AppError('TOO_MANY_REQUESTS', `${TOO_MANY} Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`);
};

/**
 * Failed coupon attempts (unknown, inactive, not yet valid, expired or used-up codes) per client
 * address and per session, on every door: POST /promotions/validate (REST, from the cache, and tRPC),
 * applying a code to the cart, and placing an order with one. Only failures are counted, in the
 * database like the other limits, so a shopper typing a real code is never held back and several
 * instances share the count. A caller who has run out is remembered here until the window ends, so
 * a blocked caller gets 429 even for a real code without the valid path reading the database
 * (docs/decisions/0006-coupon-guessing.md).
 */
export class CouponAttempts {
  private readonly blockedUntil = new Map<string, number>();

  constructor(
    private readonly byIp: RateLimiterPrisma,
    private readonly bySession: RateLimiterPrisma,
  ) {}

  private keys(caller: CouponCaller): [RateLimiterPrisma, string][] {
    const keys: [RateLimiterPrisma, string][] = [[this.byIp, caller.ip]];
    if (caller.session) keys.push([this.bySession, caller.session]);
    return keys;
  }

  /** Throws 429 when this caller ran out of failed attempts (memory only: no database round trip). */
  assertAllowed(caller: CouponCaller): void {
    const now = Date.now();
    for (const [limiter, key] of this.keys(caller)) {
      const until = this.blockedUntil.get(`${limiter.keyPrefix}:${key}`);
      if (until === undefined) continue;
      if (until > now) throw tooMany(until - now);
      this.blockedUntil.delete(`${limiter.keyPrefix}:${key}`);
    }
  }

  /** Counts one failed attempt against the address and the session; 429 once either has none left. */
  async failed(caller: CouponCaller): Promise<void> {
    let refusal: AppError | null = null;
    for (const [limiter, key] of this.keys(caller)) {
      const msLeft = await spend(limiter, key);
      if (msLeft === null) continue;
      this.remember(`${limiter.keyPrefix}:${key}`, Date.now() + msLeft);
      refusal ??= tooMany(msLeft);
    }
    if (refusal) throw refusal;
  }

  private remember(key: string, until: number) {
    this.blockedUntil.delete(key);
    this.blockedUntil.set(key, until);
    // Bounded: the oldest block is forgotten first (the database still counts it at the next failure).
    if (this.blockedUntil.size > MAX_REMEMBERED) this.blockedUntil.delete(this.blockedUntil.keys().next().value as string);
  }
}

/** One point on the key; the ms until it frees when none was left, else null. */
async function spend(limiter: RateLimiterPrisma, key: string): Promise<number | null> {
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      await limiter.consume(key);
      return null;
    } catch (err) {
      if (err instanceof RateLimiterRes) {
        rateLimited.inc({ limit: limiter.keyPrefix });
        return err.msBeforeNext;
      }
      // The Prisma store is read-then-write: two first hits on one key can collide on the primary
      // key; the next try reads the row the other request created (as consume() in rate-limit.ts).
    }
  }
  return null;
}
