import { z } from 'zod';
import { STOCK_ADJUSTMENT_REASONS } from '../../constants';
import { idSchema } from '../common.schema';

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

/** Most shops have a few hundred variants; the cap keeps one request bounded on a very large catalogue. */
export const INVENTORY_LIST_MAX = 2000;
export const inventoryListInput = z
  .object({
    search: z.string().trim().max(100).optional(),
    limit: z.coerce.number().int().min(1).max(INVENTORY_LIST_MAX).optional(),
  })
  .optional();

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
  created_at: z.string(),
});
