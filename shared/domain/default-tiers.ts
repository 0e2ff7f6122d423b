// Default price tiers for a new variant (docs/spec/back-office.md section 5). Accessories and bubble wrap are
// bought a few at a time, so they start with a single tier; mailers start with volume breaks.
import { BUBBLE_WRAP_TYPE } from '../constants';

export interface DefaultTier {
  min_quantity: number;
  price: number;
}

const VOLUME_TIER_MINIMUMS = [25, 50, 100] as const;

function isSingleTierProduct(category: string, type: string): boolean {
  return category.trim().toLowerCase() === 'accessories' || type.trim().toLowerCase() === BUBBLE_WRAP_TYPE;
}

/** Tiers with price 0: the form marks a missing base price in orange until staff fill it in. */
export function defaultTiers(category: string, type: string): DefaultTier[] {
  if (isSingleTierProduct(category, type)) return [{ min_quantity: 1, price: 0 }];
  return VOLUME_TIER_MINIMUMS.map((min_quantity) => ({ min_quantity, price: 0 }));
}

/** The base price is the price of the tier with the lowest minimum quantity. */
export function basePriceOf<T extends { min_quantity: number; price: number }>(tiers: readonly T[]): number {
  if (tiers.length === 0) return 0;
  return [...tiers].sort((a, b) => a.min_quantity - b.min_quantity)[0].price;
}
