import { randomUUID } from 'node:crypto';
import { listenOnChannel } from '../lib/pg-channel';
import { sessionCacheFor, type SessionChange } from './session-cache';

/**
 * Session cache invalidation across instances on one PostgreSQL, as catalog-sync.ts does for the
 * catalogue: a local drop (logout, password, role, profile) is announced with NOTIFY, and every
 * other instance LISTENing drops the same session or user. The payload carries the sender's id so
 * that an instance ignores its own echo. While the connection is down, the cache's short TTL
 * (60 s) bounds how long another instance may still accept a session; the connection comes back
 * on its own.
 */
const SESSION_CHANNEL = 'session_changed';

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

  const channel = listenOnChannel(databaseUrl, SESSION_CHANNEL, {
    onMessage(payload) {
      const m = parse(payload);
      if (!m || m.from === instanceId) return;
      cache.drop('sessionId' in m ? { sessionId: m.sessionId } : { userId: m.userId });
    },
    // Whatever was announced while disconnected is lost: start again from an empty cache.
    onConnected: () => cache.clear(),
    onDisconnected: () => cache.clear(),
    whileDown: "relying on the session cache's 60 s TTL",
    log,
  });

  const unsubscribe = cache.onChanged((change: SessionChange) => channel.notify(JSON.stringify({ from: instanceId, ...change })));

  return {
    instanceId,
    ready: channel.ready,
    async stop() {
      unsubscribe();
      await channel.stop();
    },
  };
}
