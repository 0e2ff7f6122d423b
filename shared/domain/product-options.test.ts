import { describe, expect, it } from 'vitest';
import { unitPriceFor } from './pricing';
import { clampQuantity, compareSizeCodes, countOf, distinctSizes, packOptions, sizeLabel, unitNoun, type PickableVariant } from './product-options';

const v = (id: string, w: number, h: number, pack: number, available: number): PickableVariant => ({
  variant_id: id,
  attributes: { width_cm: w, height_cm: h, size_code: `${w}x${h}`, pack_size: pack, type: 'normal' },
  available,
  on_hand: available,
});
const variants = [v('a', 25, 35, 100, 0), v('b', 25, 35, 50, 12), v('c', 17, 30, 50, 3), v('d', 100, 5000, 1, 2)];

describe('product options', () => {
  it('distinct sizes, smallest first by width then height', () => {
    expect(distinctSizes(variants)).toEqual(['17x30', '25x35', '100x5000']);
    expect(sizeLabel('25x35')).toBe('25 x 35 cm');
  });

  it('roll sizes the way the trade writes them: width x length in m, tape widths in mm', () => {
    expect(sizeLabel('4.8x10000')).toBe('48 mm x 100 m');
    expect(sizeLabel('100x5000')).toBe('1 m x 50 m');
    expect(sizeLabel('150x5000')).toBe('1.5 m x 50 m');
    expect(sizeLabel('50x10000')).toBe('50 cm x 100 m');
    expect(sizeLabel('50x100')).toBe('50 x 100 cm');
  });

  it('lists sizes in size order: flat sizes small to large, then rolls, then anything else', () => {
    const codes = ['100x5000', '25x35', '4.8x10000', '10x15', '25x30', 'odd', '50x10000'];
    expect([...codes].sort(compareSizeCodes)).toEqual(['10x15', '25x30', '25x35', '4.8x10000', '50x10000', '100x5000', 'odd']);
  });

  it('pack options say packs wherever a pack is meant; pieces for bubble wrap', () => {
    expect(packOptions(variants, '25x35', 'normal').map((o) => o.label)).toEqual(['50 pcs/pack (12 packs available)', '100 pcs/pack (Out of Stock)']);
    expect(packOptions(variants, '17x30', 'bubble wrap')[0].label).toBe('50 pieces per pack (3 packs available)');
    expect(packOptions(variants, '100x5000', 'bubble wrap')[0].label).toBe('1 piece (2 pieces available)');
    expect(countOf(1, 50)).toBe('1 pack');
    expect(unitNoun(1, 4)).toBe('pieces');
  });

  it('quantity: whole, at least 1, at most available, non-numeric is 1', () => {
    expect(clampQuantity('7', 10)).toBe(7);
    expect(clampQuantity(12, 10)).toBe(10);
    expect(clampQuantity(0, 10)).toBe(1);
    expect(clampQuantity(-4, 10)).toBe(1);
    expect(clampQuantity('abc', 10)).toBe(1);
    expect(clampQuantity('', 10)).toBe(1);
    expect(clampQuantity(2.7, 10)).toBe(2);
    expect(clampQuantity(5, 0)).toBe(1);
  });

  it('the total follows the tiers (highest minimum first)', () => {
    const tiers = [
      { min_quantity: 100, price: 8 },
      { min_quantity: 25, price: 9 },
      { min_quantity: 1, price: 10 },
    ];
    expect(unitPriceFor(tiers, 1)).toBe(10);
    expect(unitPriceFor(tiers, 24)).toBe(10);
    expect(unitPriceFor(tiers, 25)).toBe(9);
    expect(unitPriceFor(tiers, 100)).toBe(8);
    expect(unitPriceFor([...tiers].reverse(), 30)).toBe(9);
  });
});
