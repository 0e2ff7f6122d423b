// The CSV import's wire shapes and limits, shared by the routes and the back office's
// Import / Export screen (plain types: the screen checks the size before it uploads anything).

export const MAX_IMPORT_BYTES = 20 * 1024 * 1024;
export const MAX_IMPORT_ROWS = 50_000;

export const PRODUCT_IMPORT_COLUMNS = ['product_name', 'category', 'type', 'color', 'width_cm', 'height_cm', 'pack_size', 'price_tiers'] as const;
export const PRODUCT_IMPORT_OPTIONAL = ['sku', 'description', 'weight_grams', 'safety_stock', 'order_minimum', 'order_multiple', 'order_maximum', 'images'] as const;
/** Distinct https:// image addresses one import may fetch (each may take up to 10 s). */
export const MAX_IMPORT_IMAGE_ADDRESSES = 100;
export const STOCK_IMPORT_COLUMNS = ['sku', 'on_hand', 'reason'] as const;
export const STOCK_IMPORT_OPTIONAL = ['notes'] as const;

export type ImportAction = 'create' | 'change' | 'unchanged' | 'refuse';

export interface ImportRow {
  /** The row's line in the file (the header is line 1). */
  line: number;
  sku: string;
  action: ImportAction;
  /** What changes, e.g. "on_hand 40 -> 55"; empty when nothing does. */
  changes: string[];
  errors: string[];
}

export interface ImportReport {
  applied: boolean;
  summary: Record<ImportAction, number>;
  rows: ImportRow[];
}
