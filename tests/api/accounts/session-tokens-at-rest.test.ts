import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionRowId } from '../../../server/auth/lucia';
import { createUser } from '../../factories/users';
import { createTestApp, type TestApp } from '../../setup/test-app';

// A copy of the database (a backup, a support dump) must not sign anyone in: the Session table
// keeps the SHA-256 of each bearer token, never the token (docs/security.md, secrets at rest).

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('session tokens at rest', () => {
  it('stores only the hash: no stored id works as a token, on either door, and the real token does', async () => {
    const owner = await createUser(t.deps, { role: 'admin' });
    const login = await t.api('POST', '/auth/login', { body: { email: owner.email, password: owner.password } });
    expect(login.status).toBe(200);
    const tokens = [owner.token, login.body.access_token as string];

    const rows = await t.db.session.findMany({ where: { userId: owner.user.id }, select: { id: true } });
    expect(rows.map((r) => r.id).sort()).toEqual(tokens.map(sessionRowId).sort());
    for (const { id } of rows) {
      expect(tokens).not.toContain(id);
      const res = await t.api('GET', '/users/me', { token: id });
      expect(res.status).toBe(401);
      await expect(t.caller({ token: id }).admin.users.list({})).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    }
    for (const token of tokens) expect((await t.api('GET', '/users/me', { token })).status).toBe(200);
  });

  it('signs out by token: logout ends that session only, a password change ends the others', async () => {
    const u = await createUser(t.deps);
    const second = (await t.api('POST', '/auth/login', { body: { email: u.email, password: u.password } })).body.access_token as string;
    const third = (await t.api('POST', '/auth/login', { body: { email: u.email, password: u.password } })).body.access_token as string;
    expect((await t.api('POST', '/auth/logout', { token: second })).status).toBe(200);
    expect((await t.api('GET', '/users/me', { token: second })).status).toBe(401);
    expect(await t.db.session.count({ where: { id: sessionRowId(second) } })).toBe(0);
    expect((await t.api('GET', '/users/me', { token: third })).status).toBe(200);

    const changed = await t.api('POST', '/auth/change-password', { token: u.token, body: { current_password: u.password, new_password: 'a fresh long password 7' } });
    expect(changed.status).toBe(200);
    expect((await t.api('GET', '/users/me', { token: u.token })).status).toBe(200);
    expect((await t.api('GET', '/users/me', { token: third })).status).toBe(401);
    expect(await t.db.session.count({ where: { userId: u.user.id } })).toBe(1);
  });
});
