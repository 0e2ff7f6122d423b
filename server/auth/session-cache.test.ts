import type { Session, User } from 'lucia';
import { describe, expect, it } from 'vitest';
import { SessionCache, type CachedAuth } from './session-cache';

const auth = (sessionId: string, userId: string, expiresInMs = 3_600_000): CachedAuth => ({
  session: { id: sessionId, userId, expiresAt: new Date(Date.now() + expiresInMs), fresh: false } as Session,
  user: { id: userId } as User,
});

describe('SessionCache', () => {
  it('loads once, then answers from memory', async () => {
    const c = new SessionCache();
    let loads = 0;
    const load = async () => (loads++, auth('s1', 'u1'));
    await c.resolve('s1', load);
    await c.resolve('s1', load);
    expect(loads).toBe(1);
  });

  it('does not keep an invalid token', async () => {
    const c = new SessionCache();
    expect(await c.resolve('nope', async () => null)).toBeNull();
    expect(c.size).toBe(0);
  });

  it('is bounded: the least recently used session goes first', async () => {
    const c = new SessionCache(2);
    await c.resolve('a', async () => auth('a', 'u'));
    await c.resolve('b', async () => auth('b', 'u'));
    c.get('a');
    await c.resolve('c', async () => auth('c', 'u'));
    expect(c.size).toBe(2);
    expect(c.get('b')).toBeNull();
    expect(c.get('a')).not.toBeNull();
  });

  it('forgets an entry after its TTL and a session past its expiry', async () => {
    const c = new SessionCache(10, 1_000);
    await c.resolve('a', async () => auth('a', 'u'));
    expect(c.get('a', Date.now() + 2_000)).toBeNull();
    await c.resolve('b', async () => auth('b', 'u', -1));
    expect(c.get('b')).toBeNull();
  });

  it("drops one session, or all of a user's", async () => {
    const c = new SessionCache();
    for (const [s, u] of [['a', 'u1'], ['b', 'u1'], ['c', 'u2']]) await c.resolve(s, async () => auth(s, u));
    c.drop({ sessionId: 'a' });
    expect(c.get('a')).toBeNull();
    c.drop({ userId: 'u1' });
    expect(c.get('b')).toBeNull();
    expect(c.get('c')).not.toBeNull();
  });

  it('never stores an answer read before a drop that happened while it was loading', async () => {
    const c = new SessionCache();
    let release!: () => void;
    const slow = c.resolve('a', () => new Promise<CachedAuth>((r) => (release = () => r(auth('a', 'u1')))));
    c.drop({ userId: 'u1' }); // e.g. a role change committed while the old row was being read
    release();
    expect(await slow).not.toBeNull(); // this one request saw the old row...
    expect(c.get('a')).toBeNull(); // ...but the next one reads again
  });

  it('tells its listeners about local changes only', () => {
    const c = new SessionCache();
    const heard: unknown[] = [];
    c.onChanged((x) => heard.push(x));
    c.changed({ userId: 'u1' });
    c.drop({ userId: 'u2' });
    expect(heard).toEqual([{ userId: 'u1' }]);
  });
});
