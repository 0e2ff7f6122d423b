import type { Prisma } from '@prisma/client';
import type { SqlClient } from '../db/sql-client';
import type { WebhookEventType } from '../../shared/schemas/webhooks.schema';
import { noteWebhooksQueued } from '../db/unit-of-work';
import { newMessageId } from './signing';
import { subscribedEventTypes } from './subscriptions';
import { insertEventsWithDeliveries, insertEventWithDeliveries, insertTestEvent } from './webhooks.sql';
import { newId } from '../db/ids';

type Tx = Prisma.TransactionClient;

/**
 * Writes an event and one delivery per subscribed active endpoint, inside the caller's transaction
 * so that it exists exactly when the change that caused it was committed. Nothing is written, and
 * `data` is never computed, when no active endpoint wants this type.
 *
 * `resource` (order:<id>, variant:<id>, product:<id>) orders deliveries: an endpoint gets a
 * resource's events in the order of their `seq`, which follows commit order because every caller
 * emits after writing (and so locking) the resource's row.
 */
export async function emitWebhook(tx: SqlClient, type: WebhookEventType, resource: string, data: () => unknown): Promise<void> {
  if (!(await subscribedEventTypes(tx)).has(type)) return;
  const body = eventBody(type, new Date().toISOString(), await data());
  const id = newMessageId();
  noteWebhooksQueued(tx);
  await insertEventWithDeliveries(tx, { id, type, resource, body });
}

/** What a receiver gets, the same for one event or many. */
const eventBody = (type: WebhookEventType, timestamp: string, data: unknown) => JSON.stringify({ type, timestamp, data });

/**
 * emitWebhook for many events of one type, in one statement whatever their number (a stock count
 * may change 50,000 variants; one statement each took minutes). Events of one resource get their
 * seq in the order given; call once per type in the order a resource's events must reach receivers.
 */
export async function emitWebhooks(tx: SqlClient, type: WebhookEventType, events: { resource: string; data: unknown }[]): Promise<void> {
  if (!events.length || !(await subscribedEventTypes(tx)).has(type)) return;
  const timestamp = new Date().toISOString();
  noteWebhooksQueued(tx);
  await insertEventsWithDeliveries(
    tx,
    type,
    events.map((e) => ({ id: newMessageId(), resource: e.resource, body: eventBody(type, timestamp, e.data) })),
  );
}

/** Writes a `webhook.test` event for one endpoint, whatever it subscribes to. */
export async function emitTestWebhook(tx: Tx, endpointId: string): Promise<string> {
  const id = newMessageId();
  const body = JSON.stringify({ type: 'webhook.test', timestamp: new Date().toISOString(), data: { endpoint_id: endpointId, message: 'A test event from PackShop' } });
  const resource = `endpoint:${endpointId}`;
  noteWebhooksQueued(tx);
  const seq = await insertTestEvent(tx, { id, resource, body });
  const delivery = await tx.webhookDelivery.create({ data: { id: newId(), eventId: id, endpointId, resourceKey: resource, seq }, select: { id: true } });
  return delivery.id;
}

// Set after a commit that wrote something to deliver (wakeWebhooks, run after the commit); the
// sender checks it when woken, so requests that wrote no event never make it query.
let webhooksQueued = false;

export function takeQueuedFlag(): boolean {
  const was = webhooksQueued;
  webhooksQueued = false;
  return was;
}

const wakers = new Set<() => void>();

export function onWebhooksWake(fn: () => void): () => void {
  wakers.add(fn);
  return () => wakers.delete(fn);
}

/** After a commit that queued deliveries, by the commit signal's subscriber (server/after-commit.ts). */
export function wakeWebhooks(): void {
  webhooksQueued = true;
  for (const fn of wakers) fn();
}
