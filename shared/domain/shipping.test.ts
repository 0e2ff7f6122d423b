import { describe, expect, it } from 'vitest';
import { DEFAULT_SHIPPING_RULES, normaliseShippingRules, shippingFeeFor } from './shipping';

const rules = normaliseShippingRules(null);

describe('shippingFeeFor', () => {
  it('charges Singapore a flat $6.00 below $80 and nothing from $80', () => {
    expect(shippingFeeFor(rules, 'SG', 7999, 25_000)).toBe(600);
    expect(shippingFeeFor(rules, 'SG', 8000, 25_000)).toBe(0);
  });
  it('charges Malaysia $12.00 for the first kg and $4.00 per started extra kg', () => {
    expect(shippingFeeFor(rules, 'MY', 5000, 900)).toBe(1200);
    expect(shippingFeeFor(rules, 'MY', 5000, 1000)).toBe(1200);
    expect(shippingFeeFor(rules, 'MY', 5000, 1001)).toBe(1600);
    expect(shippingFeeFor(rules, 'MY', 5000, 3500)).toBe(2400); // 2.5 kg extra = 3 started kg
    expect(shippingFeeFor(rules, 'MY', 30000, 3500)).toBe(0);
  });
  it('is 0 for an empty cart', () => {
    expect(shippingFeeFor(rules, 'SG', 0, 0)).toBe(0);
  });
  it('merges a partial stored rule over the defaults and never mutates them', () => {
    const r = normaliseShippingRules({ SG: { base_fee_cents: 500, free_from_subtotal_cents: null } });
    expect(shippingFeeFor(r, 'SG', 100_000, 0)).toBe(500);
    expect(r.MY).toEqual(DEFAULT_SHIPPING_RULES.MY);
    expect(DEFAULT_SHIPPING_RULES.SG.base_fee_cents).toBe(600);
  });
});
