import { z } from 'zod';
import { ORDER_STATUSES } from '../constants';
import { MY_ORDERS_MAX_LIMIT } from '../domain/my-orders';
import { isCalendarDay } from '../domain/shop-time';
import { orderOutput } from './order.schema';

// A buyer's order history, page by page (issue 38, decision 0172). The list is newest first and
// pages by a cursor rather than a page number, so orders placed while someone pages never shift
// an order onto a page they have already read.


const LIMIT_MESSAGE = `limit must be a whole number from 1 to ${MY_ORDERS_MAX_LIMIT}`;
const CURSOR_MESSAGE = 'cursor must be the next cursor of a previous page';
const day = (field: 'from' | 'to') =>
  z
    .string({ error: `${field} must be a date as YYYY-MM-DD` })
    .trim()
    .refine(isCalendarDay, `${field} must be a date as YYYY-MM-DD`)
    .optional();

export const myOrdersInput = z
  .object({
    limit: z.coerce.number({ error: LIMIT_MESSAGE }).int(LIMIT_MESSAGE).min(1, LIMIT_MESSAGE).max(MY_ORDERS_MAX_LIMIT, LIMIT_MESSAGE).optional(),
    /** The X-Next-Cursor of the previous page (also in its Link header); omitted for the first page. */
    cursor: z.string({ error: CURSOR_MESSAGE }).max(200, CURSOR_MESSAGE).optional(),
    /** All or part of an order number, any case: "PS-20261121-4F7K2Q", "4f7k", "20261121". */
    search: z.string({ error: 'search must be text' }).trim().max(40, 'Search by at most 40 characters of an order number').optional(),
    status: z.enum(ORDER_STATUSES, { error: `status must be one of ${ORDER_STATUSES.join(', ')}` }).optional(),
    /** First day placed, in Singapore time, included. */
    from: day('from'),
    /** Last day placed, in Singapore time, included. */
    to: day('to'),
  })
  .refine((i) => !i.from || !i.to || i.from <= i.to, { message: 'from must not be after to', path: ['from'] })
  .optional();
export type MyOrdersInput = z.infer<typeof myOrdersInput>;

export const myOrdersPage = z.object({
  items: z.array(orderOutput),
  /** Pass as `cursor` for the next page; null on the last page. */
  next_cursor: z.string().nullable(),
});
export type MyOrdersPage = z.infer<typeof myOrdersPage>;

/** The REST answer's headers, as the OpenAPI document describes them. */
export const myOrdersHeaders = z.object({
  'X-Next-Cursor': z.string().optional().describe('The cursor of the next page; absent on the last page'),
  Link: z.string().optional().describe('RFC 8288: the next page\'s URL with rel="next"; absent on the last page'),
});
