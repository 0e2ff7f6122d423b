// Shipping is not in the specification; the rule is a setting ('shipping_rules') an admin can edit.
// Amounts are cents; weights grams. Shipping is computed on the subtotal BEFORE any coupon discount
// (docs/decisions/0034-totals-shipping-before-discount.md), so a coupon never makes a shopper lose
// free shipping.
import type { Country } from '../constants';

interface CountryShippingRule {
  /** Fee for a parcel up to included_weight_grams (or any weight when that is 0). */
  base_fee_cents: number;
  /** Weight covered by the base fee; 0 means a flat fee whatever the weight. */
  included_weight_grams: number;
  /** Added per started kilogram above included_weight_grams. */
  per_extra_kg_cents: number;
  /** Free shipping when the subtotal reaches this; null never free. */
  free_from_subtotal_cents: number | null;
}

export type ShippingRules = Record<Country, CountryShippingRule>;

export const SHIPPING_RULES_KEY = 'shipping_rules';

export const DEFAULT_SHIPPING_RULES: Readonly<ShippingRules> = Object.freeze({
  SG: { base_fee_cents: 600, included_weight_grams: 0, per_extra_kg_cents: 0, free_from_subtotal_cents: 8000 },
  MY: { base_fee_cents: 1200, included_weight_grams: 1000, per_extra_kg_cents: 400, free_from_subtotal_cents: 30000 },
});

/** The stored setting merged over the defaults, so a partial or old value still works. */
export function normaliseShippingRules(value: unknown): ShippingRules {
  const stored = (value && typeof value === 'object' ? value : {}) as Partial<Record<Country, Partial<CountryShippingRule>>>;
  return {
    SG: { ...DEFAULT_SHIPPING_RULES.SG, ...stored.SG },
    MY: { ...DEFAULT_SHIPPING_RULES.MY, ...stored.MY },
  };
}

/** Shipping fee in cents for a parcel; 0 for an empty cart or when free shipping applies. */
export function shippingFeeFor(rules: ShippingRules, country: Country, subtotalCents: number, weightGrams: number): number {
  if (subtotalCents <= 0) return 0;
  const rule = rules[country];
  if (rule.free_from_subtotal_cents !== null && subtotalCents >= rule.free_from_subtotal_cents) return 0;
  let fee = rule.base_fee_cents;
  if (rule.included_weight_grams > 0 && weightGrams > rule.included_weight_grams) {
    fee += Math.ceil((weightGrams - rule.included_weight_grams) / 1000) * rule.per_extra_kg_cents;
  }
  return fee;
}
