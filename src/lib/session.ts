import { STORAGE_KEYS } from '../../shared/constants';
import { isGuestId, newGuestId } from '../../shared/domain/guest-id';
import type { UserDto } from '../../shared/schemas/user.schema';

// Storage keys are the specification's: access_token and user in localStorage, session_id
// (the guest id) in sessionStorage. A stored token is what marks a user as signed in.

export function getToken(): string | null {
  // The server renders the anonymous shop: it has no storage.
  if (typeof localStorage === 'undefined') return null;
  return localStorage.getItem(STORAGE_KEYS.accessToken);
}

export function getStoredUser(): UserDto | null {
  try {
    const raw = localStorage.getItem(STORAGE_KEYS.user);
    return raw ? (JSON.parse(raw) as UserDto) : null;
  } catch {
    return null;
  }
}

export function storeSession(token: string, user: UserDto) {
  localStorage.setItem(STORAGE_KEYS.accessToken, token);
  localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(user));
}

export function storeUser(user: UserDto) {
  localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(user));
}

export function clearSession() {
  localStorage.removeItem(STORAGE_KEYS.accessToken);
  localStorage.removeItem(STORAGE_KEYS.user);
}

/** The chat session of this browser tab, so reopening the panel restores the conversation. */
export const CHAT_SESSION_KEY = 'chat_session_id';

/**
 * After a logout the tab starts over as a new guest: a new guest id (so the next person on a shared
 * computer gets an empty cart, not the one the last customer's guest cart was merged from) and no chat.
 */
export function forgetBrowserSession() {
  sessionStorage.removeItem(STORAGE_KEYS.sessionId);
  sessionStorage.removeItem(CHAT_SESSION_KEY);
}

// Read once, when this module loads: before main.tsx makes the tab's guest id.
const guestIdAtStart = typeof sessionStorage !== 'undefined' && isGuestId(sessionStorage.getItem(STORAGE_KEYS.sessionId) ?? '');

/**
 * Whether the tab came with a guest id from an earlier page. Without one (a tab's first page) a
 * guest's cart is a new, empty one, so the SPA need not ask for it and /cart shows its empty state
 * without a round trip (decision 0151).
 */
export const hadGuestIdAtStart = (): boolean => guestIdAtStart;

/**
 * guest_<timestamp>_<random>, created when missing and kept for the browser tab's session. A stored
 * id the server would refuse (a short one from before guest ids carried 128 random bits) is replaced,
 * so a returning shopper starts a new guest cart instead of being stuck on 400s.
 */
export function getGuestId(): string {
  let id = sessionStorage.getItem(STORAGE_KEYS.sessionId);
  if (!id || !isGuestId(id)) {
    // A guest's chat belonged to the old id; it cannot be reopened under the new one.
    if (id) sessionStorage.removeItem(CHAT_SESSION_KEY);
    id = newGuestId();
    sessionStorage.setItem(STORAGE_KEYS.sessionId, id);
  }
  return id;
}
