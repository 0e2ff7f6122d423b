import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../factories/users';
import { createTestApp, type TestApp } from '../../setup/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const sg = (n: number) => ({ fullName: `Tan ${n}`, phone: '+65 9000 000' + n, addressLine1: `${n} Orchard Road`, postalCode: '23880' + n, city: 'Singapore', state: 'Singapore', country: 'SG' });

describe('saved addresses through REST', () => {
  it('first is default, 404 default when none, max 5, one default, delete promotes another', async () => {
    const { token } = await createUser(t.deps);
    const none = await t.api('GET', '/users/me/addresses/default', { token });
    expect(none.status).toBe(404);

    const first = await t.api('POST', '/users/me/addresses', { token, body: sg(1) });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ fullName: 'Tan 1', isDefault: true, addressLine2: null });
    const ids = [first.body.id];
    for (let n = 2; n <= 5; n++) ids.push((await t.api('POST', '/users/me/addresses', { token, body: sg(n) })).body.id);
    const sixth = await t.api('POST', '/users/me/addresses', { token, body: sg(6) });
    expect(sixth.status).toBe(400);
    expect(sixth.body.detail).toBe('You can save up to 5 addresses. Please delete one first.');

    const setDef = await t.api('POST', `/users/me/addresses/${ids[2]}/set-default`, { token });
    expect(setDef.status).toBe(200);
    const list = (await t.api('GET', '/users/me/addresses', { token })).body;
    expect(list.filter((a: { isDefault: boolean }) => a.isDefault).map((a: { id: string }) => a.id)).toEqual([ids[2]]);
    expect(list[0].id).toBe(ids[2]);

    const upd = await t.api('PUT', `/users/me/addresses/${ids[1]}`, { token, body: { ...sg(2), country: 'MY', postalCode: '50450', city: 'Kuala Lumpur', state: 'Selangor' } });
    expect(upd.status).toBe(200);
    expect(upd.body).toMatchObject({ country: 'MY', postalCode: '50450', isDefault: false });

    expect((await t.api('DELETE', `/users/me/addresses/${ids[2]}`, { token })).status).toBe(200);
    const def = await t.api('GET', '/users/me/addresses/default', { token });
    expect(def.body.id).toBe(ids[0]);
  });

  it('checks postal codes and countries, and hides other users addresses', async () => {
    const { token } = await createUser(t.deps);
    const bad = await t.api('POST', '/users/me/addresses', { token, body: { ...sg(1), postalCode: '1234' } });
    expect(bad.status).toBe(400);
    expect(bad.body.detail).toBe('Singapore postal codes have 6 digits');
    const my = await t.api('POST', '/users/me/addresses', { token, body: { ...sg(1), country: 'MY', postalCode: '504500' } });
    expect(my.body.detail).toBe('Malaysian postal codes have 5 digits');
    const us = await t.api('POST', '/users/me/addresses', { token, body: { ...sg(1), country: 'US' } });
    expect(us.status).toBe(400);
    expect(us.body.detail).toMatch(/Singapore and Malaysia only/);
    const missing = await t.api('POST', '/users/me/addresses', { token, body: { country: 'SG' } });
    expect(missing.body.detail).toMatch(/Full name is required/);

    const mine = (await t.api('POST', '/users/me/addresses', { token, body: sg(1) })).body;
    const other = await createUser(t.deps);
    for (const [method, path] of [
      ['PUT', `/users/me/addresses/${mine.id}`],
      ['DELETE', `/users/me/addresses/${mine.id}`],
      ['POST', `/users/me/addresses/${mine.id}/set-default`],
    ] as const) {
      const res = await t.api(method, path, { token: other.token, body: method === 'PUT' ? sg(1) : undefined });
      expect(res.status, `${method} ${path}`).toBe(404);
    }
    expect((await t.api('GET', '/users/me/addresses', { token: other.token })).body).toEqual([]);
    expect((await t.api('GET', '/users/me/addresses')).status).toBe(401);
  });

  it('concurrent adds never pass 5 and make exactly one default (tRPC)', async () => {
    const { token } = await createUser(t.deps);
    const c = t.caller({ token });
    await Promise.allSettled(Array.from({ length: 8 }, (_, i) => c.users.addAddress(sg((i % 5) + 1) as never)));
    const list = await c.users.addresses();
    expect(list).toHaveLength(5);
    expect(list.filter((a) => a.isDefault)).toHaveLength(1);
  });
});
