import { describe, expect, it } from 'vitest';
import { cartTotals } from './cart-totals';
import { unitPriceFor } from './pricing';
import { normaliseShippingRules } from './shipping';

const rules = normaliseShippingRules(null);
const tiers = [
  { min_quantity: 1, price: 1299 },
  { min_quantity: 10, price: 1099 },
  { min_quantity: 50, price: 899 },
];

describe('unitPriceFor (tier rule)', () => {
  it('picks the tier with the highest minimum at most the quantity', () => {
    expect(unitPriceFor(tiers, 1)).toBe(1299);
    expect(unitPriceFor(tiers, 9)).toBe(1299);
    expect(unitPriceFor(tiers, 10)).toBe(1099);
    expect(unitPriceFor(tiers, 50)).toBe(899);
    expect(unitPriceFor(tiers, 500)).toBe(899);
  });
  it('falls back to the lowest-minimum tier below every minimum', () => {
    expect(unitPriceFor([{ min_quantity: 5, price: 100 }, { min_quantity: 2, price: 200 }], 1)).toBe(200);
  });
});

describe('cartTotals', () => {
  it('adds lines, shipping on the pre-discount subtotal, takes the discount and extracts GST', () => {
    const t = cartTotals(
      [
        { quantity: 2, weightGrams: 300, tiers },
        { quantity: 10, weightGrams: 100, tiers },
      ],
      { rules, country: 'SG', discount: (s) => Math.round(s * 0.1) },
    );
    expect(t.lines).toEqual([
      { unitPriceCents: 1299, lineTotalCents: 2598 },
      { unitPriceCents: 1099, lineTotalCents: 10990 },
    ]);
    expect(t.subtotalCents).toBe(13588);
    expect(t.shippingCents).toBe(0); // free from $80, judged before the discount
    expect(t.discountCents).toBe(1359);
    expect(t.totalCents).toBe(12229);
    expect(t.gstCents).toBe(1010); // 12229 x 9 / 109 = 1009.7
    expect(t.totalWeightGrams).toBe(1600);
    expect(t.itemCount).toBe(12);
  });
  it('charges shipping below the free threshold and never discounts below zero', () => {
    const t = cartTotals([{ quantity: 1, weightGrams: 0, tiers }], { rules, country: 'SG', discount: () => 99_999 });
    expect(t).toMatchObject({ subtotalCents: 1299, shippingCents: 600, discountCents: 1299, totalCents: 600, gstCents: 50 });
  });
  it('is all zeros for an empty cart', () => {
    expect(cartTotals([], { rules, country: 'SG', discount: () => 0 })).toMatchObject({ subtotalCents: 0, shippingCents: 0, totalCents: 0, gstCents: 0, itemCount: 0 });
  });
});
