import { z } from 'zod';
import { imageValueProblem } from '../domain/product-images';

const idField = z.string().trim().min(1).max(64);

// Held to the product images' rule: a path the image store produced, or an https:// address the
// server fetches, checks and stores (the service swaps in the stored path); empty means no image.
const imageUrl = z
  .string()
  .trim()
  .max(1000)
  .superRefine((s, ctx) => {
    const problem = s === '' ? null : imageValueProblem(s);
    if (problem) ctx.addIssue({ code: 'custom', message: `Gift image: ${problem}` });
  })
  .optional()
  .nullable()
  .transform((s) => s || null);

export const giftItemInput = z.object({
  name: z.string({ error: 'Gift item name is required' }).trim().min(1, 'Gift item name is required').max(120, 'Name is too long'),
  description: z.string({ error: 'Description is required' }).trim().min(1, 'Description is required').max(2000, 'Description is too long'),
  image_url: imageUrl,
  stock_quantity: z
    .number({ error: 'Stock quantity must be a whole number' })
    .int('Stock quantity must be a whole number')
    .min(0, 'Stock quantity cannot be negative')
    .max(10_000_000)
    .default(0),
  is_active: z.boolean().default(true),
});
export const updateGiftItemInput = giftItemInput.extend({ id: idField });

export const giftItemOutput = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  image_url: z.string().nullable(),
  stock_quantity: z.number().int(),
  allocated: z.number().int(),
  is_active: z.boolean(),
});

export const giftTierInput = z.object({
  name: z.string({ error: 'Tier name is required' }).trim().min(1, 'Tier name is required').max(120, 'Name is too long'),
  spending_threshold: z
    .number({ error: 'Spending threshold must be greater than 0' })
    .finite()
    .gt(0, 'Spending threshold must be greater than 0')
    .max(1_000_000),
  gift_limit: z.number({ error: 'Gift limit must be at least 1' }).int('Gift limit must be a whole number').min(1, 'Gift limit must be at least 1').max(100).default(1),
  gift_item_ids: z.array(idField).max(100).default([]),
  is_active: z.boolean().default(true),
});
export const updateGiftTierInput = giftTierInput.extend({ id: idField });

export const giftTierOutput = z.object({
  id: z.string(),
  name: z.string(),
  spending_threshold: z.number(),
  gift_limit: z.number().int(),
  gift_item_ids: z.array(z.string()),
  gift_items: z.array(z.object({ id: z.string(), name: z.string() })),
  is_active: z.boolean(),
});

export const promotionStats = z.object({
  active_coupons: z.number().int(),
  total_coupons: z.number().int(),
  active_gift_items: z.number().int(),
  total_gift_items: z.number().int(),
  active_gift_tiers: z.number().int(),
  total_gift_tiers: z.number().int(),
});
