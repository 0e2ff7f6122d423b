import type { Prisma, PrismaClient } from '@prisma/client';
import { checkCoupon, normaliseCouponCode, type CouponRule } from '../../shared/domain/coupon';
import { availableGiftTiers, type GiftTierRule } from '../../shared/domain/gift-tiers';
import { toCents, toDollars } from '../../shared/domain/money';
import type { validateCouponInput } from '../../shared/schemas/promotions.schema';
import type { z } from 'zod';
import { giftTierDto } from './cart-view';
import { promoData } from './promo-cache';

type Db = Prisma.TransactionClient;

const couponSelect = { code: true, type: true, value: true, minOrderCents: true, validFrom: true, validTo: true, isActive: true, id: true } as const;

export async function findCoupon(db: Db, code: string): Promise<(CouponRule & { id: string }) | null> {
  const c = await db.coupon.findUnique({ where: { code: normaliseCouponCode(code) }, select: couponSelect });
  return c ? { ...c, type: c.type } : null;
}

const tierSelect = {
  id: true,
  name: true,
  spendingThresholdCents: true,
  giftLimit: true,
  isActive: true,
  items: {
    select: {
      giftItem: { select: { id: true, name: true, description: true, imageUrl: true, stockQuantity: true, allocated: true, isActive: true } },
    },
  },
} as const;

/** Active gift tiers with their gifts, in the shape of the pure rules. */
export async function loadGiftTiers(db: Db): Promise<GiftTierRule[]> {
  const tiers = await db.giftTier.findMany({ where: { isActive: true }, select: tierSelect, orderBy: { spendingThresholdCents: 'asc' } });
  return tiers.map((t) => ({
    id: t.id,
    name: t.name,
    spendingThresholdCents: t.spendingThresholdCents,
    giftLimit: t.giftLimit,
    isActive: t.isActive,
    items: t.items.map((i) => i.giftItem),
  }));
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
  const coupon = await findCoupon(db, input.coupon_code);
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
