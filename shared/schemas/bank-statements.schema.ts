import { z } from 'zod';
import { idSchema } from './common.schema';

// Bank statement lines in the back office and the REST API (decision 0168). Money in dollars.

const bankLineStatus = z.enum(['review', 'matched', 'applied', 'dismissed'], { error: "status must be 'review', 'matched', 'applied' or 'dismissed'" });

export const bankLinesInput = z.object({
  status: bankLineStatus.default('review'),
  page: z.coerce.number().int('page must be a whole number').min(1, 'page must be at least 1').max(100_000).default(1),
  page_size: z.coerce.number().int('page_size must be a whole number').min(1, 'page_size must be at least 1').max(200, 'page_size is at most 200').default(50),
});

export const bankLineDto = z.object({
  id: z.string(),
  bank: z.string(),
  date: z.string(),
  amount: z.number(),
  description: z.string(),
  reference: z.string(),
  status: z.string(),
  /** unknown_reference | short_payment | over_payment | several_orders | order_not_payable */
  problem: z.string().nullable(),
  order_id: z.string().nullable(),
  order_number: z.string().nullable(),
  order_total: z.number().nullable(),
  order_status: z.string().nullable(),
  created_at: z.string(),
  decided_at: z.string().nullable(),
});
export type BankLine = z.infer<typeof bankLineDto>;

export const bankLineList = z.object({ items: z.array(bankLineDto), total: z.number(), page: z.number(), pages: z.number() });

export const applyBankLineInput = z
  .object({
    id: idSchema,
    /** The order this money pays; or give its order_number. */
    order_id: idSchema.optional(),
    order_number: z.string().trim().min(1).max(40, 'order_number is at most 40 characters').optional(),
  })
  .refine((v) => !!v.order_id || !!v.order_number, { message: 'Give order_id or order_number: the order this money pays' });

export const dismissBankLineInput = z.object({
  id: idSchema,
  note: z.string().trim().max(500, 'note is at most 500 characters').optional(),
});
