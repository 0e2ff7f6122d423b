import type { PrismaClient } from '@prisma/client';
import { RateLimiterPrisma, RateLimiterRes } from 'rate-limiter-flexible';
import { AppError } from '../../shared/errors';
import { rateLimited } from '../lib/metrics';
import { COUPON_ATTEMPTS_PER_IP, COUPON_ATTEMPTS_PER_SESSION, COUPON_ATTEMPTS_WINDOW_S, CouponAttempts } from './coupon-attempts';

/**
 * Rate limits whose counters live in the database (RateLimit table), so several app instances
 * share them and a restart does not reset them.
 *
 * Login (docs/decisions/0016-login-rate-limit.md): the strict limit is per e-mail AND client
 * address, so failures from one address never lock the owner out from another; per e-mail there is
 * only a growing, bounded delay (loginDelayMs), never a lock-out.
 */
export interface RateLimiters {
  /** Attempts for one e-mail from one address; reset by a successful login. */
  loginByEmailAndIp: RateLimiterPrisma;
  /** Attempts from one address, whatever the e-mail. */
  loginByIp: RateLimiterPrisma;
  /** Failed logins for one e-mail from anywhere: a counter that sets the delay, never a 429. */
  loginFailuresByEmail: RateLimiterPrisma;
  /** Failures per e-mail that get no delay: one address's whole allowance (times the scale). */
  loginFreeFailures: number;
  contactByIp: RateLimiterPrisma;
  chatBySession: RateLimiterPrisma;
  registerByIp: RateLimiterPrisma;
  /** Requests per API key (by the key's hash), checked at the edge with a Retry-After answer. */
  apiKey: RateLimiterPrisma;
  resetByIp: RateLimiterPrisma;
  resetByEmail: RateLimiterPrisma;
  /** Failed coupon codes per address and per session, on every door (coupon-attempts.ts). */
  couponAttempts: CouponAttempts;
  /** New guest carts per address (decision 0163): only making a cart counts, never using one. */
  guestCartByIp: RateLimiterPrisma;
}

export interface RateLimitOptions {
  /**
   * Multiplies every allowance (RATE_LIMIT_SCALE, read in server/env.ts); only `npm run bench` and
   * the e2e server raise it, so that they measure the path itself rather than the 429 answer.
   */
  scale?: number;
}

export const LOGIN_ATTEMPTS_PER_EMAIL_AND_IP = 10;
export const API_KEY_REQUESTS_PER_MINUTE = 600;
/**
 * New guest carts one address may start per window (decision 0163). A cart is made by a browser
 * tab's first add, so a shopper makes one or two; 20 in 15 minutes lets a household or an office of
 * twenty behind one NAT start theirs at once, and holds a script to 80 an hour instead of 300 a second.
 */
export const GUEST_CARTS_PER_IP = 20;
export const GUEST_CARTS_WINDOW_S = 15 * 60;
const TOO_MANY_GUEST_CARTS = 'Too many new shopping carts have been started from your network.';
const LOGIN_DELAY_FIRST_MS = 500;
export const LOGIN_DELAY_MAX_MS = 8_000;

/**
 * The wait before a login for an e-mail with this many recent failures is checked: none while the
 * failures fit in one address's allowance, then 0.5 s doubling per further failure, at most 8 s.
 * Bounded, so the owner with the right password always gets in, a few seconds late at worst.
 */
export function loginDelayMs(failures: number, freeFailures = LOGIN_ATTEMPTS_PER_EMAIL_AND_IP): number {
  if (failures <= freeFailures) return 0;
  const doublings = Math.min(failures - freeFailures - 1, 10);
  return Math.min(LOGIN_DELAY_MAX_MS, LOGIN_DELAY_FIRST_MS * 2 ** doublings);
}

/** The library's limiter without its own sweep of expired rows: one worker does that (rate-limit-sweep.ts). */
class ShopRateLimiter extends RateLimiterPrisma {
  // Called by the library's constructor to start its per-limiter timer; here nothing starts.
  _clearExpiredHourAgo(): void {}
}

export function createRateLimiters(db: PrismaClient, opts: RateLimitOptions = {}): RateLimiters {
  const scale = Math.max(1, opts.scale ?? 1);
  const make = (keyPrefix: string, points: number, duration: number) =>
    new ShopRateLimiter({ storeClient: db, tableName: 'rateLimit', keyPrefix, points: points * scale, duration });
  return {
    loginByEmailAndIp: make('login_email_ip', LOGIN_ATTEMPTS_PER_EMAIL_AND_IP, 15 * 60),
    loginByIp: make('login_ip', 50, 15 * 60),
    // A counter, not a limit: its points are never reached.
    loginFailuresByEmail: make('login_fail_email', 1_000_000, 60 * 60),
    loginFreeFailures: LOGIN_ATTEMPTS_PER_EMAIL_AND_IP * scale,
    registerByIp: make('register_ip', 20, 60 * 60),
    apiKey: make('api_key', API_KEY_REQUESTS_PER_MINUTE, 60),
    contactByIp: make('contact_ip', 5, 10 * 60),
    chatBySession: make('chat', 20, 60),
    // Password reset requests: a mailbox is not flooded, and one address cannot probe many e-mails.
    resetByIp: make('reset_ip', 10, 60 * 60),
    resetByEmail: make('reset_email', 3, 60 * 60),
    couponAttempts: new CouponAttempts(
      make('coupon_ip', COUPON_ATTEMPTS_PER_IP, COUPON_ATTEMPTS_WINDOW_S),
      make('coupon_session', COUPON_ATTEMPTS_PER_SESSION, COUPON_ATTEMPTS_WINDOW_S),
    ),
    guestCartByIp: make('guest_cart_ip', GUEST_CARTS_PER_IP, GUEST_CARTS_WINDOW_S),
  };
}

/** Consumes one point or throws a 429 AppError with the given message. */
export async function consume(limiter: RateLimiterPrisma, key: string, message: string): Promise<void> {
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      await limiter.consume(key);
      return;
    } catch (err) {
      if (err instanceof RateLimiterRes) {
        rateLimited.inc({ limit: limiter.keyPrefix });
        const minutes = Math.max(1, Math.ceil(err.msBeforeNext / 60000));
        const retryAfterS = Math.max(1, Math.ceil(err.msBeforeNext / 1000));
        throw new AppError('TOO_MANY_REQUESTS', `${message} Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`, retryAfterS);
      }
      // The Prisma store is read-then-write: two first hits on one key can collide on the
      // primary key. Retrying once more reads the row the other request created.
    }
  }
}

/**
 * The check run just before a guest's first cart is made, on every path that can make one (add,
 * quick order, a gift pick, a coupon): one point of this address's allowance, or a 429.
 */
export const newGuestCartCheck = (limiters: Pick<RateLimiters, 'guestCartByIp'>, ip: string) => () => consume(limiters.guestCartByIp, ip, TOO_MANY_GUEST_CARTS);

/** Points used on a key in its current window (0 when none). */
export async function used(limiter: RateLimiterPrisma, key: string): Promise<number> {
  const res = await limiter.get(key);
  return res?.consumedPoints ?? 0;
}

/** Clears a key, e.g. after a successful login. */
export async function reset(limiter: RateLimiterPrisma, key: string): Promise<void> {
  await limiter.delete(key).catch(() => undefined);
}
