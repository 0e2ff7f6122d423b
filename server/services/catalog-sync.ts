import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { catalogChanged, onCatalogChanged } from '../lib/catalog-events';

/**
 * Cross-instance cache invalidation on PostgreSQL (design.md section 6): a local catalogChanged()
 * is announced with NOTIFY on one channel, and every other instance LISTENing there replays it to
 * its own subscribers. The payload is the sender's id, so an instance ignores its own echo and a
 * replayed change is never announced again (no ping-pong). If the connection drops, the cache's
 * short TTL bounds staleness until it is back.
 */
export const CATALOG_CHANNEL = 'catalog_changed';
const RECONNECT_MS = 2_000;

export interface CatalogSync {
  instanceId: string;
  ready: Promise<void>;
  stop(): Promise<void>;
}

export function startCatalogSync(databaseUrl: string, log: (msg: string) => void = () => undefined): CatalogSync {
  const instanceId = randomUUID();
  let client: pg.Client | null = null;
  let stopped = false;
  let replaying = false;

  const connect = async (): Promise<void> => {
    const c = new pg.Client({ connectionString: databaseUrl });
    c.on('notification', (msg) => {
      if (msg.channel !== CATALOG_CHANNEL || msg.payload === instanceId) return;
      replaying = true;
      try {
        catalogChanged('another instance');
      } finally {
        replaying = false;
      }
    });
    c.on('error', () => undefined);
    c.on('end', () => {
      if (client === c) client = null;
      if (!stopped) setTimeout(() => void connect().catch(() => undefined), RECONNECT_MS).unref();
    });
    await c.connect();
    await c.query(`LISTEN ${CATALOG_CHANNEL}`);
    client = c;
  };

  const unsubscribe = onCatalogChanged(() => {
    if (replaying || !client) return;
    client.query('SELECT pg_notify($1, $2)', [CATALOG_CHANNEL, instanceId]).catch((err: Error) => log(`catalog NOTIFY failed: ${err.message}`));
  });

  const ready = connect().catch((err: Error) => {
    log(`catalog LISTEN unavailable (${err.message}); relying on the cache TTL`);
  });

  return {
    instanceId,
    ready,
    async stop() {
      stopped = true;
      unsubscribe();
      await client?.end().catch(() => undefined);
    },
  };
}
