import { describe, expect, it } from 'vitest';
import { piecePriceLabel } from './piece-price';

describe('price per piece', () => {
  it('shows three decimals so packs can be compared', () => {
    expect(piecePriceLabel(3.2, 50)).toBe('$0.064/pc');
    expect(piecePriceLabel(5, 100)).toBe('$0.05/pc');
    expect(piecePriceLabel(12.5, 4)).toBe('$3.125/pc');
    expect(piecePriceLabel(0.9, 200)).toBe('$0.0045/pc');
  });
  it('has nothing to say for one piece or no price', () => {
    expect(piecePriceLabel(3.2, 1)).toBeNull();
    expect(piecePriceLabel(0, 50)).toBeNull();
  });
});
