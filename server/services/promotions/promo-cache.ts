// The gift tiers, the shipping rule and the coupons change rarely but every cart answer and every
// coupon check needs them. The cart view and POST /promotions/validate read them through this
// short-lived cache (per database, dropped on any catalogue change, which other instances hear
// through LISTEN/NOTIFY); order placement always reads them fresh inside its transaction, so a
// stale view costs nothing.
import type { PrismaClient } from '@prisma/client';
import type { CouponRule } from '../../../shared/domain/coupon';
import type { GiftTierRule } from '../../../shared/domain/gift-tiers';
import type { ShippingRules } from '../../../shared/domain/shipping';
import { BoundedCache, dbKeyOf } from '../../lib/bounded-cache';
import { catalogChanged, onCatalogChanged } from '../../lib/catalog-events';
import { loadGiftTiers } from './gift-tier-rules';
import { loadShippingRules } from '../settings/shipping-rules.service';

/** A coupon as findCoupon (promotions.service.ts) reads it; defined here, where it is kept, so the two do not import each other. */
export type FoundCoupon = CouponRule & { id: string; usageLimit: number | null; usageLimitPerCustomer: number | null };

const TTL_MS = 5_000;
// Codes looked up, found or not (a shopper typing a wrong code is asked about often too); bounded
// so that a flood of made-up codes cannot grow it. Both caches are the one bounded cache
// (server/lib/bounded-cache.ts), keyed by database.
const MAX_COUPON_CODES = 2_000;
const rules = new BoundedCache<[GiftTierRule[], ShippingRules]>({ maxEntries: 100, ttlMs: TTL_MS });
const coupons = new BoundedCache<FoundCoupon | null>({ maxEntries: MAX_COUPON_CODES, ttlMs: TTL_MS });
onCatalogChanged(() => {
  rules.clear();
  coupons.clear();
});

export function promoData(db: PrismaClient): Promise<[GiftTierRule[], ShippingRules]> {
  return rules.get(String(dbKeyOf(db)), () => Promise.all([loadGiftTiers(db), loadShippingRules(db)]));
}

/** A coupon by its normalised code (null when there is none), as findCoupon reads it. */
export function cachedCoupon(db: PrismaClient, code: string, load: () => Promise<FoundCoupon | null>) {
  return coupons.get(`${dbKeyOf(db)}|${code}`, load);
}

/**
 * After admin changes to tiers, shipping or coupons (noted on their unit of work; the commit
 * signal's subscriber, server/after-commit.ts, calls this after COMMIT), so carts see them at once, here and (as a catalogue change, announced by
 * catalog-sync.ts) on every other instance.
 */
export function dropPromoCache(): void {
  catalogChanged('promotions');
}
