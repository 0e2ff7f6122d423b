// The unit-price rule of docs/spec/storefront.md section 5, used by the product page, the cart and orders.
import { toDollars } from './money';

/** Tiers ordered with the highest minimum first, as the rule expects. */
export function sortTiersDescending<T extends { min_quantity: number }>(tiers: readonly T[]): T[] {
  return [...tiers].sort((a, b) => b.min_quantity - a.min_quantity);
}

/**
 * Unit price for a quantity: the first tier (highest minimum first) whose min_quantity is at most
 * the quantity; otherwise the last tier (the one with the lowest minimum).
 */
export function unitPriceFor<T extends { min_quantity: number; price: number }>(tiers: readonly T[], quantity: number): number {
  const sorted = sortTiersDescending(tiers);
  if (sorted.length === 0) return 0;
  const tier = sorted.find((t) => t.min_quantity <= quantity) ?? sorted[sorted.length - 1];
  return tier.price;
}

/** Line total in the same unit as the tier prices (cents on the server). */
export function lineTotalFor<T extends { min_quantity: number; price: number }>(tiers: readonly T[], quantity: number): number {
  return unitPriceFor(tiers, quantity) * quantity;
}

/** The "from $X to $Y" of a product: its variants' base prices in cents, as dollars; 0-0 with none. */
export function priceRangeOf(basePricesCents: readonly number[]): { min: number; max: number } {
  if (basePricesCents.length === 0) return { min: 0, max: 0 };
  return { min: Math.min(...basePricesCents) / 100, max: Math.max(...basePricesCents) / 100 };
}

/**
 * Nothing is sold for nothing: a variant can be carted or ordered at a quantity only when the unit
 * price that quantity gets is positive (no tiers at all, or a tier priced 0, means "no price yet").
 */
export function hasPositivePrice<T extends { min_quantity: number; price: number }>(tiers: readonly T[], quantity: number): boolean {
  return unitPriceFor(tiers, quantity) > 0;
}

/** The message a shopper sees for a variant that has no price yet. */
export const notForSaleMessage = (label: string) => `Sorry, ${label} has no price yet and cannot be ordered. Please contact us for a quote.`;

/** Price tiers as the product CSV writes them, "10:0.50|100:0.45" (read back by the product import). */
export const formatTiers = (tiers: readonly { minQuantity: number; priceCents: number }[]) =>
  [...tiers].sort((a, b) => a.minQuantity - b.minQuantity).map((t) => `${t.minQuantity}:${toDollars(t.priceCents)}`).join('|');
