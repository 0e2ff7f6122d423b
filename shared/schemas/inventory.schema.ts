import { z } from 'zod';
import { STOCK_ADJUSTMENT_REASONS } from '../constants';
import { idSchema } from './common.schema';

export const inventoryRow = z.object({
  variant_id: z.string(),
  product_id: z.string(),
  sku: z.string(),
  /** '<Category> - <Product name>': the packing screen reads the category before ' - '. */
  product_name: z.string(),
  product_image: z.string().nullable(),
  on_hand: z.number().int(),
  allocated: z.number().int(),
  available: z.number().int(),
  safety_stock: z.number().int(),
  is_low_stock: z.boolean(),
});
export type InventoryRow = z.infer<typeof inventoryRow>;

/** The most rows one list request may ask for (`limit`); the screens ask for a page they show. */
const INVENTORY_LIST_MAX = 2000;
/** Rows a list request answers when it names no `limit`: one page, whatever the catalogue's size. */
export const INVENTORY_LIST_DEFAULT = 100;
/** Rows per page of the inventory screen. */
export const INVENTORY_PAGE_SIZE = 50;

/** How the list is ordered; each has an index behind it (migration inventory_list_indexes). */
export const INVENTORY_SORTS = ['product', 'sku', 'available_asc', 'available_desc'] as const;
export type InventorySort = (typeof INVENTORY_SORTS)[number];
export const INVENTORY_SORT_LABELS: Record<InventorySort, string> = {
  product: 'Product name',
  sku: 'SKU',
  available_asc: 'Available: lowest first',
  available_desc: 'Available: highest first',
};
/** low: available at or below the packing warning level (out of stock included); out: nothing available. */
export const INVENTORY_STOCK_FILTERS = ['low', 'out'] as const;
export type InventoryStockFilter = (typeof INVENTORY_STOCK_FILTERS)[number];

const filterText = z.string().trim().max(100).optional();
/** What one list request asks for: the filters, the order and the page, all applied by the database. */
const inventoryQuery = z.object({
  /** Part of the SKU or of the product name, case-insensitive. */
  search: filterText,
  /** A product category as stored (e.g. polymailers), see GET /admin/inventory/facets. */
  category: filterText,
  /** A variant colour as stored (e.g. baby blue). */
  color: filterText,
  /** A size code as stored (e.g. 25x35). */
  size: filterText,
  stock: z.enum(INVENTORY_STOCK_FILTERS, { error: `stock must be one of: ${INVENTORY_STOCK_FILTERS.join(', ')}` }).optional(),
  sort: z.enum(INVENTORY_SORTS, { error: `sort must be one of: ${INVENTORY_SORTS.join(', ')}` }).optional(),
  page: z.coerce.number().int().min(1).max(1_000_000).optional(),
  limit: z.coerce.number().int().min(1).max(INVENTORY_LIST_MAX).optional(),
});
export type InventoryQuery = z.infer<typeof inventoryQuery>;
export const inventoryListInput = inventoryQuery.optional();

/** One page with the figures a pager needs (the list endpoint answers the bare array). */
export const inventoryPage = z.object({
  items: z.array(inventoryRow),
  /** Rows matching the filters, on every page. */
  total: z.number().int(),
  page: z.number().int(),
  pages: z.number().int(),
  limit: z.number().int(),
});

/** The values the filters offer, as stored: what the category, colour and size selects list. */
export const inventoryFacets = z.object({
  categories: z.array(z.string()),
  colors: z.array(z.string()),
  sizes: z.array(z.string()),
});

const amount = z.number({ error: 'The amount must be a whole number' }).int('The amount must be a whole number').min(-1_000_000).max(1_000_000);

export const ADJUSTMENT_FIELDS = ['on_hand', 'allocated', 'safety_stock'] as const;
export type AdjustmentField = (typeof ADJUSTMENT_FIELDS)[number];

export const adjustStockInput = z
  .object({
    variant_id: idSchema,
    adjustment_type: z.enum(['change', 'set'], { error: "Adjustment type must be 'change' or 'set'" }),
    reason: z.enum(STOCK_ADJUSTMENT_REASONS, { error: `Reason must be one of: ${STOCK_ADJUSTMENT_REASONS.join(', ')}` }),
    notes: z.string({ error: 'Please provide notes for this adjustment' }).trim().min(1, 'Please provide notes for this adjustment').max(500, 'Notes are too long'),
    on_hand_value: amount.optional(),
    on_hand_change: amount.optional(),
    allocated_value: amount.optional(),
    allocated_change: amount.optional(),
    safety_stock_value: amount.optional(),
    safety_stock_change: amount.optional(),
  })
  .superRefine((v, ctx) => {
    const suffix = v.adjustment_type === 'set' ? '_value' : '_change';
    const given = ADJUSTMENT_FIELDS.filter((f) => v[`${f}${suffix}` as keyof typeof v] !== undefined);
    const wrongKind = ADJUSTMENT_FIELDS.filter((f) => v[`${f}${suffix === '_value' ? '_change' : '_value'}` as keyof typeof v] !== undefined);
    if (given.length !== 1 || wrongKind.length > 0) {
      ctx.addIssue({
        code: 'custom',
        message: `Please give exactly one amount: ${ADJUSTMENT_FIELDS.map((f) => f + suffix).join(', ')}`,
      });
    }
  });
export type AdjustStockInput = z.infer<typeof adjustStockInput>;

export const ledgerInput = z.object({ variant_id: idSchema, limit: z.coerce.number().int().min(1).max(500).optional() });
export const ledgerRow = z.object({
  id: z.string(),
  field: z.string(),
  reason: z.string(),
  notes: z.string().nullable(),
  delta: z.number().int(),
  before: z.number().int(),
  after: z.number().int(),
  user_email: z.string().nullable(),
  order_id: z.string().nullable(),
  /** The order's number when the movement belongs to one (the row links to it). */
  order_number: z.string().nullable(),
  created_at: z.string(),
});
