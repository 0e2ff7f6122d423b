import { randomUUID } from 'node:crypto';
import { listenOnChannel } from '../../lib/pg-channel';
import { catalogChanged, onCatalogChanged } from '../../lib/catalog-events';

/**
 * Cross-instance cache invalidation on PostgreSQL, so that no instance keeps serving a catalogue
 * another one has changed: a local catalogChanged() is announced with NOTIFY on one channel, and
 * every other instance LISTENing there replays it to its own subscribers. The payload is the sender's id, so an instance ignores its own echo and a
 * replayed change is never announced again (no ping-pong). If the connection drops, the cache's
 * short TTL bounds staleness until it is back.
 */
export const CATALOG_CHANNEL = 'catalog_changed';

export interface CatalogSync {
  instanceId: string;
  ready: Promise<void>;
  stop(): Promise<void>;
}

export function startCatalogSync(databaseUrl: string, log: (msg: string) => void = () => undefined): CatalogSync {
  const instanceId = randomUUID();
  let replaying = false;

  const channel = listenOnChannel(databaseUrl, CATALOG_CHANNEL, {
    onMessage(payload) {
      if (payload === instanceId) return;
      replaying = true;
      try {
        catalogChanged('another instance');
      } finally {
        replaying = false;
      }
    },
    whileDown: 'relying on the cache TTL',
    log,
  });

  const unsubscribe = onCatalogChanged(() => {
    if (!replaying) channel.notify(instanceId);
  });

  return {
    instanceId,
    ready: channel.ready,
    async stop() {
      unsubscribe();
      await channel.stop();
    },
  };
}
