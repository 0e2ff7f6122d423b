import { z } from 'zod';
import { moneySchema } from './common.schema';
import { appliedCouponOutput, giftTierOutput } from './cart.schema';

export const validateCouponInput = z.object({
  coupon_code: z.string({ error: 'Please enter a coupon code' }).trim().min(1, 'Please enter a coupon code').max(50, 'Coupon code is too long'),
  order_subtotal: moneySchema,
  /** Sent by the storefront (null when unknown); the answer does not depend on it. */
  user_id: z.string().max(64).nullable().optional(),
});

export const validateCouponOutput = z.object({
  valid: z.boolean(),
  applied_coupon: appliedCouponOutput.nullable(),
  discount_amount: z.number(),
  available_gift_tiers: z.array(giftTierOutput),
  error_message: z.string().nullable(),
});
