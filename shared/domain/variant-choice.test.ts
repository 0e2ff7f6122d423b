import { describe, expect, it } from 'vitest';
import { initialChoice, onlyPackOf } from './variant-choice';

const v = (id: string, size: string, pack: number) => {
  const [w, h] = size.split('x').map(Number);
  return { variant_id: id, attributes: { width_cm: w, height_cm: h, size_code: size, pack_size: pack, type: 'normal' }, available: 5, on_hand: 5 };
};

describe('the choice a product page opens with', () => {
  it('chooses a single size and its single pack for the shopper', () => {
    expect(initialChoice([v('a', '25x35', 50)])).toEqual({ size: '25x35', variantId: 'a' });
    expect(initialChoice([v('a', '25x35', 50), v('b', '25x35', 100)])).toEqual({ size: '25x35', variantId: '' });
    expect(initialChoice([v('a', '25x35', 50), v('b', '32x45', 50)])).toEqual({ size: '', variantId: '' });
    expect(initialChoice([])).toEqual({ size: '', variantId: '' });
  });

  it('opens with the variant a link names, when the product has it', () => {
    const vs = [v('a', '25x35', 50), v('b', '25x35', 100), v('c', '32x45', 50)];
    expect(initialChoice(vs, 'b')).toEqual({ size: '25x35', variantId: 'b' });
    expect(initialChoice(vs, 'nope')).toEqual({ size: '', variantId: '' });
    expect(onlyPackOf(vs, '32x45')).toBe('c');
    expect(onlyPackOf(vs, '25x35')).toBe('');
  });
});
