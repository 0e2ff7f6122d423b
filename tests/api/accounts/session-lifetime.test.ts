import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { sessionRowId } from '../../../server/auth/lucia';
import { DEFAULT_SESSION_MAX_DAYS } from '../../../server/env';
import { SESSION_EXPIRED } from '../../../server/auth/principal';
import { sessionCacheFor } from '../../../server/auth/session-cache';
import { createUser } from '../../factories/users';
import { createTestApp, type TestApp } from '../../setup/test-app';

// A session slides for 30 days while it is used, but ends SESSION_MAX_DAYS (90 by default) after it
// was created however often it is used, so a stolen token that keeps being used still ends. Ages
// are set in the database; no test waits for time to pass.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
afterEach(() => vi.useRealTimers());

const DAY = 86_400_000;
const MAX = DEFAULT_SESSION_MAX_DAYS * DAY;

/** A signed-in customer whose session was created `ageMs` ago and last extended so that it has `leftMs` to run. */
async function sessionAged(ageMs: number, leftMs: number, now = Date.now()) {
  const u = await createUser(t.deps);
  await t.db.session.update({ where: { id: sessionRowId(u.token) }, data: { createdAt: new Date(now - ageMs), expiresAt: new Date(now + leftMs) } });
  return u;
}

describe('the absolute session lifetime', () => {
  it('refuses and deletes a session older than the limit even though it was used yesterday (REST)', async () => {
    const u = await sessionAged(MAX + DAY, 29 * DAY);
    const res = await t.api('GET', '/users/me', { token: u.token });
    expect(res.status).toBe(401);
    expect(res.body.detail).toBe(SESSION_EXPIRED);
    expect(await t.db.session.count({ where: { id: sessionRowId(u.token) } })).toBe(0);
  });

  it('refuses and deletes it through tRPC too', async () => {
    const u = await sessionAged(MAX + DAY, 29 * DAY);
    await expect(t.caller({ token: u.token }).users.me()).rejects.toMatchObject({ code: 'UNAUTHORIZED', message: SESSION_EXPIRED });
    expect(await t.db.session.count({ where: { id: sessionRowId(u.token) } })).toBe(0);
  });

  it('keeps a younger session sliding, but never past createdAt + the limit (database and cache)', async () => {
    // 80 days old with 5 days left: lucia extends it (less than half of 30 days left), to 90 days at most.
    const u = await sessionAged(80 * DAY, 5 * DAY);
    expect((await t.api('GET', '/users/me', { token: u.token })).status).toBe(200);
    const row = await t.db.session.findUniqueOrThrow({ where: { id: sessionRowId(u.token) } });
    const end = row.createdAt.getTime() + MAX;
    expect(row.expiresAt.getTime()).toBe(end);
    expect(sessionCacheFor(t.db).get(sessionRowId(u.token))?.session.expiresAt.getTime()).toBe(end);
    // A young session still slides the full 30 days.
    const young = await sessionAged(20 * DAY, 5 * DAY);
    expect((await t.caller({ token: young.token }).users.me()).email).toBe(young.email);
    const youngRow = await t.db.session.findUniqueOrThrow({ where: { id: sessionRowId(young.token) } });
    expect(youngRow.expiresAt.getTime()).toBeGreaterThan(Date.now() + 29 * DAY);
    expect(youngRow.expiresAt.getTime()).toBeLessThan(youngRow.createdAt.getTime() + MAX);
  });

  it('is honoured by the session cache: a cached session stops at its end, not at the next database read', async () => {
    // Only Date is faked, so that "a minute later" needs no waiting; the cache would trust an entry for 60 s.
    vi.useFakeTimers({ toFake: ['Date'] });
    const start = Date.now();
    const u = await sessionAged(MAX - 30_000, 29 * DAY, start);
    expect((await t.api('GET', '/users/me', { token: u.token })).status).toBe(200);
    expect(sessionCacheFor(t.db).get(sessionRowId(u.token))).not.toBeNull();
    vi.setSystemTime(start + 31_000);
    const res = await t.api('GET', '/users/me', { token: u.token });
    expect(res.status).toBe(401);
    expect(res.body.detail).toBe(SESSION_EXPIRED);
    expect(await t.db.session.count({ where: { id: sessionRowId(u.token) } })).toBe(0);
  });

  it('SESSION_MAX_DAYS sets the limit and is validated', async () => {
    const { readEnv } = await import('../../../server/env');
    expect(readEnv({}).SESSION_MAX_DAYS).toBe(90);
    expect(readEnv({ SESSION_MAX_DAYS: '30' }).SESSION_MAX_DAYS).toBe(30);
    for (const bad of ['0', '-1', '1.5', 'ninety', '5000']) expect(() => readEnv({ SESSION_MAX_DAYS: bad }), bad).toThrow(/SESSION_MAX_DAYS/);
  });
});
