import { describe, expect, it } from 'vitest';
import { hasPositivePrice, lineTotalFor, priceRangeOf, sortTiersDescending, unitPriceFor } from './pricing';

// Tiers in cents as the server keeps them; the rule is the same in dollars on the page.
const tiers = [
  { min_quantity: 1, price: 990 },
  { min_quantity: 25, price: 940 },
  { min_quantity: 50, price: 890 },
  { min_quantity: 100, price: 840 },
];

describe('unit price from tiers (docs/spec/storefront.md section 5)', () => {
  it('takes the highest tier whose minimum the quantity reaches', () => {
    expect(unitPriceFor(tiers, 1)).toBe(990);
    expect(unitPriceFor(tiers, 24)).toBe(990);
    expect(unitPriceFor(tiers, 25)).toBe(940);
    expect(unitPriceFor(tiers, 99)).toBe(890);
    expect(unitPriceFor(tiers, 100)).toBe(840);
    expect(unitPriceFor(tiers, 5000)).toBe(840);
  });

  it('falls back to the lowest tier below every minimum, whatever order the tiers come in', () => {
    const from25 = [{ min_quantity: 100, price: 800 }, { min_quantity: 25, price: 900 }];
    expect(unitPriceFor(from25, 3)).toBe(900);
    expect(unitPriceFor([...tiers].reverse(), 60)).toBe(890);
    expect(unitPriceFor([], 5)).toBe(0);
  });

  it('multiplies the unit price by the quantity for the line total', () => {
    expect(lineTotalFor(tiers, 30)).toBe(30 * 940);
  });

  it('sorts tiers with the highest minimum first', () => {
    expect(sortTiersDescending(tiers).map((t) => t.min_quantity)).toEqual([100, 50, 25, 1]);
  });
});

describe('price range', () => {
  it('is the cheapest and dearest base price in dollars, 0-0 without variants', () => {
    expect(priceRangeOf([990, 2890, 1490])).toEqual({ min: 9.9, max: 28.9 });
    expect(priceRangeOf([])).toEqual({ min: 0, max: 0 });
  });
});

describe('nothing sold for nothing', () => {
  it('needs a positive unit price at the quantity bought', () => {
    expect(hasPositivePrice(tiers, 1)).toBe(true);
    expect(hasPositivePrice([], 1)).toBe(false);
    expect(hasPositivePrice([{ min_quantity: 1, price: 0 }], 1)).toBe(false);
    // A free bulk tier: the single pack is sold, 100 packs are not.
    const freeBulk = [{ min_quantity: 1, price: 500 }, { min_quantity: 100, price: 0 }];
    expect(hasPositivePrice(freeBulk, 99)).toBe(true);
    expect(hasPositivePrice(freeBulk, 100)).toBe(false);
  });
});
