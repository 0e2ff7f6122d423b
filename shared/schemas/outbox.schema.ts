import { z } from 'zod';
import { idSchema } from './common.schema';

export const OUTBOX_STATUSES = ['pending', 'sending', 'sent', 'failed', 'kept'] as const;

export const outboxListInput = z
  .object({
    status: z.enum(OUTBOX_STATUSES, { message: `status must be one of ${OUTBOX_STATUSES.join(', ')}` }).optional(),
    search: z.string().trim().max(200, 'Search is too long').optional(),
    page: z.coerce.number().int('Page must be a whole number').min(1, 'Page must be at least 1').max(100_000).default(1),
  })
  .optional();

const outboxRow = z.object({
  id: z.string(),
  template: z.string(),
  to: z.string(),
  subject: z.string(),
  status: z.enum(OUTBOX_STATUSES),
  attempts: z.number().int(),
  last_error: z.string().nullable(),
  next_attempt_at: z.string(),
  sent_at: z.string().nullable(),
  order_id: z.string().nullable(),
  created_at: z.string(),
});

export const outboxList = z.object({
  items: z.array(outboxRow),
  total: z.number().int(),
  page: z.number().int(),
  pages: z.number().int(),
  /** false: no SMTP_URL, so messages are kept here rather than delivered. */
  smtp_configured: z.boolean(),
});

export const outboxMessage = outboxRow.extend({ html: z.string(), text: z.string() });

export const outboxIdInput = z.object({ id: idSchema });
