import { z } from 'zod';

const isoDate = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .refine((s) => !Number.isNaN(Date.parse(s)), `${label} must be a valid date`);

/** How many orders may use a coupon: a whole number from 1, or null (or absent) for no limit. */
export const usageLimit = (label: string) =>
  z
    .number({ error: `${label} must be a whole number` })
    .int(`${label} must be a whole number`)
    .min(1, `${label} must be at least 1 (leave it empty for no limit)`)
    .max(1_000_000, `${label} cannot exceed 1,000,000`)
    .nullable()
    .default(null);

const couponFields = z.object({
  code: z
    .string({ error: 'Coupon code is required' })
    .trim()
    .min(1, 'Coupon code is required')
    .max(40, 'Coupon code is too long')
    .regex(/^[A-Za-z0-9_-]+$/, 'Coupon code may only contain letters, numbers, - and _')
    .transform((s) => s.toUpperCase()),
  type: z.enum(['percent', 'fixed'], { error: "Type must be 'percent' or 'fixed'" }),
  value: z.number({ error: 'Discount value must be greater than 0' }).finite().gt(0, 'Discount value must be greater than 0').max(100_000),
  min_order_amount: z.number().finite().min(0, 'Minimum order cannot be negative').max(1_000_000).default(0),
  valid_from: isoDate('Valid from'),
  valid_to: isoDate('Valid to'),
  is_active: z.boolean().default(true),
  usage_limit: usageLimit('Total uses'),
  usage_limit_per_customer: usageLimit('Uses per customer'),
});

type CouponFields = z.infer<typeof couponFields>;
function checkCoupon(c: CouponFields, ctx: z.RefinementCtx) {
  if (c.type === 'percent' && c.value > 100) ctx.addIssue({ code: 'custom', path: ['value'], message: 'Percentage discount cannot exceed 100%' });
  if (c.usage_limit != null && c.usage_limit >= 1 && c.usage_limit_per_customer != null && c.usage_limit_per_customer > c.usage_limit)
    ctx.addIssue({ code: 'custom', path: ['usage_limit_per_customer'], message: 'Uses per customer cannot exceed total uses' });
  if (Date.parse(c.valid_to) < Date.parse(c.valid_from)) ctx.addIssue({ code: 'custom', path: ['valid_to'], message: 'Valid to must be after valid from' });
}

export const couponInput = couponFields.superRefine(checkCoupon);
export type CouponInput = z.infer<typeof couponInput>;
export const updateCouponInput = couponFields.extend({ id: z.string().trim().min(1).max(64) }).superRefine(checkCoupon);

export const couponOutput = z.object({
  id: z.string(),
  code: z.string(),
  type: z.enum(['percent', 'fixed']),
  /** percent: a number of percent (12.5); fixed: dollars. */
  value: z.number(),
  min_order_amount: z.number(),
  valid_from: z.string(),
  valid_to: z.string(),
  is_active: z.boolean(),
  /** null = unlimited. */
  usage_limit: z.number().int().nullable(),
  usage_limit_per_customer: z.number().int().nullable(),
  /** Orders that used it, cancelled ones not counted (they give the use back). */
  times_used: z.number().int(),
});
