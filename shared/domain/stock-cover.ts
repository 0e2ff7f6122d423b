// Stock cover and reorder (report 5), per variant. Stock is counted in packs (one unit of
// a variant is one pack), so a reorder is a whole number of packs, rounded up.

export interface StockCoverInput {
  /** Packs available to sell now (on hand less allocated less safety stock). */
  available: number;
  /** Packs sold in the window (orders not cancelled). */
  sold: number;
  windowDays: number;
  leadTimeDays: number;
  coverDays: number;
}

export interface StockCover {
  /** Packs sold per day over the window, to two decimals. */
  dailyUnits: number;
  /** Days until the available stock is gone at that rate, to one decimal; null when nothing sells. */
  daysLeft: number | null;
  /** Packs to order now so that stock lasts the lead time plus the cover period. */
  reorderQuantity: number;
  /** Runs out before a reorder placed today would arrive. */
  flagged: boolean;
}

export function stockCover({ available, sold, windowDays, leadTimeDays, coverDays }: StockCoverInput): StockCover {
  const rate = windowDays > 0 ? Math.max(0, sold) / windowDays : 0;
  const stock = Math.max(0, available);
  if (rate === 0) return { dailyUnits: 0, daysLeft: null, reorderQuantity: 0, flagged: false };
  const daysLeft = stock / rate;
  // Needed to last the lead time and then the cover period; a tiny epsilon keeps 3.0000000001 from becoming 4.
  const needed = Math.ceil(rate * (leadTimeDays + coverDays) - 1e-9);
  return {
    dailyUnits: Math.round(rate * 100) / 100,
    daysLeft: Math.floor(daysLeft * 10) / 10,
    reorderQuantity: Math.max(0, needed - stock),
    flagged: daysLeft < leadTimeDays,
  };
}
