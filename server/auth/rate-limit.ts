import type { PrismaClient } from '@prisma/client';
import { RateLimiterPrisma, RateLimiterRes } from 'rate-limiter-flexible';
import { AppError } from '../../shared/errors';

/**
 * Rate limits whose counters live in the database (RateLimit table), so several app instances
 * share them and a restart does not reset them.
 */
export interface RateLimiters {
  loginByEmail: RateLimiterPrisma;
  loginByIp: RateLimiterPrisma;
  contactByIp: RateLimiterPrisma;
  chatBySession: RateLimiterPrisma;
  registerByIp: RateLimiterPrisma;
  resetByIp: RateLimiterPrisma;
  resetByEmail: RateLimiterPrisma;
}

// RATE_LIMIT_SCALE multiplies every allowance; only `npm run bench` raises it, so that it can
// measure the login path itself rather than the 429 answer.
const scale = Math.max(1, Number(process.env.RATE_LIMIT_SCALE ?? 1) || 1);

export function createRateLimiters(db: PrismaClient): RateLimiters {
  const make = (keyPrefix: string, points: number, duration: number) =>
    new RateLimiterPrisma({ storeClient: db, tableName: 'rateLimit', keyPrefix, points: points * scale, duration });
  return {
    loginByEmail: make('login_email', 10, 15 * 60),
    loginByIp: make('login_ip', 50, 15 * 60),
    registerByIp: make('register_ip', 20, 60 * 60),
    contactByIp: make('contact_ip', 5, 10 * 60),
    chatBySession: make('chat', 20, 60),
    // Password reset requests: a mailbox is not flooded, and one address cannot probe many e-mails.
    resetByIp: make('reset_ip', 10, 60 * 60),
    resetByEmail: make('reset_email', 3, 60 * 60),
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
        const minutes = Math.max(1, Math.ceil(err.msBeforeNext / 60000));
        throw new AppError('TOO_MANY_REQUESTS', `${message} Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`);
      }
      // The Prisma store is read-then-write: two first hits on one key can collide on the
      // primary key. Retrying once more reads the row the other request created.
    }
  }
}

/** Clears a key, e.g. after a successful login. */
export async function reset(limiter: RateLimiterPrisma, key: string): Promise<void> {
  await limiter.delete(key).catch(() => undefined);
}
