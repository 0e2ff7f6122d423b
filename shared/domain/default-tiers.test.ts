import { describe, expect, it } from 'vitest';
import { basePriceOf, defaultTiers } from './default-tiers';

describe('defaultTiers', () => {
  it('gives accessories and bubble wrap one tier at quantity 1', () => {
    expect(defaultTiers('accessories', 'normal')).toEqual([{ min_quantity: 1, price: 0 }]);
    expect(defaultTiers('polymailers', 'bubble wrap')).toEqual([{ min_quantity: 1, price: 0 }]);
    expect(defaultTiers(' Accessories ', 'Premium')).toHaveLength(1);
  });

  it('gives other products tiers at 25, 50 and 100', () => {
    expect(defaultTiers('polymailers', 'premium').map((t) => t.min_quantity)).toEqual([25, 50, 100]);
  });
});

describe('basePriceOf', () => {
  it('is the price of the lowest-minimum tier, whatever the order', () => {
    expect(basePriceOf([{ min_quantity: 100, price: 1 }, { min_quantity: 25, price: 3 }, { min_quantity: 50, price: 2 }])).toBe(3);
    expect(basePriceOf([])).toBe(0);
  });
});
