import { z } from 'zod';
import { COUNTRIES } from '../constants';
import { idSchema, quantityRulesOutput } from './common.schema';

export const MAX_LINE_QUANTITY = 10_000;

const quantity = (min: number) =>
  z
    .number({ error: 'Quantity must be a number' })
    .int('Quantity must be a whole number')
    .min(min, min === 1 ? 'Quantity must be at least 1' : 'Quantity cannot be negative')
    .max(MAX_LINE_QUANTITY, `Quantity cannot be more than ${MAX_LINE_QUANTITY}`);

/** The cart is priced for Singapore unless the checkout asks for the shipping country. */
export const cartQueryInput = z.object({ country: z.enum(COUNTRIES, { error: 'We ship to Singapore and Malaysia only' }).optional() }).optional();

export const addToCartInput = z.object({
  variant_id: idSchema,
  quantity: quantity(1),
});

/** Quantity 0 removes the line (docs/spec/storefront.md section 4). */
export const updateCartItemInput = z.object({
  id: idSchema,
  quantity: quantity(0),
});

export const applyCouponInput = z.object({
  coupon_code: z.string({ error: 'Please enter a coupon code' }).trim().min(1, 'Please enter a coupon code').max(50, 'Coupon code is too long'),
});

export const toggleGiftInput = z.object({ tier_id: idSchema, gift_id: idSchema });

const giftItemOutput = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  image_url: z.string().nullable(),
});

export const giftTierOutput = z.object({
  id: z.string(),
  name: z.string(),
  gift_limit: z.number().int(),
  spending_threshold: z.number(),
  gift_items: z.array(giftItemOutput),
});

const nearbyTierOutput = z.object({
  tier_id: z.string(),
  tier_name: z.string(),
  amount_needed: z.number(),
  gift_count: z.number().int(),
  spending_threshold: z.number(),
  /** 0-95 */
  progress: z.number(),
});

export const appliedCouponOutput = z.object({
  code: z.string(),
  type: z.enum(['percent', 'fixed']),
  /** percent: the percentage (10 = 10 %); fixed: dollars. */
  value: z.number(),
});

const cartItemOutput = z.object({
  id: z.string(),
  variant_id: z.string(),
  product_id: z.string(),
  product_name: z.string(),
  product_image: z.string().nullable(),
  attributes: z.object({ size: z.string(), color: z.string(), pack_size: z.number().int(), type: z.string() }),
  sku: z.string(),
  price: z.number(),
  quantity: z.number().int(),
  line_total: z.number(),
  available: z.number().int(),
  ...quantityRulesOutput,
});

const selectedGiftOutput = z.object({
  tier_id: z.string(),
  gift_id: z.string(),
  name: z.string(),
  image_url: z.string().nullable(),
});

export const cartOutput = z.object({
  items: z.array(cartItemOutput),
  subtotal: z.number(),
  shipping_fee: z.number(),
  gst: z.number(),
  total: z.number(),
  total_weight_grams: z.number().int(),
  delivery_estimate: z.string(),
  delivery_window: z.object({ earliest_date: z.string(), latest_date: z.string() }),
  applied_coupon: appliedCouponOutput.nullable(),
  discount: z.number(),
  /** Set when the server dropped the coupon while building this answer (the UI toasts it). */
  coupon_message: z.string().nullable(),
  available_gift_tiers: z.array(giftTierOutput),
  selected_gifts: z.array(selectedGiftOutput),
  nearby_gift_tiers: z.array(nearbyTierOutput),
  item_count: z.number().int(),
});

export type CartDto = z.infer<typeof cartOutput>;
export type CartItemDto = z.infer<typeof cartItemOutput>;
