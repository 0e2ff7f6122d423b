import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { sessionCacheFor, type SessionChange } from './session-cache';

/**
 * Session cache invalidation across instances on one PostgreSQL, as catalog-sync.ts does for the
 * catalogue: a local drop (logout, password, role, profile) is announced with NOTIFY, and every
 * other instance LISTENing drops the same session or user. The payload carries the sender's id so
 * that an instance ignores its own echo. While the connection is down, the cache's short TTL
 * (60 s) bounds how long another instance may still accept a session; the connection comes back
 * on its own.
 */
export const SESSION_CHANNEL = 'session_changed';
const RECONNECT_MS = 2_000;

export interface SessionSync {
  instanceId: string;
  ready: Promise<void>;
  stop(): Promise<void>;
}

type Message = { from: string } & ({ sessionId: string } | { userId: string });

function parse(payload: string | undefined): Message | null {
  try {
    const m = JSON.parse(payload ?? '') as Partial<Message>;
    if (typeof m.from !== 'string') return null;
    if ('sessionId' in m && typeof m.sessionId === 'string') return m as Message;
    if ('userId' in m && typeof m.userId === 'string') return m as Message;
  } catch {
    /* not ours */
  }
  return null;
}

/** Wires the session cache of `db` (this instance's client) to the channel on `databaseUrl`. */
export function startSessionSync(databaseUrl: string, db: object, log: (msg: string) => void = () => undefined): SessionSync {
  const instanceId = randomUUID();
  const cache = sessionCacheFor(db);
  let client: pg.Client | null = null;
  let stopped = false;

  const connect = async (): Promise<void> => {
    const c = new pg.Client({ connectionString: databaseUrl });
    c.on('notification', (msg) => {
      if (msg.channel !== SESSION_CHANNEL) return;
      const m = parse(msg.payload);
      if (!m || m.from === instanceId) return;
      cache.drop('sessionId' in m ? { sessionId: m.sessionId } : { userId: m.userId });
    });
    c.on('error', () => undefined);
    c.on('end', () => {
      if (client === c) client = null;
      // Whatever was announced while disconnected is lost: start again from an empty cache.
      cache.clear();
      if (!stopped) setTimeout(() => void connect().catch(() => undefined), RECONNECT_MS).unref();
    });
    await c.connect();
    await c.query(`LISTEN ${SESSION_CHANNEL}`);
    client = c;
    cache.clear();
  };

  const unsubscribe = cache.onChanged((change: SessionChange) => {
    if (!client) return;
    const payload = JSON.stringify({ from: instanceId, ...change });
    client.query('SELECT pg_notify($1, $2)', [SESSION_CHANNEL, payload]).catch((err: Error) => log(`session NOTIFY failed: ${err.message}`));
  });

  const ready = connect().catch((err: Error) => {
    log(`session LISTEN unavailable (${err.message}); relying on the session cache's 60 s TTL`);
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
