import { z } from 'zod';
import { idSchema } from './common.schema';
import { isCalendarDay } from '../domain/report-range';

// Refunds and credit notes of orders in the back office and the REST API (decision 0166). Money is in
// dollars with at most two decimals on the wire, as everywhere in the API.

const twoDecimals = (n: number) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6;

export const refundInput = z.object({
  id: idSchema,
  amount: z
    .number({ error: 'amount must be a number of dollars' })
    .finite('amount must be a number of dollars')
    .gt(0, 'amount must be more than 0')
    .max(1_000_000, 'amount is too large')
    .refine(twoDecimals, 'amount has at most 2 decimals'),
  reason: z.string({ error: 'reason is required' }).trim().min(1, 'Please give a reason').max(500, 'reason is at most 500 characters'),
  restock: z.boolean({ error: 'restock must be true or false' }),
  /** The bank transfer's (or PayNow's) reference of the money sent back; required for payments not made through Stripe. */
  reference: z.string().trim().max(100, 'reference is at most 100 characters').optional(),
  /** The order lines the refund is for; with restock, only these go back to stock (all lines when none are named). */
  lines: z
    .array(z.object({ item_id: idSchema, quantity: z.number().int('quantity must be a whole number').min(1, 'quantity must be at least 1').max(100_000) }))
    .max(500, 'at most 500 lines')
    .optional(),
});
export type RefundInput = z.infer<typeof refundInput>;

/** How money for an invoice came in, as staff record it. */
export const INVOICE_PAYMENT_METHODS = ['bank_transfer', 'paynow', 'cheque', 'cash', 'card', 'other'] as const;

/** A payment received against an order on invoice (decision 0201): in part or in full, never more than it owes. */
export const recordPaymentInput = z.object({
  id: idSchema,
  amount: refundInput.shape.amount,
  method: z.enum(INVOICE_PAYMENT_METHODS, { error: `method is one of ${INVOICE_PAYMENT_METHODS.join(', ')}` }).default('bank_transfer'),
  /** What the payer wrote: the transfer's reference, the cheque number. */
  reference: z.string().trim().max(100, 'reference is at most 100 characters').optional(),
  /** The Singapore calendar day the money arrived (YYYY-MM-DD); today when left out; never in the future. */
  paid_on: z.string().max(10, 'paid_on must be a date as YYYY-MM-DD').refine(isCalendarDay, 'paid_on must be a date as YYYY-MM-DD').optional(),
});

const creditNoteRef = z.object({ number: z.string(), pdf_url: z.string() });

export const refundDto = z.object({
  id: z.string(),
  order_id: z.string(),
  amount: z.number(),
  reason: z.string(),
  /** stripe | paynow | bank_transfer | manual */
  provider: z.string(),
  reference: z.string().nullable(),
  provider_refund_id: z.string().nullable(),
  /** pending | succeeded | failed */
  status: z.enum(['pending', 'succeeded', 'failed']),
  restock: z.boolean(),
  lines: z.array(z.object({ item_id: z.string(), quantity: z.number() })).nullable(),
  created_at: z.string(),
  credit_note: creditNoteRef.nullable(),
});

export const refundList = z.object({
  /** What is still refundable: payments received less refunds that did not fail. */
  refundable: z.number(),
  items: z.array(refundDto),
});

const paymentDto = z.object({
  id: z.string(),
  provider: z.string(),
  method: z.string(),
  amount: z.number(),
  currency: z.string(),
  provider_ref: z.string(),
  reference: z.string().nullable(),
  paid_at: z.string(),
});
export const paymentList = z.object({ paid: z.number(), refunded: z.number(), refundable: z.number(), items: z.array(paymentDto) });

const day = (label: string) =>
  z
    .string()
    .max(10, `${label} must be a date as YYYY-MM-DD`)
    .refine(isCalendarDay, `${label} must be a date as YYYY-MM-DD`)
    .optional();

export const creditNoteListInput = z
  .object({
    /** Calendar days in the shop's time zone, both included. */
    from: day('from'),
    to: day('to'),
    page: z.coerce.number().int().min(1).max(100_000).optional(),
    page_size: z.coerce.number().int().min(1).max(200).optional(),
  })
  .refine((v) => !v.from || !v.to || v.from <= v.to, { message: 'from must be on or before to', path: ['from'] });

const creditNoteDto = z.object({
  number: z.string(),
  kind: z.enum(['refund', 'cancellation']),
  amount: z.number(),
  gst: z.number(),
  reason: z.string(),
  refund_id: z.string().nullable(),
  issued_at: z.string(),
  order_id: z.string(),
  order_number: z.string(),
  invoice_number: z.string().nullable(),
  pdf_url: z.string(),
});
export const creditNoteList = z.object({ items: z.array(creditNoteDto), total: z.number(), page: z.number(), pages: z.number() });
