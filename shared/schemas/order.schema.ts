import { z } from 'zod';
import { ORDER_STATUSES } from '../constants';
import { PAYMENT_STATES } from '../domain/payment-state';
import { addressFields } from './address.schema';
import { postalCodeProblem } from '../domain/address';
import { poNumberProblem } from '../domain/net-terms';
import { idSchema } from './common.schema';

/**
 * The order request of docs/spec/storefront.md section 3. Amounts the client sends (discount_amount) are
 * accepted for compatibility and ignored: the server recomputes every figure.
 */
/** An Idempotency-Key (header or field): 8 to 200 visible ASCII characters, e.g. a UUID. */
export const idempotencyKeySchema = z
  .string()
  .trim()
  .regex(/^[\x21-\x7E]{8,200}$/, 'Idempotency-Key must be 8 to 200 visible ASCII characters (a UUID is a good choice)');

export const placeOrderInput = z.object({
  shipping_address: addressFields.superRefine((a, ctx) => {
    const problem = postalCodeProblem(a.country, a.postalCode);
    if (problem) ctx.addIssue({ code: 'custom', path: ['postalCode'], message: problem });
  }),
  /** A saved address the form was filled from; recorded as the profile's last used address. */
  address_id: idSchema.nullable().optional(),
  /** 'invoice': pay on invoice, for a member of a company with payment terms (decision 0194). */
  payment_method: z.enum(['stripe', 'invoice'], { error: 'Payment method must be stripe or invoice' }).default('stripe'),
  /** The buyer's purchase-order number, printed on the tax invoice; required on invoice when the company says so. */
  po_number: z
    .string({ error: 'A purchase-order number is text' })
    .trim()
    .superRefine((po, ctx) => {
      const problem = poNumberProblem(po, false);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    })
    .nullable()
    .optional(),
  coupon_code: z.string().trim().max(50).nullable().optional(),
  discount_amount: z.number().optional().nullable(),
  /** Gift ids; omitted means the gifts picked on the cart. */
  selected_gifts: z.array(idSchema).max(20, 'Too many gifts selected').optional(),
  /** Alternative to the Idempotency-Key header (the SPA's batched client sends it here). */
  idempotency_key: idempotencyKeySchema.optional(),
});

const orderItemOutput = z.object({
  product_id: z.string().nullable(),
  variant_id: z.string().nullable(),
  product_name: z.string(),
  sku: z.string(),
  attributes: z.record(z.string(), z.unknown()),
  product_image: z.string().nullable(),
  quantity: z.number().int(),
  price: z.number(),
  line_total: z.number(),
});

/** An order paid on invoice (decision 0194): its PO number, due day and what has been paid. */
const invoiceTermsOutput = z.object({
  po_number: z.string().nullable(),
  /** The Singapore calendar day (YYYY-MM-DD) payment falls due. */
  due_date: z.string(),
  amount_paid: z.number(),
  amount_due: z.number(),
  state: z.enum(['unpaid', 'partially_paid', 'paid']),
});

const creditNoteRef = z.object({ number: z.string(), amount: z.number(), issued_at: z.string(), pdf_url: z.string() });

/** An order answer's money (server/services/orders/order.mapper.ts orderMoney), for the buyer and the back office. */
export const orderMoneyFields = {
  /** Where the order's money stands (shared/domain/payment-state.ts). */
  payment_state: z.enum(PAYMENT_STATES),
  /** The hosted payment page (Stripe Checkout) while the order can be paid there; null without Stripe or once paid. */
  payment_url: z.string().nullable(),
  amount_refunded: z.number(),
  refunds: z.array(z.object({ id: z.string(), amount: z.number(), reason: z.string(), status: z.string(), created_at: z.string() })),
  /** Credit notes correcting the order's tax invoice, each with its PDF. */
  credit_notes: z.array(creditNoteRef),
  /** Orders paid on invoice; null for every other order. */
  invoice: invoiceTermsOutput.nullable(),
};

export const orderOutput = z.object({
  id: z.string(),
  order_number: z.string(),
  created_at: z.string(),
  status: z.enum(ORDER_STATUSES),
  payment_method: z.string(),
  items: z.array(orderItemOutput),
  item_count: z.number().int(),
  subtotal: z.number(),
  discount: z.number(),
  coupon_code: z.string().nullable(),
  gst: z.number(),
  shipping_fee: z.number(),
  total: z.number(),
  total_weight_grams: z.number().int(),
  shipping_address: z.object({
    first_name: z.string(),
    last_name: z.string(),
    full_name: z.string(),
    phone: z.string(),
    address_line1: z.string(),
    address_line2: z.string().nullable(),
    unit: z.string().nullable(),
    city: z.string(),
    state: z.string(),
    postal_code: z.string(),
    country: z.string(),
  }),
  tracking_number: z.string().nullable(),
  /** Courier name when it is one of the known ones (shared/domain/couriers.ts), else null. */
  courier: z.string().nullable(),
  /** The courier's tracking page for the number, when the courier is known. */
  tracking_url: z.string().nullable(),
  gifts: z.array(z.object({ gift_id: z.string().nullable(), name: z.string(), tier_name: z.string().nullable(), quantity: z.number().int() })),
  ...orderMoneyFields,
});
export type OrderDto = z.infer<typeof orderOutput>;
