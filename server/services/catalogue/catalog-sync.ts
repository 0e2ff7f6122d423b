import { startNotifySync, type NotifySync } from '../../lib/notify-sync';
import { catalogChanged, onCatalogChanged } from '../../lib/catalog-events';

/**
 * Cross-instance cache invalidation on PostgreSQL (the one NOTIFY sync, server/lib/notify-sync.ts),
 * so that no instance keeps serving a catalogue another one has changed: a local catalogChanged() is
 * announced on one channel, and every other instance replays it to its own subscribers. The payload
 * is the sender's id alone. If the connection drops, the caches' short TTL bounds staleness until it
 * is back.
 */
export const CATALOG_CHANNEL = 'catalog_changed';

export type CatalogSync = NotifySync;

export function startCatalogSync(databaseUrl: string, log: (msg: string) => void = () => undefined): CatalogSync {
  return startNotifySync<string>({
    databaseUrl,
    channel: CATALOG_CHANNEL,
    subscribe: onCatalogChanged,
    apply: (reason) => catalogChanged(reason),
    encode: (from) => from,
    decode: (payload) => ({ from: payload ?? '', change: 'another instance' }),
    whileDown: 'relying on the cache TTL',
    log,
  });
}
