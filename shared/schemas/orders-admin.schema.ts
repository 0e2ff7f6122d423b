import { orderMoneyFields } from './order.schema';
import { companyOutput } from './user.schema';
import { z } from 'zod';
import { ORDER_STATUSES } from '../constants';
import { COURIER_IDS } from '../domain/couriers';

export const orderListInput = z
  .object({
    status: z.enum(ORDER_STATUSES).optional(),
    /** Order number or customer email, partial and case-insensitive. */
    search: z.string().trim().max(100).optional(),
    page: z.coerce.number().int().min(1).default(1),
    page_size: z.coerce.number().int().min(1).max(100).default(20),
  })
  .optional();

const adminOrderSummary = z.object({
  id: z.string(),
  order_number: z.string(),
  email: z.string(),
  customer_name: z.string(),
  status: z.enum(ORDER_STATUSES),
  total: z.number(),
  item_count: z.number().int(),
  created_at: z.string(),
});

export const adminOrderList = z.object({
  items: z.array(adminOrderSummary),
  total: z.number().int(),
  page: z.number().int(),
  pages: z.number().int(),
});

export const adminOrderDetail = adminOrderSummary.extend({
  payment_method: z.string(),
  subtotal: z.number(),
  discount: z.number(),
  shipping: z.number(),
  gst: z.number(),
  coupon_code: z.string().nullable(),
  tracking_number: z.string().nullable(),
  courier: z.string().nullable(),
  tracking_url: z.string().nullable(),
  shipping_address: z.object({
    full_name: z.string(),
    phone: z.string(),
    address_line1: z.string(),
    address_line2: z.string().nullable(),
    unit: z.string().nullable(),
    postal_code: z.string(),
    city: z.string(),
    state: z.string(),
    country: z.string(),
  }),
  items: z.array(
    z.object({
      id: z.string(),
      variant_id: z.string().nullable(),
      product_name: z.string(),
      sku: z.string(),
      product_image: z.string().nullable(),
      quantity: z.number().int(),
      /** The variant as ordered: size code (e.g. 25x35, in cm), colour and type; null when the line did not record it. */
      size: z.string().nullable(),
      color: z.string().nullable(),
      type: z.string().nullable(),
      pack_size: z.number().int().min(1),
      unit_price: z.number(),
      line_total: z.number(),
    }),
  ),
  gifts: z.array(z.object({ id: z.string(), gift_name: z.string(), tier_name: z.string().nullable(), quantity: z.number().int() })),
  paid_at: z.string().nullable(),
  shipped_at: z.string().nullable(),
  delivered_at: z.string().nullable(),
  cancelled_at: z.string().nullable(),
  allowed_next: z.array(z.enum(ORDER_STATUSES)),
  /** The buyer's company (name, UEN or SSM number, GST or SST number) as it was when the order was placed; null for a private buyer. */
  company: companyOutput.nullable(),
  ...orderMoneyFields,
});

export const updateOrderStatusInput = z
  .object({
    id: z.string().trim().min(1).max(64),
    status: z.enum(ORDER_STATUSES, { error: `Status must be one of: ${ORDER_STATUSES.join(', ')}` }),
    tracking_number: z.string().trim().max(100, 'Tracking number is too long').optional(),
    /** When shipping: a known courier links the tracking number to its tracking page. */
    courier: z.enum([...COURIER_IDS, 'other'], { error: `Courier must be one of: ${[...COURIER_IDS, 'other'].join(', ')}` }).optional(),
    /** Recorded in the order's history; told to the customer as the reason when cancelling. */
    note: z.string().trim().max(500, 'The note is too long (at most 500 characters)').optional(),
  })
  .superRefine((v, ctx) => {
    if (v.status === 'shipped' && !v.tracking_number) {
      ctx.addIssue({ code: 'custom', path: ['tracking_number'], message: 'Please enter a tracking number to ship this order' });
    }
  });
