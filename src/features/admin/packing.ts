import { PACKING_LOW_STOCK } from '../../../shared/constants';

export interface PackingFacts {
  category: string;
  color: string;
  size: string;
  packSize: number | null;
  /** Second SKU segment: normal, premium, bubble wrap. Premium and normal tiles must not look alike. */
  type: string;
  /** The product name without its "Category - " prefix, shown on the tile. */
  name: string;
}

/**
 * Reads a packing tile's facts from the inventory row (docs/spec/back-office.md section 3): the category is
 * the part of product_name before ' - '; SKU segments split by '_' give the color (third) and the
 * size (fourth); a numeric segment is the pack size. Multi-word colors (BABY BLUE) stay whole.
 */
export function packingFacts(row: { product_name: string; sku: string }): PackingFacts {
  const dash = row.product_name.indexOf(' - ');
  const category = dash > 0 ? row.product_name.slice(0, dash) : 'Other';
  const parts = row.sku.split('_');
  const numeric = parts.slice(4).find((p) => /^\d+$/.test(p)) ?? parts.slice(3).find((p) => /^\d+$/.test(p));
  return {
    category,
    color: (parts[2] ?? '').toLowerCase(),
    size: (parts[3] ?? '').toLowerCase(),
    packSize: numeric ? Number(numeric) : null,
    type: (parts[1] ?? '').toLowerCase(),
    name: dash > 0 ? row.product_name.slice(dash + 3) : row.product_name,
  };
}

export type TileState = 'out' | 'warning' | 'ok';
export const tileState = (available: number): TileState => (available <= 0 ? 'out' : available <= PACKING_LOW_STOCK ? 'warning' : 'ok');

/** "25x35" shown as "25 × 35". */
export const sizeWithTimes = (size: string) => size.replace(/x/i, ' × ');
