// Contract prices (issue 40, item 3): what a company's buyer pays for a variant. One pure rule used by
// every place that reads a price (listing, product page, cart, placement, quotes) so they cannot
// disagree. Money is integer cents (docs/architecture.md section 12).
import { toDollars } from './money';

export type Tier = { min_quantity: number; price: number };

/** Tiers in cents as the API writes them, in dollars. */
export const tiersInDollars = (tiers: readonly Tier[]): Tier[] => tiers.map((t) => ({ min_quantity: t.min_quantity, price: toDollars(t.price) }));

/**
 * A price list as the services see it once resolved for a caller: the percentage off the list price
 * for every variant it does not name, in basis points (12.5 % = 1250) so no float ever touches money,
 * and the variants it names with their own tiers (cents).
 */
export type ResolvedPriceList = {
  id: string;
  percentOffBasisPoints: number;
  prices: ReadonlyMap<string, readonly Tier[]>;
};

/** The highest percentage off: 100 % would price everything at 0, which the shop reads as "no price yet". */
const MAX_PERCENT_OFF_BASIS_POINTS = 9999;

/**
 * The list price less the percentage, rounded half up to a whole cent, and never below 1 cent: a
 * discount may make a thing cheap but never free (a 0 price means "not for sale", see pricing.ts).
 * Half up rather than banker's rounding because the buyer reads the percentage off each unit price
 * and expects 0.5 cent to go the way a shop's till goes; integer arithmetic keeps it exact.
 */
export function percentOff(priceCents: number, basisPoints: number): number {
  if (priceCents <= 0) return priceCents; // "no price yet" stays so: a discount does not invent one
  const discounted = Math.floor((priceCents * (10000 - basisPoints) + 5000) / 10000);
  return Math.max(1, discounted);
}

/**
 * The tiers the caller pays for a variant: with no price list, the list tiers; a price the list
 * names replaces the list tiers entirely (its own quantity breaks); otherwise the percentage off
 * each list tier.
 */
export function contractTiers(variantId: string, listTiers: readonly Tier[], priceList: ResolvedPriceList | null): Tier[] {
  if (!priceList) return [...listTiers];
  const listed = priceList.prices.get(variantId);
  if (listed && listed.length > 0) return [...listed];
  if (priceList.percentOffBasisPoints === 0) return [...listTiers];
  return listTiers.map((t) => ({ min_quantity: t.min_quantity, price: percentOff(t.price, priceList.percentOffBasisPoints) }));
}

/**
 * "12.5" or 12.5 → 1250 basis points; null when it is not a number from 0 to 99.99 with at most two
 * decimals (the message says which). Strings are read as decimals, not floats, so "10.005" is refused
 * rather than silently rounded.
 */
export function parsePercentOff(input: string | number): { basisPoints: number } | { error: string } {
  const text = typeof input === 'number' ? (Number.isFinite(input) ? String(input) : '') : input.trim();
  const match = /^(\d{1,3})(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) {
    if (/^\d{1,3}\.\d{3,}$/.test(text)) return { error: 'The percentage off can have at most two decimals.' };
    return { error: 'The percentage off must be a number from 0 to 99.99.' };
  }
  const basisPoints = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  if (basisPoints > MAX_PERCENT_OFF_BASIS_POINTS) return { error: 'The percentage off must be a number from 0 to 99.99.' };
  return { basisPoints };
}

/**
 * The problem with a variant's contract tiers, or null when they are sound: at least one tier, each a
 * whole positive quantity and a whole positive number of cents, no quantity twice, and one tier
 * starting at 1 so every quantity has a price.
 */
export function contractTiersProblem(tiers: readonly Tier[]): string | null {
  if (tiers.length === 0) return 'A listed price needs at least one tier.';
  for (const t of tiers) {
    if (!Number.isInteger(t.min_quantity) || t.min_quantity < 1) return 'Each tier needs a minimum quantity of 1 or more.';
    if (!Number.isInteger(t.price)) return 'Prices are in whole cents.';
    if (t.price <= 0) return 'A listed price must be more than $0.00.';
  }
  if (new Set(tiers.map((t) => t.min_quantity)).size !== tiers.length) return 'Two tiers start at the same quantity.';
  if (!tiers.some((t) => t.min_quantity === 1)) return 'One tier must start at quantity 1.';
  return null;
}
