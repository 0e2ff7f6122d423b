import type { Prisma } from '@prisma/client';
import type { GiftTierRule } from '../../../shared/domain/gift-tiers';

// Reading the gift tiers in the shape of the pure rules: used through the short-lived cache by the
// cart view and coupon validation (promo-cache.ts), and fresh inside the transaction by orders.

type Db = Prisma.TransactionClient;

/** A tier's own columns, read by the back office's tier list and by the rules. */
export const tierColumns = { id: true, name: true, spendingThresholdCents: true, giftLimit: true, isActive: true } as const;

const tierSelect = {
  ...tierColumns,
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
