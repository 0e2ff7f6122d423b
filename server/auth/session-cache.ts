import type { Session, User } from 'lucia';
import type { SessionChange } from '../db/commit-signal';
import { BoundedCache } from '../lib/bounded-cache';

/**
 * Valid sessions, kept in memory (the one bounded cache, server/lib/bounded-cache.ts) so that an
 * authenticated request does not read the session and its user from the database every time.
 * Bounded and invalidated, as any in-process cache must be when several instances share one
 * database. Keyed by the session's row id (lucia.ts, sessionRowId), so
 * a notification to other instances never carries a token.
 *
 * - Bounded: at most MAX_ENTRIES sessions (least recently used dropped first), each trusted for at
 *   most TTL_MS before the database is asked again (which also lets lucia extend a session).
 * - Dropped at once, on this instance, by sessionsChanged(): logout (one session), password change
 *   or reset, role change and profile change (all of a user's sessions). Other instances on the
 *   same PostgreSQL hear it through LISTEN/NOTIFY (server/auth/session-sync.ts).
 * - A validation that started before a drop never stores its (possibly stale) answer: every drop
 *   moves a generation counter on, and a load only stores what it read if the counter did not move.
 * - Requests that miss on the same session at the same time share one validation.
 *
 * One cache per database client, so two app instances in one process (tests) keep their own.
 */
export interface CachedAuth {
  user: User;
  session: Session;
}

// The commit signal carries these (server/db/commit-signal.ts); one shape on both sides.
export type { SessionChange };

const MAX_ENTRIES = 10_000;
const TTL_MS = 60_000;

export class SessionCache {
  private readonly cache: BoundedCache<CachedAuth | null>;
  private readonly listeners = new Set<(change: SessionChange) => void>();

  constructor(maxEntries = MAX_ENTRIES, ttlMs = TTL_MS) {
    this.cache = new BoundedCache<CachedAuth | null>({
      maxEntries,
      ttlMs,
      // An invalid token is answered, never kept; a session past its own expiry is never answered.
      keep: (auth) => auth !== null,
      stillValid: (auth, now) => auth !== null && auth.session.expiresAt.getTime() > now,
    });
  }

  get size(): number {
    return this.cache.size;
  }

  /** The cached principal for a token, or null (unknown, too old or past the session's expiry). */
  get(sessionId: string, now = Date.now()): CachedAuth | null {
    return this.cache.peek(sessionId, now) ?? null;
  }

  /**
   * Validates through the cache: a hit answers at once; a miss runs `load` (lucia), shared by the
   * requests that miss at the same time, and stores a valid answer unless something was dropped meanwhile.
   */
  resolve(sessionId: string, load: () => Promise<CachedAuth | null>): Promise<CachedAuth | null> {
    return this.cache.get(sessionId, load);
  }

  /** Drops on this instance only (what another instance's notification does). */
  drop(change: SessionChange): void {
    if ('sessionId' in change) this.cache.drop(change.sessionId);
    else this.cache.dropWhere((auth) => auth?.user.id === change.userId);
  }

  /** Drops here and tells the listeners (the LISTEN/NOTIFY sync) so other instances drop too. */
  changed(change: SessionChange): void {
    this.drop(change);
    for (const l of this.listeners) l(change);
  }

  onChanged(listener: (change: SessionChange) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  clear(): void {
    this.cache.clear();
  }
}

const caches = new WeakMap<object, SessionCache>();

/** The session cache of one database client (one app instance). */
export function sessionCacheFor(db: object): SessionCache {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new SessionCache()));
  return cache;
}

/**
 * After a committed change that ends a session or alters what a session carries (role, names,
 * password): drops it here and on every other instance. Writers note the change on their unit of
 * work (server/db/unit-of-work.ts); the commit signal's subscriber (server/after-commit.ts) calls
 * this after COMMIT.
 */
export function sessionsChanged(db: object, change: SessionChange): void {
  sessionCacheFor(db).changed(change);
}
