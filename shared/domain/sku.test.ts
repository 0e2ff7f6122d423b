import { describe, expect, it } from 'vitest';
import { buildSku, sizeCode } from './sku';

describe('sizeCode', () => {
  it('writes width by height in cm', () => {
    expect(sizeCode(25, 35)).toBe('25x35');
    expect(sizeCode(17, 30)).toBe('17x30');
  });

  it('keeps decimals without trailing zeros', () => {
    expect(sizeCode(4.8, 10000)).toBe('4.8x10000');
    expect(sizeCode(25.0, 35.5)).toBe('25x35.5');
    expect(sizeCode(0.1 + 0.2, 10)).toBe('0.3x10');
  });
});

describe('buildSku', () => {
  it('joins the upper-cased parts with underscores', () => {
    expect(buildSku({ category: 'polymailers', type: 'normal', color: 'white', widthCm: 25, heightCm: 35, packSize: 50 })).toBe(
      'POLYMAILERS_NORMAL_WHITE_25X35_50',
    );
  });

  it('keeps spaces inside values', () => {
    expect(
      buildSku({ category: 'accessories', type: 'bubble wrap', color: 'white', widthCm: 30, heightCm: 50, packSize: 10 }),
    ).toBe('ACCESSORIES_BUBBLE WRAP_WHITE_30X50_10');
    expect(buildSku({ category: 'polymailers', type: 'premium', color: 'baby blue', widthCm: 32, heightCm: 43, packSize: 100 })).toBe(
      'POLYMAILERS_PREMIUM_BABY BLUE_32X43_100',
    );
  });

  it('trims stray whitespace around values', () => {
    expect(buildSku({ category: ' polymailers', type: 'normal ', color: ' black ', widthCm: 20, heightCm: 30, packSize: 25 })).toBe(
      'POLYMAILERS_NORMAL_BLACK_20X30_25',
    );
  });
});
