import { formatShopDateTimeSeconds } from '../../../../shared/domain/shop-time';
import { WEBHOOK_EVENT_LABELS, WEBHOOK_EVENTS } from '../../../../shared/schemas/webhooks.schema';

export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];
export { WEBHOOK_EVENT_LABELS, WEBHOOK_EVENTS };

export type DeliveryStatus = 'pending' | 'sending' | 'delivered' | 'failed';

export const DELIVERY_STATUS: Record<DeliveryStatus, { label: string; tone: 'slate' | 'emerald' | 'amber' | 'red' | 'sky' }> = {
  pending: { label: 'Pending', tone: 'amber' },
  sending: { label: 'Sending', tone: 'sky' },
  delivered: { label: 'Delivered', tone: 'emerald' },
  failed: { label: 'Failed', tone: 'red' },
};

/** A delivery's moment in Singapore time, with seconds (attempts a few seconds apart are told apart). */
export const when = (iso: string) => formatShopDateTimeSeconds(iso);
