import { z } from 'zod';
import { ORDER_STATUSES } from '../constants';
import { idSchema } from './common.schema';

/** One step of an order's timeline. */
const orderHistoryEntry = z.object({
  from_status: z.enum(ORDER_STATUSES).nullable(),
  to_status: z.enum(ORDER_STATUSES),
  at: z.string(),
  /** Shopper: 'You' or the shop's name. Staff: the person's name and e-mail, or 'System'. */
  by: z.string(),
  note: z.string().nullable(),
  tracking_number: z.string().nullable(),
  courier: z.string().nullable(),
  tracking_url: z.string().nullable(),
});
export const orderHistory = z.array(orderHistoryEntry);
export type OrderHistoryEntry = z.infer<typeof orderHistoryEntry>;

export const cancelOrderInput = z.object({
  id: idSchema,
  reason: z.string().trim().max(500, 'The reason is too long (at most 500 characters)').optional(),
});
