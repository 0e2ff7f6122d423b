import { startNotifySync, type NotifySync } from '../lib/notify-sync';
import { sessionCacheFor, type SessionChange } from './session-cache';

/**
 * Session cache invalidation across instances on one PostgreSQL (the one NOTIFY sync,
 * server/lib/notify-sync.ts), as catalog-sync.ts does for the catalogue: a local drop (logout,
 * password, role, profile) is announced with NOTIFY, and every other instance LISTENing drops the
 * same session or user. The payload carries the sender's id so
 * that an instance ignores its own echo. While the connection is down, the cache's short TTL
 * (60 s) bounds how long another instance may still accept a session; the connection comes back
 * on its own.
 */
const SESSION_CHANNEL = 'session_changed';

export type SessionSync = NotifySync;

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
  const cache = sessionCacheFor(db);
  return startNotifySync<SessionChange>({
    databaseUrl,
    channel: SESSION_CHANNEL,
    subscribe: (announce) => cache.onChanged(announce),
    apply: (change) => cache.drop(change),
    encode: (from, change) => JSON.stringify({ from, ...change }),
    decode(payload) {
      const m = parse(payload);
      return m && { from: m.from, change: 'sessionId' in m ? { sessionId: m.sessionId } : { userId: m.userId } };
    },
    // Whatever was announced while disconnected is lost: start again from an empty cache.
    onConnected: () => cache.clear(),
    onDisconnected: () => cache.clear(),
    whileDown: "relying on the session cache's 60 s TTL",
    log,
  });
}
