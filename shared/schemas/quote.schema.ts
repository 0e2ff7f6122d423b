// Requests for quote: the buyer asks (from the cart, a product page or quick order), staff price and
// send, the buyer accepts once into an order at those prices (docs/decisions/0143-request-for-quote.md). Money on the wire is dollars.
import { z } from 'zod';
import { daysFromToday, isCalendarDate, MAX_QUOTE_LINES, MAX_QUOTE_VALIDITY_DAYS, QUOTE_STATUSES } from '../domain/quotes';
import { MAX_LINE_QUANTITY } from './cart.schema';
import { idSchema } from './common.schema';
import { placeOrderInput } from './order.schema';
import { companyOutput } from './user.schema';

const calendarDate = (label: string) =>
  z
    .string({ error: `${label} must be a date (YYYY-MM-DD)` })
    .trim()
    .refine(isCalendarDate, `${label} must be a date (YYYY-MM-DD)`);

const note = z.string({ error: 'Note must be text' }).trim().max(2000, 'Note is too long (2000 characters at most)');

const quoteQuantity = z
  .number({ error: 'Quantity must be a number' })
  .int('Quantity must be a whole number')
  .min(1, 'Quantity must be at least 1')
  .max(MAX_LINE_QUANTITY, `Quantity cannot be more than ${MAX_LINE_QUANTITY}`);

/** A line of a quote by SKU and quantity (packs), as a product page, quick order and staff send it. */
const quoteLineInput = z.object({
  sku: z.string({ error: 'SKU is required' }).trim().min(1, 'SKU is required').max(100),
  quantity: quoteQuantity,
});

/**
 * The buyer's request: for the given lines (a product page, quick order), which may ask for more
 * than is in stock and leave the cart alone, or without lines for the current cart (decision 0180).
 */
export const requestQuoteInput = z.object({
  lines: z
    .array(quoteLineInput, { error: 'Lines must be a list' })
    .min(1, 'Add at least one line')
    .max(MAX_QUOTE_LINES, `A quote holds at most ${MAX_QUOTE_LINES} lines`)
    .optional(),
  note: note.nullable().optional(),
  /** The delivery date the buyer needs the goods by. */
  target_date: calendarDate('Target delivery date')
    .refine((d) => daysFromToday(d) >= 0, 'Target delivery date cannot be in the past')
    .refine((d) => daysFromToday(d) <= 366, 'Target delivery date is too far ahead (a year at most)')
    .nullable()
    .optional(),
});

/** Accepting places the order: the same address and payment fields (and Idempotency-Key) as POST /orders. */
export const acceptQuoteInput = placeOrderInput
  .pick({ shipping_address: true, address_id: true, payment_method: true, po_number: true, idempotency_key: true })
  .extend({ id: idSchema });

const unitPrice = z
  .number({ error: 'Unit price must be a number' })
  .finite()
  .gt(0, 'Unit price must be more than 0')
  .max(100_000, 'Unit price is too large')
  .refine((n) => Number.isInteger(Math.round(n * 100 * 1e6) / 1e6), 'Unit price has at most two decimals');

/** Staff price every line, set the shipping fee, validity and message, and send. */
export const sendQuoteInput = z.object({
  id: idSchema,
  lines: z
    .array(z.object({ line_id: idSchema, unit_price: unitPrice }), { error: 'Lines must be a list' })
    .min(1, 'Give a price for every line of the quote')
    .max(MAX_QUOTE_LINES),
  shipping_fee: z
    .number({ error: 'Shipping fee must be a number' })
    .finite()
    .min(0, 'Shipping fee cannot be negative')
    .max(10_000, 'Shipping fee is too large')
    .refine((n) => Number.isInteger(Math.round(n * 100 * 1e6) / 1e6), 'Shipping fee has at most two decimals'),
  valid_until: calendarDate('Valid until')
    .refine((d) => daysFromToday(d) >= 0, 'Valid until cannot be in the past')
    .refine((d) => daysFromToday(d) <= MAX_QUOTE_VALIDITY_DAYS, `A quote can be valid for ${MAX_QUOTE_VALIDITY_DAYS} days at most`),
  message: z.string({ error: 'Message must be text' }).trim().max(2000, 'Message is too long (2000 characters at most)').nullable().optional(),
});

