import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app';
import { sessionCacheFor } from '../../server/auth/session-cache';
import { startSessionSync, type SessionSync } from '../../server/auth/session-sync';
import { openPostgres, type Database } from '../../server/db/client';
import { createDeps, type AppDeps } from '../../server/deps';
import { LocalImageStorage } from '../../server/storage/image-storage';
import { createUser } from '../factories/users';
import { createPostgresDb } from '../setup/test-db';
import { sessionRowId } from '../../server/auth/lucia';

// Two app instances on one PostgreSQL, each with its own session cache and its own LISTEN
// connection, as two processes behind a load balancer would be: a change made through one must
// stop the other from answering with its cached session.
interface Instance {
  deps: AppDeps;
  sync: SessionSync;
  server: Server;
  url: string;
}
let a: Awaited<ReturnType<typeof createPostgresDb>>;
let bDb: Database;
let one: Instance;
let two: Instance;

async function instance(db: Database['db'], url: string): Promise<Instance> {
  const deps = createDeps(db, new LocalImageStorage('/tmp/packshop-session-sync-uploads'));
  const sync = startSessionSync(url, db);
  await sync.ready;
  const server: Server = await new Promise((resolve) => {
    const s = createApp(deps).listen(0, '127.0.0.1', () => resolve(s));
  });
  return { deps, sync, server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

beforeAll(async () => {
  a = await createPostgresDb(5);
  bDb = await openPostgres(a.url, 5);
  one = await instance(a.db, a.url);
  two = await instance(bDb.db, a.url);
});
afterAll(async () => {
  for (const i of [one, two]) {
    await i?.sync.stop();
    await new Promise((r) => i?.server.close(r));
  }
  await bDb?.close();
  await a?.close();
});

const call = (i: Instance, method: string, path: string, token: string, body?: unknown) =>
  fetch(`${i.url}/api${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  }).then(async (r) => ({ status: r.status, body: await r.json().catch(() => null) }));

/** The notification travels through PostgreSQL: wait (bounded) for the other instance to hear it. */
async function eventually(check: () => Promise<boolean>) {
  for (let i = 0; i < 100; i++) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, 20));
  }
  return false;
}

describe('session cache across two instances (LISTEN/NOTIFY)', () => {
  it('a logout on one instance ends the session on the other, which had it cached', async () => {
    const u = await createUser(one.deps);
    expect((await call(two, 'GET', '/users/me', u.token)).status).toBe(200);
    expect(sessionCacheFor(bDb.db).get(sessionRowId(u.token))).not.toBeNull();
    expect((await call(one, 'POST', '/auth/logout', u.token)).status).toBe(200);
    expect(await eventually(async () => sessionCacheFor(bDb.db).get(sessionRowId(u.token)) === null)).toBe(true);
    expect((await call(two, 'GET', '/users/me', u.token)).status).toBe(401);
  });

  it('a role change on one instance reaches the other', async () => {
    const admin = await createUser(one.deps, { role: 'admin' });
    const staff = await createUser(one.deps, { role: 'staff' });
    expect((await call(two, 'GET', '/admin/orders', staff.token)).status).toBe(200);
    expect((await call(one, 'PUT', `/admin/users/${staff.user.id}/role`, admin.token, { role: 'customer' })).status).toBe(200);
    expect(await eventually(async () => sessionCacheFor(bDb.db).get(sessionRowId(staff.token)) === null)).toBe(true);
    expect((await call(two, 'GET', '/admin/orders', staff.token)).status).toBe(403);
  });

  it('a password change on one instance signs the other sessions out on the other instance', async () => {
    const u = await createUser(one.deps);
    const second = await fetch(`${two.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: u.email, password: u.password }),
    }).then((r) => r.json());
    expect((await call(two, 'GET', '/users/me', second.access_token)).status).toBe(200);
    const changed = await call(one, 'POST', '/auth/change-password', u.token, { current_password: u.password, new_password: 'fresh password 2' });
    expect(changed.status).toBe(200);
    expect(await eventually(async () => sessionCacheFor(bDb.db).get(sessionRowId(second.access_token)) === null)).toBe(true);
    expect((await call(two, 'GET', '/users/me', second.access_token)).status).toBe(401);
    expect((await call(two, 'GET', '/users/me', u.token)).status).toBe(200);
  });
});
