import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionCacheFor } from '../../../server/auth/session-cache';
import { sgAddress } from '../../factories/orders';
import { createVariant } from '../../factories/shop';
import { createUser } from '../../factories/users';
import { createTestApp, type TestApp } from '../../setup/test-app';
import { sessionRowId } from '../../../server/auth/lucia';

// Sessions are cached in memory (server/auth/session-cache.ts). Every test first makes the session
// cached by using it, then changes something through the API and checks that the very next request
// sees the change: nothing may answer from a stale session.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const me = (token: string) => t.api('GET', '/users/me', { token });
const cache = () => sessionCacheFor(t.db);

/** Uses the token once and checks that its session is now answered from the cache. */
async function cached(token: string) {
  expect((await me(token)).status).toBe(200);
  expect(cache().get(sessionRowId(token))).not.toBeNull();
}

describe('the session cache', () => {
  it('answers a cached session without reading the session or its user again', async () => {
    const u = await createUser(t.deps);
    await cached(u.token);
    const queries: string[] = [];
    const listen = (e: { query: string }) => queries.push(e.query);
    (t.db as unknown as { $on(ev: 'query', fn: typeof listen): void }).$on('query', listen);
    expect((await me(u.token)).body.email).toBe(u.email);
    expect(queries.filter((q) => /"Session"|"User"/.test(q))).toEqual([]);
  });

  it('logout: the token stops working at once', async () => {
    const u = await createUser(t.deps);
    await cached(u.token);
    expect((await t.api('POST', '/auth/logout', { token: u.token })).status).toBe(200);
    expect(cache().get(sessionRowId(u.token))).toBeNull();
    expect((await me(u.token)).status).toBe(401);
  });

  it('password change: the other sessions stop working at once, this one keeps working', async () => {
    const u = await createUser(t.deps);
    const other = (await t.api('POST', '/auth/login', { body: { email: u.email, password: u.password } })).body.access_token as string;
    await cached(u.token);
    await cached(other);
    const res = await t.api('POST', '/auth/change-password', { token: u.token, body: { current_password: u.password, new_password: 'fresh password 1' } });
    expect(res.status).toBe(200);
    expect((await me(other)).status).toBe(401);
    expect((await me(u.token)).status).toBe(200);
  });

  it('role change: the next request carries the new role (admin to customer loses the back office)', async () => {
    const admin = await createUser(t.deps, { role: 'admin' });
    const staff = await createUser(t.deps, { role: 'staff' });
    await cached(staff.token);
    expect((await t.api('GET', '/admin/orders', { token: staff.token })).status).toBe(200);
    const res = await t.api('PUT', `/admin/users/${staff.user.id}/role`, { token: admin.token, body: { role: 'customer' } });
    expect(res.status).toBe(200);
    expect((await t.api('GET', '/admin/orders', { token: staff.token })).status).toBe(403);
    expect((await me(staff.token)).body.role).toBe('customer');
  });

  it('profile change: /users/me shows the new names at once', async () => {
    const u = await createUser(t.deps);
    await cached(u.token);
    const res = await t.api('PUT', '/users/me', { token: u.token, body: { first_name: 'Siti', last_name: 'Rahman', displayName: 'Siti R' } });
    expect(res.status).toBe(200);
    expect((await me(u.token)).body).toMatchObject({ first_name: 'Siti', last_name: 'Rahman', displayName: 'Siti R' });
  });

  it('an order and an address deletion: /users/me shows the last used address as it now is', async () => {
    const u = await createUser(t.deps);
    const saved = await t.api('POST', '/users/me/addresses', { token: u.token, body: sgAddress });
    expect(saved.status).toBe(200);
    await cached(u.token);
    expect((await me(u.token)).body.lastUsedAddressId).toBeNull();
    const v = await createVariant(t.db, { onHand: 10 });
    expect((await t.api('POST', '/cart/add', { token: u.token, body: { variant_id: v.variantId, quantity: 1 } })).status).toBe(200);
    const order = await t.api('POST', '/orders', { token: u.token, body: { shipping_address: sgAddress, address_id: saved.body.id } });
    expect(order.status).toBe(200);
    expect((await me(u.token)).body.lastUsedAddressId).toBe(saved.body.id);
    expect((await t.api('DELETE', `/users/me/addresses/${saved.body.id}`, { token: u.token })).status).toBe(200);
    expect((await me(u.token)).body.lastUsedAddressId).toBeNull();
  });

  it('a session removed by a password reset elsewhere stops working (all sessions of the user are dropped)', async () => {
    const u = await createUser(t.deps);
    const someoneElse = await createUser(t.deps);
    await cached(u.token);
    await cached(someoneElse.token);
    const { setNewPassword } = await import('../../../server/auth/set-password');
    await setNewPassword(t.db, t.deps.mail, { id: u.user.id, email: u.email, firstName: 'Test', lastName: 'User' }, 'a brand new secret', null);
    expect((await me(u.token)).status).toBe(401);
    expect((await me(someoneElse.token)).status).toBe(200);
  });
});
