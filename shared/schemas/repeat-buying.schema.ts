// Repeat buying: order again, quick order by SKU and "Buy again". Lines refused by the
// cart's rules come back with a reason code and the cart's own message.
import { z } from 'zod';
import { MAX_QUICK_ORDER_LINES } from '../domain/quick-order';
import { cartOutput } from './cart.schema';
import { idSchema, quantityRulesOutput } from './common.schema';

/** Why a line did not go in the cart. */
const LINE_REASONS = ['unknown_sku', 'deleted', 'not_for_sale', 'out_of_stock', 'not_enough_stock', 'bad_quantity'] as const;
export type LineReason = (typeof LINE_REASONS)[number];

// ---------- order again ----------

export const reorderOutput = z.object({
  cart: cartOutput,
  added: z.array(z.object({ sku: z.string(), product_name: z.string(), quantity: z.number().int() })),
  skipped: z.array(
    z.object({
      sku: z.string(),
      product_name: z.string(),
      quantity: z.number().int(),
      reason: z.enum(LINE_REASONS),
      detail: z.string(),
    }),
  ),
});
export type ReorderDto = z.infer<typeof reorderOutput>;

// ---------- quick order by SKU ----------

const bulkLine = z.object({
  sku: z.string({ error: 'SKU must be text' }).max(200, 'SKU is too long'),
  // Any number: a fraction, 0 or a negative is that row's error, not the request's.
  quantity: z.number({ error: 'Quantity must be a number' }).finite(),
});

export const bulkCartInput = z.object({
  items: z
    .array(bulkLine)
    .min(1, 'Add at least one line')
    .max(MAX_QUICK_ORDER_LINES, `At most ${MAX_QUICK_ORDER_LINES} lines at once`),
});

/** What a valid SKU row would cost and how much is left, priced today for the line's quantity in the cart. */
const lineVariant = z.object({
  variant_id: z.string(),
  product_id: z.string(),
  product_name: z.string(),
  size: z.string(),
  pack_size: z.number().int(),
  unit_price: z.number(),
  available: z.number().int(),
  /** How many this row may ask for: what is available less what the cart and the rows above it already hold (shared/domain/cart-room.ts). */
  can_add: z.number().int(),
  ...quantityRulesOutput,
});

const bulkResult = z.object({
  sku: z.string(),
  quantity: z.number(),
  status: z.enum(['added', 'error']),
  /** The reason in words for an error; null for an added line. */
  detail: z.string().nullable(),
  reason: z.enum(LINE_REASONS).nullable(),
  variant: lineVariant.nullable(),
});

export const bulkCartOutput = z.object({ cart: cartOutput, results: z.array(bulkResult) });
export type BulkCartDto = z.infer<typeof bulkCartOutput>;

export const bulkCheckOutput = z.object({
  results: z.array(bulkResult.extend({ status: z.enum(['ok', 'error']) })),
});
export type BulkCheckDto = z.infer<typeof bulkCheckOutput>;

export const skuSuggestInput = z.object({ q: z.string().trim().min(1, 'Type part of a SKU').max(100, 'Search is too long') });
export const skuSuggestOutput = z.array(z.object({ sku: z.string(), product_name: z.string(), size: z.string(), pack_size: z.number().int(), available: z.number().int() }));

// ---------- buy again ----------

export const buyAgainInput = z
  .object({ search: z.string().trim().max(100, 'Search is too long').optional() })
  .optional();

export const buyAgainOutput = z.array(
  z.object({
    variant_id: z.string(),
    sku: z.string(),
    product_id: z.string(),
    product_name: z.string(),
    size: z.string(),
    pack_size: z.number().int(),
    last_ordered_at: z.string(),
    last_quantity: z.number().int(),
    last_price: z.number(),
    /** Today's unit price for the last quantity; null when the variant has no price now. */
    price: z.number().nullable(),
    available: z.number().int(),
  }),
);
export type BuyAgainDto = z.infer<typeof buyAgainOutput>;

export const reorderInput = z.object({ id: idSchema });
