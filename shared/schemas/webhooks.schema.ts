import { z } from 'zod';
import { idSchema } from './common.schema';

/** What an endpoint can subscribe to. `webhook.test` is sent only by the back office's "Send test". */
export const WEBHOOK_EVENTS = [
  'order.created',
  'order.status_changed',
  'order.cancelled',
  'order.paid',
  'order.refunded',
  'credit_note.issued',
  'inventory.adjusted',
  'inventory.low_stock',
  'product.created',
  'product.updated',
  'product.deleted',
  'quote.requested',
  'quote.accepted',
  'company.created',
  'company.updated',
  'company.member_added',
  'company.member_removed',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENTS)[number] | 'webhook.test';

export const WEBHOOK_EVENT_LABELS: Record<(typeof WEBHOOK_EVENTS)[number], string> = {
  'order.created': 'An order was placed',
  'order.status_changed': 'An order moved to another status (paid, shipped, cancelled ...)',
  'order.cancelled': 'An order was cancelled, by staff or the shopper',
  'order.paid': 'Payment for an order arrived (Stripe, a matched bank transfer, or marked by staff)',
  'order.refunded': 'Money was given back for an order (full or partial)',
  'credit_note.issued': 'A credit note was issued against an order\'s tax invoice (refund or cancellation)',
  'inventory.adjusted': 'Stock was adjusted by staff or a stock import',
  'inventory.low_stock': 'A variant fell to the low-stock level',
  'product.created': 'A product was created (form or CSV import)',
  'product.updated': 'A product or its variants changed (form or CSV import)',
  'product.deleted': 'A product was deleted',
  'quote.requested': 'A buyer asked for a quote, or staff started one for a customer',
  'quote.accepted': 'A buyer accepted a quote, placing an order at its prices',
  'company.created': 'A company was created (by the owner, or a buyer saving company details)',
  'company.updated': "A company's details, terms or a member's role changed",
  'company.member_added': 'A buyer joined a company (added by the owner, or accepting an invitation)',
  'company.member_removed': 'A buyer was removed from a company, or left it',
};

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'sending', 'delivered', 'failed'] as const;

/** http(s) only, no user:password in it (it would show in the back office and in logs). */
const webhookUrlSchema = z
  .string({ error: 'Please enter the receiver URL' })
  .trim()
  .min(1, 'Please enter the receiver URL')
  .max(2000, 'The URL can be at most 2000 characters')
  .refine(isHttpUrl, 'The URL must start with http:// or https:// and name a host')
  .refine((v) => !isHttpUrl(v) || !hasCredentials(v), 'Leave user names and passwords out of the URL');

function isHttpUrl(v: string): boolean {
  try {
    const u = new URL(v);
    return (u.protocol === 'http:' || u.protocol === 'https:') && u.hostname !== '';
  } catch {
    return false;
  }
}

function hasCredentials(v: string): boolean {
  const u = new URL(v);
  return u.username !== '' || u.password !== '';
}

const eventsSchema = z
  .array(z.enum(WEBHOOK_EVENTS, { error: `Events must be among ${WEBHOOK_EVENTS.join(', ')}` }), { error: 'Choose at least one event' })
  .min(1, 'Choose at least one event')
  .max(WEBHOOK_EVENTS.length)
  .transform((e) => [...new Set(e)]);

const descriptionSchema = z.string().trim().max(200, 'The description can be at most 200 characters');

export const createWebhookInput = z.object({
  url: webhookUrlSchema,
  events: eventsSchema,
  description: descriptionSchema.default(''),
  active: z.boolean().default(true),
});
export type CreateWebhookInput = z.infer<typeof createWebhookInput>;

export const updateWebhookInput = z.object({
  id: idSchema,
  url: webhookUrlSchema.optional(),
  events: eventsSchema.optional(),
  description: descriptionSchema.optional(),
  active: z.boolean().optional(),
});
export type UpdateWebhookInput = z.infer<typeof updateWebhookInput>;

export const webhookIdInput = z.object({ id: idSchema });

export const webhookEndpointRow = z.object({
  id: z.string(),
  url: z.string(),
  description: z.string(),
  events: z.array(z.string()),
  active: z.boolean(),
  created_by: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  /** Deliveries still to be made (pending or being sent) and given up. */
  waiting: z.number().int(),
  failed: z.number().int(),
});

/** The signing secret (whsec_...), for the integrator to verify deliveries with. */
export const webhookSecret = z.object({
  id: z.string(),
  secret: z.string(),
  /** After a rotation the old secret still signs deliveries (a second signature) until then. */
  previous_secret_expires_at: z.string().nullable(),
});

export const createdWebhook = webhookEndpointRow.extend({ secret: z.string() });

export const webhookDeliveriesInput = z.object({
  id: idSchema,
  status: z.enum(WEBHOOK_DELIVERY_STATUSES, { message: `status must be one of ${WEBHOOK_DELIVERY_STATUSES.join(', ')}` }).optional(),
  page: z.coerce.number().int('Page must be a whole number').min(1, 'Page must be at least 1').max(100_000).default(1),
});

const webhookDeliveryRow = z.object({
  id: z.string(),
  endpoint_id: z.string(),
  event_id: z.string(),
  event_type: z.string(),
  resource: z.string(),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: z.number().int(),
  next_attempt_at: z.string(),
  last_status_code: z.number().int().nullable(),
  last_error: z.string().nullable(),
  delivered_at: z.string().nullable(),
  created_at: z.string(),
});

export const webhookDeliveryList = z.object({
  items: z.array(webhookDeliveryRow),
  total: z.number().int(),
  page: z.number().int(),
  pages: z.number().int(),
});

const webhookAttemptRow = z.object({
  started_at: z.string(),
  duration_ms: z.number().int(),
  status_code: z.number().int().nullable(),
  response_excerpt: z.string().nullable(),
  error: z.string().nullable(),
});

/** One delivery with the exact body sent and every attempt, newest first. */
export const webhookDeliveryDetail = webhookDeliveryRow.extend({
  payload: z.string(),
  attempt_log: z.array(webhookAttemptRow),
});

export const webhookDeliveryIdInput = z.object({ id: idSchema });
