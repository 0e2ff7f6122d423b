import type { User } from 'lucia';
import { AppError } from '../../shared/errors';
import { INVALID_KEY, requireScope, type ApiKeyPrincipal } from './api-keys';
import { requireRole, requireSignedIn, type AuthState } from './principal';

/** The part of a request's context that says who is calling. */
export interface Caller {
  token: string | null;
  usesApiKey: boolean;
  getAuth(): Promise<AuthState | null>;
  getApiKey(): Promise<ApiKeyPrincipal | null>;
}

/**
 * The one gate of the back office, for procedures and plain routes alike: a person with the role,
 * or an API key with the scope (acting as the admin who created it). `scope` null means no key may.
 */
export async function requireBackOffice(caller: Caller, need: { role: 'staff' | 'admin'; scope: string | null }): Promise<{ user: User; apiKey: ApiKeyPrincipal | null }> {
  if (caller.usesApiKey) {
    const key = await caller.getApiKey();
    if (!key) throw new AppError('UNAUTHORIZED', INVALID_KEY);
    requireScope(key, need.scope);
    return { user: key.user, apiKey: key };
  }
  const auth = requireRole(requireSignedIn(await caller.getAuth(), caller.token), need.role);
  return { user: auth.user, apiKey: null };
}
