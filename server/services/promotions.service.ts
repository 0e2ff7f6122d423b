import type { Prisma, PrismaClient } from '@prisma/client';
import { checkCoupon, normaliseCouponCode, type CouponRule } from '../../shared/domain/coupon';
import { availableGiftTiers } from '../../shared/domain/gift-tiers';
import { toCents, toDollars } from '../../shared/domain/money';
import type { validateCouponInput } from '../../shared/schemas/promotions.schema';
import type { z } from 'zod';
import { giftTierDto } from './cart-view';
import { cachedCoupon, promoData } from './promo-cache';

type Db = Prisma.TransactionClient;

const couponSelect = { code: true, type: true, value: true, minOrderCents: true, validFrom: true, validTo: true, isActive: true, id: true } as const;

export async function findCoupon(db: Db, code: string): Promise<(CouponRule & { id: string }) | null> {
  const c = await db.coupon.findUnique({ where: { code: normaliseCouponCode(code) }, select: couponSelect });
  return c ? { ...c, type: c.type } : null;
}

/** findCoupon through the short-lived promotions cache: for answers that are views (cart, validate), never for placing an order. */
export function findCouponCached(db: Db, code: string): Promise<(CouponRule & { id: string }) | null> {
  const normalised = normaliseCouponCode(code);
  return cachedCoupon(db as PrismaClient, normalised, () => findCoupon(db, normalised));
}

export const appliedCouponDto = (c: Pick<CouponRule, 'code' | 'type' | 'value'>) => ({
  code: c.code,
  type: c.type,
  value: c.type === 'percent' ? c.value / 100 : toDollars(c.value),
});

/** POST /promotions/validate: what a code is worth on a given subtotal. Never throws for a bad code. */
export async function validateCoupon(db: Db, input: z.infer<typeof validateCouponInput>, now = new Date()) {
  const subtotalCents = toCents(input.order_subtotal);
  const [allTiers] = await promoData(db as PrismaClient);
  const tiers = availableGiftTiers(allTiers, subtotalCents).map(giftTierDto);
  const coupon = await findCouponCached(db, input.coupon_code);
  const check = checkCoupon(coupon, subtotalCents, now);
  if (!check.valid || !coupon) {
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
