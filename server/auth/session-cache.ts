import type { Session, User } from 'lucia';
import type { SessionChange } from '../db/commit-signal';

/**
 * Valid sessions, kept in memory so that an authenticated request does not read the session and its
 * user from the database every time. Bounded and invalidated, as any in-process cache must be when
 * several instances share one database. Keyed by the session's row id (lucia.ts, sessionRowId), so
 * a notification to other instances never carries a token.
 *
 * - Bounded: at most MAX_ENTRIES sessions (least recently used dropped first), each trusted for at
 *   most TTL_MS before the database is asked again (which also lets lucia extend a session).
 * - Dropped at once, on this instance, by sessionsChanged(): logout (one session), password change
 *   or reset, role change and profile change (all of a user's sessions). Other instances on the
 *   same PostgreSQL hear it through LISTEN/NOTIFY (server/auth/session-sync.ts).
 * - A validation that started before a drop never stores its (possibly stale) answer: every drop
 *   moves a generation counter on, and a load only stores what it read if the counter did not move.
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

interface Entry {
  auth: CachedAuth;
  at: number;
}

export class SessionCache {
  private readonly entries = new Map<string, Entry>();
  private readonly byUser = new Map<string, Set<string>>();
  private generation = 0;
  private readonly listeners = new Set<(change: SessionChange) => void>();

  constructor(
    private readonly maxEntries = MAX_ENTRIES,
    private readonly ttlMs = TTL_MS,
  ) {}

  get size(): number {
    return this.entries.size;
  }

  /** The cached principal for a token, or null (unknown, too old or past the session's expiry). */
  get(sessionId: string, now = Date.now()): CachedAuth | null {
    const e = this.entries.get(sessionId);
    if (!e) return null;
    if (now - e.at > this.ttlMs || e.auth.session.expiresAt.getTime() <= now) {
      this.remove(sessionId);
      return null;
    }
    // Most recently used last: Map keeps insertion order, so the first key is the oldest.
    this.entries.delete(sessionId);
    this.entries.set(sessionId, e);
    return e.auth;
  }

  /**
   * Validates through the cache: a hit answers at once; a miss runs `load` (lucia) and stores a
   * valid answer unless something was dropped meanwhile.
   */
  async resolve(sessionId: string, load: () => Promise<CachedAuth | null>): Promise<CachedAuth | null> {
    const hit = this.get(sessionId);
    if (hit) return hit;
    const generation = this.generation;
    const auth = await load();
    if (auth && generation === this.generation) this.set(sessionId, auth);
    return auth;
  }

  private set(sessionId: string, auth: CachedAuth) {
    this.remove(sessionId);
    this.entries.set(sessionId, { auth, at: Date.now() });
    let sessions = this.byUser.get(auth.user.id);
    if (!sessions) this.byUser.set(auth.user.id, (sessions = new Set()));
    sessions.add(sessionId);
    while (this.entries.size > this.maxEntries) this.remove(this.entries.keys().next().value as string);
  }

  private remove(sessionId: string) {
    const e = this.entries.get(sessionId);
    if (!e) return;
    this.entries.delete(sessionId);
    const sessions = this.byUser.get(e.auth.user.id);
    sessions?.delete(sessionId);
    if (sessions?.size === 0) this.byUser.delete(e.auth.user.id);
  }

  /** Drops on this instance only (what another instance's notification does). */
  drop(change: SessionChange): void {
    this.generation++;
    if ('sessionId' in change) {
      this.remove(change.sessionId);
    } else {
      for (const id of [...(this.byUser.get(change.userId) ?? [])]) this.remove(id);
    }
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
    this.generation++;
    this.entries.clear();
    this.byUser.clear();
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
