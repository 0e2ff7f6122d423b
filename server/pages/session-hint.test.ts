import { createHash } from 'node:crypto';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { newGuestId } from '../../shared/domain/guest-id';
import { SESSION_HINT_CSP, SESSION_HINT_TAG } from './session-hint';

const SCRIPT = /<script>([\s\S]*)<\/script>/.exec(SESSION_HINT_TAG)![1];

/** The marks the script leaves on <html> for a tab with this storage. */
function marks(local: Record<string, string>, session: Record<string, string> = {}): Record<string, string> {
  const attrs: Record<string, string> = {};
  const storage = (items: Record<string, string>) => ({ getItem: (key: string) => (Object.hasOwn(items, key) ? items[key] : null) });
  runInNewContext(SCRIPT, {
    document: { documentElement: { setAttribute: (name: string, value: string) => (attrs[name] = value) } },
    localStorage: storage(local),
    sessionStorage: storage(session),
  });
  return attrs;
}

describe('the session hint of server-rendered pages', () => {
  it('is allowed by the hash of exactly its text', () => {
    expect(SESSION_HINT_CSP).toBe(`'sha256-${createHash('sha256').update(SCRIPT).digest('base64')}'`);
  });

  it('marks nothing for a new tab', () => {
    expect(marks({})).toEqual({});
  });

  it('marks a signed-in customer or staff member, who can have a cart', () => {
    expect(marks({ access_token: 't', user: JSON.stringify({ role: 'customer' }) })).toEqual({ 'data-cart': '', 'data-session': 'customer' });
    expect(marks({ access_token: 't', user: JSON.stringify({ role: 'admin' }) })).toEqual({ 'data-cart': '', 'data-session': 'staff' });
  });

  it('marks a cart, as CartProvider asks for one, for a token alone or a guest id from an earlier page', () => {
    expect(marks({ access_token: 't' })).toEqual({ 'data-cart': '' });
    expect(marks({ access_token: 't', user: '{not json' })).toEqual({ 'data-cart': '' });
    expect(marks({}, { session_id: newGuestId() })).toEqual({ 'data-cart': '' });
    // A stored user without a token is no session.
    expect(marks({ user: JSON.stringify({ role: 'customer' }) })).toEqual({});
  });

  it('marks no cart for a guest id the app would replace with a new one (isGuestId)', () => {
    expect(marks({}, { session_id: 'guest_123_short' })).toEqual({});
    expect(marks({}, { session_id: '' })).toEqual({});
  });
});
