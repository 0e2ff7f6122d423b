import type { Session, User } from 'lucia';
import { AppError } from '../../shared/errors';
import type { AppDeps } from '../deps';
import { sessionRowId, withinLifetime } from './lucia';
import { sessionCacheFor } from './session-cache';

// Who is calling, decided in one place for every door (/trpc, /api procedures, the upload route):
// the bearer token is read here, the session resolved here, and the role rules live here.

export interface AuthState {
  user: User;
  session: Session;
}

/** `Authorization: Bearer <token>`; anything else is no token at all. */
export function bearerToken(header: string | undefined): string | null {
  if (!header || !/^Bearer\s/i.test(header)) return null;
  return header.slice(7).trim() || null;
}

// Session ids are short base32 strings; a huge or odd value cannot be one and is never looked up
// (it still counts as a token that was sent, so the caller is told it is not valid).
const plausibleToken = (token: string) => token.length <= 128 && /^[\x21-\x7E]+$/.test(token);

export async function resolveAuth(deps: AppDeps, token: string | null): Promise<AuthState | null> {
  if (!token || !plausibleToken(token)) return null;
  // Most requests of a signed-in person hit the cache (server/auth/session-cache.ts); a miss asks
  // lucia, which reads the session with its user and extends it when it is half-way to expiry,
  // never past the session's absolute end (SESSION_MAX_DAYS), which the cache then honours too.
  return sessionCacheFor(deps.db).resolve(sessionRowId(token), async () => {
    const { user, session } = await deps.lucia.validateSession(token);
    return user && session ? { user, session: withinLifetime(session) } : null;
  });
}

export const SESSION_EXPIRED = 'Your session has expired. Please sign in again.';

/** A signed-in caller, or 401 (a token that was sent but is no longer valid says so). */
export function requireSignedIn(auth: AuthState | null, token: string | null): AuthState {
  if (!auth) throw new AppError('UNAUTHORIZED', token ? SESSION_EXPIRED : 'Please sign in to continue.');
  return auth;
}

/** Staff and admins use the back office; only admins manage users, roles and shop-wide rules. */
export function requireRole(auth: AuthState, role: 'staff' | 'admin'): AuthState {
  const r = auth.user.role;
  if (role === 'admin' && r !== 'admin') throw new AppError('FORBIDDEN', 'Admin access is required.');
  if (role === 'staff' && r !== 'staff' && r !== 'admin') throw new AppError('FORBIDDEN', 'Staff access is required.');
  return auth;
}
