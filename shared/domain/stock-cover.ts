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

// Computed from whole numbers only (packs and days), so that the database can sort, filter and page
// by the same figures exactly (server/services/reports/reports.sql.ts, stockCoverPage).
export function stockCover({ available, sold, windowDays, leadTimeDays, coverDays }: StockCoverInput): StockCover {
  const units = windowDays > 0 ? Math.max(0, sold) : 0;
  const stock = Math.max(0, available);
  if (units === 0) return { dailyUnits: 0, daysLeft: null, reorderQuantity: 0, flagged: false };
  // Needed to last the lead time and then the cover period, at units / windowDays a day.
  const needed = Math.ceil((units * (leadTimeDays + coverDays)) / windowDays);
  return {
    dailyUnits: Math.round((units * 100) / windowDays) / 100,
    // stock / (units / windowDays) days, to one decimal rounded down.
    daysLeft: Math.floor((stock * windowDays * 10) / units) / 10,
    reorderQuantity: Math.max(0, needed - stock),
    flagged: stock * windowDays < leadTimeDays * units,
  };
}
