import { z } from 'zod';
import { contractTiersProblem, parsePercentOff } from '../domain/price-list';
import { idSchema } from './common.schema';

// Price lists (decisions 0192, 0193): the owner's side (/admin/price-lists). Money on the wire is
// dollars with at most two decimals; the service keeps cents.

const noNul = (s: string) => !s.includes('\u0000');

const priceListNameSchema = z
  .string({ error: 'The name is required' })
  .trim()
  .min(1, 'The name is required')
  .max(120, 'The name is at most 120 characters')
  .refine(noNul, 'The name cannot contain NUL characters');

/** "12.5" or 12.5 → basis points, refused with the rule's own message (two decimals, below 100). */
const percentOffSchema = z.union([z.string().max(20), z.number()], { error: 'The percentage off must be a number from 0 to 99.99.' }).transform((v, ctx) => {
  const parsed = parsePercentOff(v);
  if ('error' in parsed) {
    ctx.addIssue({ code: 'custom', message: parsed.error });
    return z.NEVER;
  }
  return parsed.basisPoints;
});

/** A tier price in dollars: more than 0, at most two decimals (never rounded silently). */
const contractPriceSchema = z
  .number({ error: 'A price is an amount in dollars' })
  .finite('A price is an amount in dollars')
  .max(1_000_000, 'A price is at most $1,000,000')
  .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, 'A price has at most two decimals (whole cents)')
  .refine((v) => v > 0, 'A listed price must be more than $0.00.');

const tierSchema = z.object({
  min_quantity: z.number({ error: 'A tier needs a minimum quantity' }).int('Each tier needs a minimum quantity of 1 or more.').min(1, 'Each tier needs a minimum quantity of 1 or more.').max(1_000_000),
  price: contractPriceSchema,
});

const skuSchema = z
  .string({ error: 'A SKU is required' })
  .trim()
  .min(1, 'A SKU is required')
  .max(64, 'A SKU is at most 64 characters')
  .refine(noNul, 'A SKU cannot contain NUL characters');

export const priceListItemInput = z
  .object({ sku: skuSchema, tiers: z.array(tierSchema).min(1, 'A listed price needs at least one tier.').max(20, 'At most 20 tiers') })
  .superRefine((item, ctx) => {
    const problem = contractTiersProblem(item.tiers.map((t) => ({ min_quantity: t.min_quantity, price: Math.round(t.price * 100) })));
    if (problem) ctx.addIssue({ code: 'custom', message: `${item.sku}: ${problem}`, path: ['tiers'] });
  });

const itemsSchema = z
  .array(priceListItemInput)
  .max(5000, 'At most 5,000 listed prices')
  .superRefine((items, ctx) => {
    const seen = new Set<string>();
    for (const it of items) {
      const key = it.sku.toUpperCase();
      if (seen.has(key)) ctx.addIssue({ code: 'custom', message: `${it.sku} is listed twice` });
      seen.add(key);
    }
  });

export const createPriceListInput = z.object({
  name: priceListNameSchema,
  percent_off: percentOffSchema.optional().default(0),
  items: itemsSchema.optional().default([]),
});

/** What is sent changes; items, when sent, replace the list's listed prices entirely. */
export const updatePriceListInput = z.object({
  id: idSchema,
  name: priceListNameSchema.optional(),
  percent_off: percentOffSchema.optional(),
  items: itemsSchema.optional(),
});

export const priceListListInput = z
  .object({
    search: z.string().trim().max(100).optional(),
    page: z.coerce.number().int().min(1).max(10_000).default(1),
    page_size: z.coerce.number().int().min(1).max(100).default(20),
  })
  .optional();

const tierOutput = z.object({ min_quantity: z.number().int(), price: z.number() });

const priceListOutput = z.object({
  id: z.string(),
  name: z.string(),
  percent_off: z.number().describe('Percentage off the list price for every variant the list does not name (0 to 99.99)'),
  item_count: z.number().int(),
  company_count: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type PriceListDto = z.infer<typeof priceListOutput>;

export const priceListDetailOutput = priceListOutput.extend({
  items: z.array(z.object({ variant_id: z.string(), sku: z.string(), product_name: z.string(), list_tiers: z.array(tierOutput), tiers: z.array(tierOutput) })),
});
export type PriceListDetailDto = z.infer<typeof priceListDetailOutput>;

export const priceListListOutput = z.object({ items: z.array(priceListOutput), total: z.number().int(), page: z.number().int(), pages: z.number().int() });
