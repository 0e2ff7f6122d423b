import { z } from 'zod';

export const dashboardOutput = z.object({
  sku_count: z.number().int(),
  order_count: z.number().int(),
  customer_count: z.number().int(),
  active_coupons: z.number().int(),
  pending_orders: z.number().int(),
  low_stock_count: z.number().int(),
  unread_messages: z.number().int(),
});
