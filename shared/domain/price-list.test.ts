import { describe, expect, it } from 'vitest';
import { contractTiers, contractTiersProblem, parsePercentOff, percentOff, type ResolvedPriceList } from './price-list';
import { unitPriceFor } from './pricing';

const list = [
  { min_quantity: 1, price: 1000 },
  { min_quantity: 100, price: 905 },
];
const priceList = (percentOffBasisPoints: number, prices: [string, { min_quantity: number; price: number }[]][] = []): ResolvedPriceList => ({
  id: 'pl_1',
  percentOffBasisPoints,
  prices: new Map(prices),
});

describe('contract prices', () => {
  it('charges the list price without a price list', () => {
    expect(contractTiers('v7', list, null)).toEqual(list);
  });
  it('takes the percentage off each list tier, half up to whole cents', () => {
    expect(contractTiers('v7', list, priceList(1000))).toEqual([
      { min_quantity: 1, price: 900 },
      { min_quantity: 100, price: 815 }, // 814.5 rounds up
    ]);
    expect(percentOff(905, 1250)).toBe(792); // 791.875
    expect(percentOff(3, 5000)).toBe(2); // 1.5 half up
    expect(percentOff(1, 9999)).toBe(1); // never free
    expect(percentOff(0, 1000)).toBe(0); // no price yet stays no price
  });
  it('replaces the list tiers with a listed price, whatever the percentage', () => {
    const own = [{ min_quantity: 1, price: 700 }];
    expect(contractTiers('v7', list, priceList(1000, [['v7', own]]))).toEqual(own);
    expect(unitPriceFor(contractTiers('v7', list, priceList(1000, [['v7', own]])), 500)).toBe(700);
    expect(contractTiers('v8', list, priceList(0, [['v7', own]]))).toEqual(list);
  });
  it('reads the percentage as a decimal with at most two places, 0 to 99.99', () => {
    expect(parsePercentOff('12.5')).toEqual({ basisPoints: 1250 });
    expect(parsePercentOff(0)).toEqual({ basisPoints: 0 });
    expect(parsePercentOff('99.99')).toEqual({ basisPoints: 9999 });
    expect(parsePercentOff('10.005')).toEqual({ error: 'The percentage off can have at most two decimals.' });
    for (const bad of ['100', '-1', '', 'abc', '1e2', '5\u0000', Number.NaN, Number.POSITIVE_INFINITY, 100]) {
      expect(parsePercentOff(bad)).toHaveProperty('error');
    }
  });
  it('refuses unsound listed tiers', () => {
    expect(contractTiersProblem([{ min_quantity: 1, price: 1 }])).toBeNull();
    expect(contractTiersProblem([])).toMatch(/at least one tier/);
    expect(contractTiersProblem([{ min_quantity: 1, price: 0 }])).toMatch(/more than \$0.00/);
    expect(contractTiersProblem([{ min_quantity: 1, price: 10.5 }])).toMatch(/whole cents/);
    expect(contractTiersProblem([{ min_quantity: 0, price: 10 }])).toMatch(/1 or more/);
    expect(contractTiersProblem([{ min_quantity: 1, price: 10 }, { min_quantity: 1, price: 9 }])).toMatch(/same quantity/);
    expect(contractTiersProblem([{ min_quantity: 10, price: 10 }])).toMatch(/start at quantity 1/);
  });
});
