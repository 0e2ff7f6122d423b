import { describe, expect, it } from 'vitest';
import { fitsMailer, fittingMailers, normaliseItem, requiredMailer } from './mailer-fit';

describe('mailer fit', () => {
  it('orders dimensions longest first and treats the thinnest as depth', () => {
    expect(normaliseItem([5, 30, 20])).toEqual({ lengthCm: 30, widthCm: 20, depthCm: 5 });
  });

  it('needs width + depth + 2 cm across and length + depth + 3 cm for the flap', () => {
    expect(requiredMailer({ lengthCm: 30, widthCm: 20, depthCm: 5 })).toEqual({ widthCm: 27, heightCm: 38 });
  });

  it('accepts a bag exactly at the allowance and refuses one a little smaller', () => {
    const item = { lengthCm: 30, widthCm: 20, depthCm: 5 };
    expect(fitsMailer(item, { widthCm: 27, heightCm: 38 })).toBe(true);
    expect(fitsMailer(item, { widthCm: 26.9, heightCm: 38 })).toBe(false);
    expect(fitsMailer(item, { widthCm: 27, heightCm: 37.9 })).toBe(false);
  });

  it('accepts a bag that fits the item sideways', () => {
    expect(fitsMailer({ lengthCm: 30, widthCm: 10, depthCm: 1 }, { widthCm: 33, heightCm: 14 })).toBe(true);
  });

  it('lists fitting sizes smallest first and none when nothing fits', () => {
    const sizes = [
      { widthCm: 38, heightCm: 52 },
      { widthCm: 28, heightCm: 42 },
      { widthCm: 25, heightCm: 35 },
    ];
    expect(fittingMailers({ lengthCm: 30, widthCm: 20, depthCm: 5 }, sizes)).toEqual([sizes[1], sizes[0]]);
    expect(fittingMailers({ lengthCm: 80, widthCm: 60, depthCm: 30 }, sizes)).toEqual([]);
  });
});
