import pg from 'pg';

const RECONNECT_MS = 2_000;

export interface PgChannel {
  /** Resolves once LISTEN is in place (or the first connection failed; see onUnavailable). */
  ready: Promise<void>;
  /** NOTIFY on the channel; a no-op while the connection is down. */
  notify(payload: string): void;
  stop(): Promise<void>;
}

export interface PgChannelHandlers {
  onMessage(payload: string | undefined): void;
  /** LISTEN is (again) in place. */
  onConnected?(): void;
  /** The connection ended; anything announced meanwhile is lost until it comes back. */
  onDisconnected?(): void;
  /** What still bounds staleness while the channel is down, for the log line when LISTEN fails. */
  whileDown: string;
  /** What to log when the first connection fails or a NOTIFY does. */
  log(msg: string): void;
}

/**
 * One dedicated connection LISTENing on a PostgreSQL channel, reconnecting on its own, for the
 * cross-instance invalidations (catalog-sync.ts, session-sync.ts). A pooled connection cannot LISTEN.
 */
export function listenOnChannel(databaseUrl: string, channel: string, h: PgChannelHandlers): PgChannel {
  let client: pg.Client | null = null;
  let stopped = false;
  let sending: Promise<void> = Promise.resolve();

  const connect = async (): Promise<void> => {
    const c = new pg.Client({ connectionString: databaseUrl });
    c.on('notification', (msg) => {
      if (msg.channel === channel) h.onMessage(msg.payload);
    });
    c.on('error', () => undefined);
    c.on('end', () => {
      if (client === c) client = null;
      h.onDisconnected?.();
      if (!stopped) setTimeout(() => void connect().catch(() => undefined), RECONNECT_MS).unref();
    });
    await c.connect();
    await c.query(`LISTEN ${channel}`);
    client = c;
    h.onConnected?.();
  };

  const ready = connect().catch((err: Error) => h.log(`${channel} LISTEN unavailable (${err.message}); ${h.whileDown}`));

  return {
    ready,
    notify(payload) {
      const c = client;
      if (!c) return;
      // One query at a time on the connection (pg 9 will refuse a query while one is running).
      sending = sending.then(() => c.query('SELECT pg_notify($1, $2)', [channel, payload])).then(
        () => undefined,
        (err: Error) => h.log(`${channel} NOTIFY failed: ${err.message}`),
      );
    },
    async stop() {
      stopped = true;
      await client?.end().catch(() => undefined);
    },
  };
}
