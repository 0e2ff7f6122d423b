import { describe, expect, it } from 'vitest';
import { packingFacts, sizeWithTimes, tileState } from '../../src/features/admin/packing';

describe('packingFacts', () => {
  it('reads category, color, size and pack size', () => {
    expect(packingFacts({ product_name: 'Polymailers - Baby Blue Mailers', sku: 'POLYMAILERS_NORMAL_BABY BLUE_25X35_100' })).toEqual({ category: 'Polymailers', color: 'baby blue', size: '25x35', packSize: 100, type: 'normal', name: 'Baby Blue Mailers' });
    expect(packingFacts({ product_name: 'Premium Black Mailers', sku: 'POLYMAILERS_PREMIUM_BLACK_17X30_50' }).type).toBe('premium');
    expect(packingFacts({ product_name: 'Accessories - Bubble Wrap Rolls', sku: 'ACCESSORIES_BUBBLE WRAP_WHITE_50X100_1' }).packSize).toBe(1);
    expect(packingFacts({ product_name: 'No dash', sku: 'X' }).category).toBe('Other');
  });
  it('states and sizes', () => {
    expect(tileState(0)).toBe('out');
    expect(tileState(5)).toBe('warning');
    expect(tileState(6)).toBe('ok');
    expect(sizeWithTimes('25x35')).toBe('25 × 35');
  });
});
