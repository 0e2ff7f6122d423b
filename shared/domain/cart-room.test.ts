import { describe, expect, it } from 'vitest';
import { roomRefusal, roomToAdd } from './cart-room';

const X = 'Mailer 25x35 (50 pcs)';

describe('what can still be added', () => {
  it('is the stock left after what is held, and the number the message offers is accepted', () => {
    // Issue 38: 48 left, 2 in the cart. The message said "Only 48 left", then 48 and 47 were refused.
    const held = { inCart: 2 };
    expect(roomToAdd(48, held)).toBe(46);
    expect(roomRefusal(X, 48, held, 47)?.message).toBe(`Only 48 left of ${X} and you already have 2 in your cart: you can add 46 more`);
    expect(roomRefusal(X, 48, held, 46)).toBeNull();
  });

  it('counts earlier lines of the same request and says where the held units are', () => {
    expect(roomRefusal(X, 10, { inCart: 0, earlier: 4 }, 7)?.message).toBe(`Only 10 left of ${X} and you already have 4 on earlier lines: you can add 6 more`);
    expect(roomRefusal(X, 10, { inCart: 3, earlier: 4 }, 4)?.message).toBe(`Only 10 left of ${X} and you already have 3 in your cart and 4 on earlier lines: you can add 3 more`);
    expect(roomRefusal(X, 3, { inCart: 3 }, 1)).toEqual({ reason: 'not_enough_stock', message: `Only 3 left of ${X} and you already have 3 in your cart: you cannot add more` });
  });

  it('keeps the plain words when nothing is held, and out of stock when none is left', () => {
    expect(roomRefusal(X, 3, { inCart: 0 }, 4)).toEqual({ reason: 'not_enough_stock', message: `Only 3 left of ${X}` });
    expect(roomRefusal(X, 0, { inCart: 0 }, 1)).toEqual({ reason: 'out_of_stock', message: `Sorry, ${X} is out of stock` });
    // Stock fell below what the cart holds: nothing more, never a negative room.
    expect(roomToAdd(2, { inCart: 5 })).toBe(0);
  });

  it('holds a line to 10,000 when the stock is larger', () => {
    expect(roomToAdd(50_000, { inCart: 9_000 })).toBe(1_000);
    expect(roomRefusal(X, 50_000, { inCart: 0 }, 10_001)).toEqual({ reason: 'bad_quantity', message: 'Quantity cannot be more than 10000' });
    expect(roomRefusal(X, 50_000, { inCart: 9_000 }, 1_001)?.message).toBe('Quantity cannot be more than 10000 (you already have 9000 in your cart: you can add 1000 more)');
    expect(roomRefusal(X, 50_000, { inCart: 9_000 }, 1_000)).toBeNull();
  });
});
