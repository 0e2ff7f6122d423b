import { describe, expect, it } from 'vitest';
import { stockCover } from './stock-cover';

const base = { windowDays: 30, leadTimeDays: 14, coverDays: 30 };

describe('stock cover', () => {
  it('gives the daily rate, days left and packs to order for lead time plus cover', () => {
    // 60 packs in 30 days = 2 a day; 20 available = 10 days; needs 2 x 44 = 88, has 20: order 68.
    expect(stockCover({ ...base, available: 20, sold: 60 })).toEqual({ dailyUnits: 2, daysLeft: 10, reorderQuantity: 68, flagged: true });
  });

  it('rounds the reorder up to whole packs and the days left down', () => {
    // 10 in 30 days = 0.333/day; needs ceil(14.67) = 15; has 4: order 11; 4 / 0.333 = 12 days.
    expect(stockCover({ ...base, available: 4, sold: 10 })).toEqual({ dailyUnits: 0.33, daysLeft: 12, reorderQuantity: 11, flagged: true });
    expect(stockCover({ ...base, available: 7, sold: 10 }).daysLeft).toBe(21);
  });

  it('orders nothing when stock covers the lead time and the cover period', () => {
    expect(stockCover({ ...base, available: 500, sold: 30 })).toEqual({ dailyUnits: 1, daysLeft: 500, reorderQuantity: 0, flagged: false });
  });

  it('is exact on whole figures (no extra pack from floating point)', () => {
    expect(stockCover({ windowDays: 3, leadTimeDays: 1, coverDays: 2, available: 0, sold: 1 }).reorderQuantity).toBe(1);
  });

  it('flags only what runs out within the lead time', () => {
    expect(stockCover({ ...base, available: 28, sold: 60 }).flagged).toBe(false); // 14 days left = lead time
    expect(stockCover({ ...base, available: 27, sold: 60 }).flagged).toBe(true);
    expect(stockCover({ ...base, available: 0, sold: 1 }).flagged).toBe(true);
  });

  it('says nothing runs down when nothing sold, and takes negative stock as none', () => {
    expect(stockCover({ ...base, available: 0, sold: 0 })).toEqual({ dailyUnits: 0, daysLeft: null, reorderQuantity: 0, flagged: false });
    expect(stockCover({ ...base, available: -5, sold: 30 })).toMatchObject({ daysLeft: 0, reorderQuantity: 44, flagged: true });
  });
});
