import { randomUUID } from 'node:crypto';
import pg from 'pg';

/**
 * The one cross-instance sync (docs/decisions/0183-one-cache-one-worker-one-sync.md): what one
 * instance changes locally is announced with PostgreSQL NOTIFY on a channel, and every other
 * instance LISTENing there applies it to its own cache (catalog-sync.ts, session-sync.ts).
 *
 * - Each payload carries the sender's instance id, so an instance ignores its own echo, and a change
 *   applied from another instance is never announced again (no ping-pong).
 * - One dedicated connection LISTENs (a pooled one cannot) and comes back on its own RECONNECT_MS
 *   after it ends; anything announced while it was down is lost, so a cache either clears itself on
 *   `onConnected`/`onDisconnected` or relies on its short TTL (`whileDown` says which, in the log).
 * - NOTIFYs go out one at a time on that connection, and are dropped while it is down.
 */
const RECONNECT_MS = 2_000;

export interface NotifySyncOptions<C> {
  databaseUrl: string;
  channel: string;
  /** The local changes to announce; answers its unsubscribe. */
  subscribe(announce: (change: C) => void): () => void;
  /** Applies another instance's change here. */
  apply(change: C): void;
  /** The payload: the sender's id and the change, and back (null: not a payload of this channel). */
  encode(from: string, change: C): string;
  decode(payload: string | undefined): { from: string; change: C } | null;
  /** LISTEN is (again) in place. */
  onConnected?(): void;
  /** The connection ended; anything announced meanwhile is lost until it comes back. */
  onDisconnected?(): void;
  /** What still bounds staleness while the channel is down, for the log line when LISTEN fails. */
  whileDown: string;
  /** What to log when the first connection fails or a NOTIFY does. */
  log(msg: string): void;
}

export interface NotifySync {
  instanceId: string;
  /** Resolves once LISTEN is in place (or the first connection failed; then `log` was told). */
  ready: Promise<void>;
  stop(): Promise<void>;
}

export function startNotifySync<C>(o: NotifySyncOptions<C>): NotifySync {
  const instanceId = randomUUID();
  let client: pg.Client | null = null;
  let stopped = false;
  let sending: Promise<void> = Promise.resolve();
  let applying = false;

  const connect = async (): Promise<void> => {
    const c = new pg.Client({ connectionString: o.databaseUrl });
    c.on('notification', (msg) => {
      if (msg.channel !== o.channel) return;
      const m = o.decode(msg.payload);
      if (!m || m.from === instanceId) return;
      applying = true;
      try {
        o.apply(m.change);
      } finally {
        applying = false;
      }
    });
    c.on('error', () => undefined);
    c.on('end', () => {
      if (client === c) client = null;
      o.onDisconnected?.();
      if (!stopped) setTimeout(() => void connect().catch(() => undefined), RECONNECT_MS).unref();
    });
    await c.connect();
    await c.query(`LISTEN ${o.channel}`);
    client = c;
    o.onConnected?.();
  };

  const notify = (payload: string) => {
    const c = client;
    if (!c) return;
    // One query at a time on the connection (pg 9 will refuse a query while one is running).
    sending = sending.then(() => c.query('SELECT pg_notify($1, $2)', [o.channel, payload])).then(
      () => undefined,
      (err: Error) => o.log(`${o.channel} NOTIFY failed: ${err.message}`),
    );
  };

  const ready = connect().catch((err: Error) => o.log(`${o.channel} LISTEN unavailable (${err.message}); ${o.whileDown}`));
  const unsubscribe = o.subscribe((change) => {
    if (!applying) notify(o.encode(instanceId, change));
  });

  return {
    instanceId,
    ready,
    async stop() {
      unsubscribe();
      stopped = true;
      await client?.end().catch(() => undefined);
    },
  };
}
