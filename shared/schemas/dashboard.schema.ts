import { z } from 'zod';

export const dashboardOutput = z.object({
  sku_count: z.number().int(),
  order_count: z.number().int(),
  customer_count: z.number().int(),
  active_coupons: z.number().int(),
  pending_orders: z.number().int(),
  /** Variants with 5 or less available, those out of stock included. */
  low_stock_count: z.number().int(),
  /** Variants with none available. */
  out_of_stock_count: z.number().int(),
  unread_messages: z.number().int(),
  /** Image values that are not images the shop stores: saved before that rule, kept until fixed. */
  unstored_image_count: z.number().int(),
  /** The first 20 of them, for the warning on the dashboard. */
  unstored_images: z.array(z.object({ product_id: z.string(), product_name: z.string(), url: z.string() })),
  /** What companies owe on invoice today, in dollars (the receivables report's total, decision 0199). */
  receivables: z.number(),
  /** The part of it past its due day. */
  overdue_receivables: z.number(),
});
