import type { Prisma, PrismaClient } from '@prisma/client';
import { checkCoupon, normaliseCouponCode, usesLeft, type CouponCheck, type CouponRule } from '../../../shared/domain/coupon';
import { availableGiftTiers } from '../../../shared/domain/gift-tiers';
import { toCents, toDollars } from '../../../shared/domain/money';
import type { validateCouponInput } from '../../../shared/schemas/promotions.schema';
import type { z } from 'zod';
import type { CouponAttempts, CouponCaller } from '../../auth/coupon-attempts';
import { giftTierDto } from './gift-tier-dto';
import { cachedCoupon, promoData, type FoundCoupon } from './promo-cache';
import { couponUses } from './promotions.sql';

type Db = Prisma.TransactionClient;
export type { FoundCoupon };

/** The columns of a coupon the rules need (shared/domain/coupon.ts) and its limits. */
export const couponSelect = {
  code: true,
  type: true,
  value: true,
  minOrderCents: true,
  validFrom: true,
  validTo: true,
  isActive: true,
  id: true,
  usageLimit: true,
  usageLimitPerCustomer: true,
} as const;

async function findCoupon(db: Db, code: string): Promise<FoundCoupon | null> {
  const c = await db.coupon.findUnique({ where: { code: normaliseCouponCode(code) }, select: couponSelect });
  return c ? { ...c, type: c.type } : null;
}

// Order placement reads the use count from here too.
export { couponUses };

/** The coupon with its uses left (read only when it has a limit); the per-customer figure needs an e-mail. */
export async function findCouponWithUses(db: Db, code: string, email: string | null): Promise<FoundCoupon | null> {
  const c = await findCoupon(db, code);
  if (!c || (c.usageLimit == null && (c.usageLimitPerCustomer == null || !email))) return c;
  const used = await couponUses(db, c.id, email);
  return { ...c, usesLeft: usesLeft(c.usageLimit, used.total), customerUsesLeft: email ? usesLeft(c.usageLimitPerCustomer, used.byCustomer) : null };
}

/**
 * findCoupon through the short-lived promotions cache: for answers that are views (cart, validate),
 * never for placing an order. A coupon with a total limit carries its uses left as of the read.
 */
export function findCouponCached(db: Db, code: string): Promise<FoundCoupon | null> {
  const normalised = normaliseCouponCode(code);
  return cachedCoupon(db as PrismaClient, normalised, () => findCouponWithUses(db, normalised, null));
}

const appliedCouponDto = (c: Pick<CouponRule, 'code' | 'type' | 'value'>) => ({
  code: c.code,
  type: c.type,
  value: c.type === 'percent' ? c.value / 100 : toDollars(c.value),
});

/** A refusal that counts as a guess: the code is not live, or nothing is left of it. */
export const isFailedAttempt = (check: CouponCheck): boolean => !check.valid && check.reason !== 'minimum';

/**
 * POST /promotions/validate: what a code is worth on a given subtotal. Never throws for a bad code,
 * but a caller who has tried too many codes that do not exist gets 429 (coupon-attempts.ts).
 */
export async function validateCoupon(db: Db, input: z.infer<typeof validateCouponInput>, guard: { attempts: CouponAttempts; caller: CouponCaller }, now = new Date()) {
  guard.attempts.assertAllowed(guard.caller);
  const subtotalCents = toCents(input.order_subtotal);
  const [allTiers] = await promoData(db as PrismaClient);
  const tiers = availableGiftTiers(allTiers, subtotalCents).map(giftTierDto);
  const coupon = await findCouponCached(db, input.coupon_code);
  const check = checkCoupon(coupon, subtotalCents, now);
  if (!check.valid || !coupon) {
    if (isFailedAttempt(check)) await guard.attempts.failed(guard.caller);
    return { valid: false, applied_coupon: null, discount_amount: 0, available_gift_tiers: tiers, error_message: check.valid ? null : check.error };
  }
  return {
    valid: true,
    applied_coupon: appliedCouponDto(coupon),
    discount_amount: toDollars(check.discountCents),
    available_gift_tiers: tiers,
    error_message: null,
  };
}
