import type { SqlClient } from '../db/sql-client';
import { BoundedCache } from '../lib/bounded-cache';
import { readSubscribedEventTypes } from './webhooks.sql';

/**
 * Which event types some active endpoint subscribes to, cached so that a shop without webhooks
 * (or without a subscriber to this event) spends no query on an order or a stock change.
 * A change made here is seen at once; one made by another instance within TTL_MS, the bound on how
 * long such an instance may skip writing an event a newly registered endpoint wants.
 */
const SUBSCRIPTIONS_TTL_MS = 5_000;

// One value (the shop's endpoints), in the one bounded cache (server/lib/bounded-cache.ts): a change
// made while a read is in flight drops it, so that read is not kept.
const subscribed = new BoundedCache<Set<string>>({ maxEntries: 1, ttlMs: SUBSCRIPTIONS_TTL_MS });

export function subscribedEventTypes(client: SqlClient): Promise<Set<string>> {
  return subscribed.get('types', async () => new Set(await readSubscribedEventTypes(client)));
}

/** Called after an endpoint is created, changed or deleted on this instance. */
export function webhookSubscriptionsChanged(): void {
  subscribed.clear();
}
