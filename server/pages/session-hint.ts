import { createHash } from 'node:crypto';
import { STORAGE_KEYS } from '../../shared/constants';
import { GUEST_ID_PATTERN } from '../../shared/domain/guest-id';

// A server-rendered page is the same for everyone (and cached), so it arrives as the anonymous shop;
// the browser takes up the stored session only once the page has hydrated. So that a signed-in
// shopper does not see "Login" in the header until then, this script in the page's head marks
// <html data-session="customer|staff"> from the stored session before anything is painted, and the
// header's CSS shows the signed-in links from that mark until React takes over (decision 0151).
// It also marks <html data-cart> when the tab can have a cart, by the rule CartProvider asks for one
// by (a stored token, or a guest id the tab had before this page: src/lib/session.ts
// hadGuestIdAtStart), so that /cart shows its loading placeholder instead of the empty state
// (decision 0153). The cart comes first: a stored user that is not JSON must not skip it.
// It is inline (no request before the first paint), allowed by its hash in the CSP.

const SCRIPT = `try{var d=document.documentElement,t=localStorage.getItem(${JSON.stringify(STORAGE_KEYS.accessToken)});if(t||${String(GUEST_ID_PATTERN)}.test(sessionStorage.getItem(${JSON.stringify(STORAGE_KEYS.sessionId)})||""))d.setAttribute("data-cart","");var u=JSON.parse(localStorage.getItem(${JSON.stringify(STORAGE_KEYS.user)})||"null");if(u&&t)d.setAttribute("data-session",u.role==="customer"?"customer":"staff")}catch(e){}`;

export const SESSION_HINT_TAG = `    <script>${SCRIPT}</script>\n`;

/** The CSP source that allows exactly this script. */
export const SESSION_HINT_CSP = `'sha256-${createHash('sha256').update(SCRIPT).digest('base64')}'`;
