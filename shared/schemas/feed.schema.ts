import { z } from 'zod';
import { adminOrderDetail } from './orders-admin.schema';
import { adminProduct } from './products.schema';

// Lists for integrators: everything changed since a moment, page by page, in a stable order
// (updated_at, then id) so that a sync never skips nor loops. The cursor is opaque to callers.

const FEED_MAX_LIMIT = 200;
export const FEED_DEFAULT_LIMIT = 50;

const LIMIT_MESSAGE = `limit must be a whole number from 1 to ${FEED_MAX_LIMIT}`;

export const feedInput = z
  .object({
    limit: z.coerce
      .number({ error: LIMIT_MESSAGE })
      .int(LIMIT_MESSAGE)
      .min(1, LIMIT_MESSAGE)
      .max(FEED_MAX_LIMIT, LIMIT_MESSAGE)
      .default(FEED_DEFAULT_LIMIT),
    /** next_cursor of the previous page; omitted for the first page. */
    cursor: z.string({ error: 'cursor must be the next_cursor of a previous page' }).max(200, 'cursor must be the next_cursor of a previous page').optional(),
    /** Only what changed at or after this moment (ISO 8601 with a time zone). */
    updated_since: z.iso
      .datetime({ offset: true, error: 'updated_since must be a date and time such as 2026-11-01T00:00:00Z' })
      .optional(),
  })
  .optional();
export type FeedInput = z.infer<typeof feedInput>;

const stamps = { created_at: z.string(), updated_at: z.string() };

const productFeedItem = adminProduct.extend(stamps);
const orderFeedItem = adminOrderDetail.extend({ updated_at: z.string() });

const page = <T extends z.ZodType>(item: T) =>
  z.object({
    items: z.array(item),
    /** Pass as `cursor` for the next page; null when this page is the last one for now. */
    next_cursor: z.string().nullable(),
  });

export const productFeed = page(productFeedItem);
export const orderFeed = page(orderFeedItem);