/** Staff start a quote for a customer by e-mail and SKUs. */
export const createQuoteInput = z.object({
  customer_email: z.string({ error: 'Customer e-mail is required' }).trim().toLowerCase().email('Enter the customer\'s e-mail address').max(254),
  lines: z
    .array(quoteLineInput, { error: 'Lines must be a list' })
    .min(1, 'Add at least one line')
    .max(MAX_QUOTE_LINES, `A quote holds at most ${MAX_QUOTE_LINES} lines`),
  note: note.nullable().optional(),
});

export const adminQuoteListInput = z
  .object({
    status: z.enum(QUOTE_STATUSES).optional(),
    /** Quote number or customer e-mail, partial and case-insensitive. */
    search: z.string().trim().max(100).optional(),
    page: z.coerce.number().int().min(1).max(10_000).default(1),
    page_size: z.coerce.number().int().min(1).max(100).default(20),
  })
  .optional();

const quoteLineOutput = z.object({
  id: z.string(),
  variant_id: z.string().nullable(),
  sku: z.string(),
  product_name: z.string(),
  pack_size: z.number().int(),
  quantity: z.number().int(),
  /** The tier price for the quantity when the quote was asked for: a company member's contract price (decision 0193). */
  list_price: z.number(),
  /** The quoted price; null until staff price it. */
  unit_price: z.number().nullable(),
  line_total: z.number().nullable(),
});

export const quoteOutput = z.object({
  id: z.string(),
  quote_number: z.string(),
  status: z.enum(QUOTE_STATUSES),
  note: z.string().nullable(),
  target_date: z.string().nullable(),
  company: companyOutput.nullable(),
  lines: z.array(quoteLineOutput),
  /** Null until priced; then what the order will charge (GST included in the total). */
  subtotal: z.number().nullable(),
  shipping_fee: z.number().nullable(),
  gst: z.number().nullable(),
  total: z.number().nullable(),
  valid_until: z.string().nullable(),
  message: z.string().nullable(),
  order_id: z.string().nullable(),
  order_number: z.string().nullable(),
  started_by_staff: z.boolean(),
  created_at: z.string(),
  quoted_at: z.string().nullable(),
});
export type QuoteDto = z.infer<typeof quoteOutput>;

const quoteSummary = z.object({
  id: z.string(),
  quote_number: z.string(),
  status: z.enum(QUOTE_STATUSES),
  email: z.string(),
  customer_name: z.string(),
  company_name: z.string().nullable(),
  line_count: z.number().int(),
  total: z.number().nullable(),
  valid_until: z.string().nullable(),
  created_at: z.string(),
});
export type QuoteSummaryDto = z.infer<typeof quoteSummary>;

export const adminQuoteList = z.object({
  items: z.array(quoteSummary),
  total: z.number().int(),
  page: z.number().int(),
  pages: z.number().int(),
});

/** A quote as staff see it: with who asked and what they bought and asked for before. */
export const adminQuoteDetail = quoteOutput.extend({
  buyer: z.object({
    id: z.string(),
    email: z.string(),
    name: z.string(),
    order_count: z.number().int(),
    total_spent: z.number(),
    recent_orders: z.array(z.object({ id: z.string(), order_number: z.string(), status: z.string(), total: z.number(), created_at: z.string() })),
    other_quotes: z.array(z.object({ id: z.string(), quote_number: z.string(), status: z.enum(QUOTE_STATUSES), total: z.number().nullable(), created_at: z.string() })),
  }),
});
export type AdminQuoteDetailDto = z.infer<typeof adminQuoteDetail>;
