import type { SqlClient } from '../db/sql-client';
import { readSubscribedEventTypes } from './webhooks.sql';

/**
 * Which event types some active endpoint subscribes to, cached so that a shop without webhooks
 * (or without a subscriber to this event) spends no query on an order or a stock change.
 * A change made here is seen at once; one made by another instance within TTL_MS, the bound on how
 * long such an instance may skip writing an event a newly registered endpoint wants.
 */
const SUBSCRIPTIONS_TTL_MS = 5_000;

let cached: { at: number; types: Set<string> } | null = null;
let generation = 0;

export async function subscribedEventTypes(client: SqlClient): Promise<Set<string>> {
  if (cached && Date.now() - cached.at < SUBSCRIPTIONS_TTL_MS) return cached.types;
  const at = Date.now();
  const readFor = generation;
  const types = new Set(await readSubscribedEventTypes(client));
  // A change made while this read was in flight has already cleared the cache: keep it cleared.
  if (readFor === generation) cached = { at, types };
  return types;
}

/** Called after an endpoint is created, changed or deleted on this instance. */
export function webhookSubscriptionsChanged(): void {
  generation++;
  cached = null;
}
