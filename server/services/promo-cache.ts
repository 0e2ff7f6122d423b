// The gift tiers and the shipping rule change rarely but every cart answer needs them. The cart
// view reads them through this short-lived cache (per database, dropped on any catalogue change);
// order placement always reads them fresh inside its transaction, so a stale view costs nothing.
import type { PrismaClient } from '@prisma/client';
import type { GiftTierRule } from '../../shared/domain/gift-tiers';
import type { ShippingRules } from '../../shared/domain/shipping';
import { onCatalogChanged } from '../lib/catalog-events';
import { loadGiftTiers } from './gift-tier-rules';
import { loadShippingRules } from './shipping-rules.service';

const TTL_MS = 5_000;
type Entry = { at: number; value: Promise<[GiftTierRule[], ShippingRules]> };
let cache = new WeakMap<object, Entry>();
onCatalogChanged(() => {
  cache = new WeakMap();
});

export function promoData(db: PrismaClient): Promise<[GiftTierRule[], ShippingRules]> {
  const hit = cache.get(db);
  if (hit && Date.now() - hit.at < TTL_MS) return hit.value;
  const value = Promise.all([loadGiftTiers(db), loadShippingRules(db)]);
  const entry = { at: Date.now(), value };
  cache.set(db, entry);
  value.catch(() => cache.get(db) === entry && cache.delete(db));
  return value;
}

/** Admin changes to tiers or shipping call this so carts see them at once. */
export function dropPromoCache(): void {
  cache = new WeakMap();
}
