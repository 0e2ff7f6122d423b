import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openApiDocument } from '../../server/rest/openapi';
import { appRouter } from '../../server/trpc/root';
import { createUser } from '../factories/users';
import { createTestApp, type TestApp } from '../setup/test-app';

// Generated from the router and the OpenAPI document, so a new admin procedure or path is covered
// the moment it exists: anonymous 401, customer 403, staff allowed (admin-only: staff 403, admin allowed).

// Users and roles, the shipping rules, the API keys, webhooks, the shop profile (legal name, GST
// number) and the payment settings are admin only.
const ADMIN_ONLY_PROCEDURES = ['admin.users.', 'admin.shipping.', 'admin.apiKeys.', 'admin.webhooks.', 'admin.shopProfile.', 'admin.paymentSettings.', 'admin.emails.'];
const ADMIN_ONLY_PATHS = ['/admin/users', '/admin/shipping', '/admin/api-keys', '/admin/webhooks', '/admin/webhook-deliveries', '/admin/shop-profile', '/admin/payment-settings', '/admin/emails'];

const procedures = Object.keys((appRouter._def as unknown as { procedures: Record<string, unknown> }).procedures)
  .filter((k) => k.startsWith('admin.'))
  .sort();
const restCalls = Object.entries(openApiDocument().paths ?? {})
  .filter(([path]) => path.startsWith('/admin'))
  .flatMap(([path, ops]) => Object.keys(ops as object).map((method) => ({ method: method.toUpperCase(), path })))
  .filter((c) => ['GET', 'POST', 'PUT', 'DELETE', 'PATCH'].includes(c.method));

let t: TestApp;
let tokens: Record<'customer' | 'staff' | 'admin', string>;
beforeAll(async () => {
  t = await createTestApp();
  tokens = {
    customer: (await createUser(t.deps)).token,
    staff: (await createUser(t.deps, { role: 'staff' })).token,
    admin: (await createUser(t.deps, { role: 'admin' })).token,
  };
});
afterAll(() => t.close());

type Who = 'anonymous' | 'customer' | 'staff' | 'admin';
const tokenOf = (who: Who) => (who === 'anonymous' ? null : tokens[who]);

async function callProcedure(path: string, who: Who): Promise<string> {
  const caller = t.caller({ token: tokenOf(who) }) as unknown as Record<string, unknown>;
  const fn = path.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown>)[k], caller) as (input: unknown) => Promise<unknown>;
  try {
    await fn({});
    return 'OK';
  } catch (err) {
    return (err as { code?: string }).code ?? 'THROWN';
  }
}

const restPath = (path: string) => path.replace(/\{[^}]+\}/g, 'no-such-id');

describe('the matrix covers the whole back office', () => {
  it('finds the admin procedures and REST paths, including the upload route', () => {
    expect(procedures.length).toBeGreaterThanOrEqual(30);
    expect(procedures).toEqual(expect.arrayContaining(['admin.inventory.adjust', 'admin.products.create', 'admin.users.setRole', 'admin.orders.updateStatus']));
    expect(restCalls).toEqual(expect.arrayContaining([{ method: 'POST', path: '/admin/upload/images' }, { method: 'POST', path: '/admin/inventory/adjust' }]));
  });
});

describe.each(procedures)('tRPC %s', (path) => {
  const adminOnly = ADMIN_ONLY_PROCEDURES.some((p) => path.startsWith(p));
  it('refuses anonymous (401) and customers (403)', async () => {
    expect(await callProcedure(path, 'anonymous')).toBe('UNAUTHORIZED');
    expect(await callProcedure(path, 'customer')).toBe('FORBIDDEN');
  });
  it(adminOnly ? 'refuses staff (403) and lets admins through' : 'lets staff and admins through', async () => {
    const staff = await callProcedure(path, 'staff');
    const admin = await callProcedure(path, 'admin');
    if (adminOnly) expect(staff).toBe('FORBIDDEN');
    else expect(['UNAUTHORIZED', 'FORBIDDEN', 'INTERNAL_SERVER_ERROR']).not.toContain(staff);
    expect(['UNAUTHORIZED', 'FORBIDDEN', 'INTERNAL_SERVER_ERROR']).not.toContain(admin);
  });
});

describe.each(restCalls)('REST $method $path', ({ method, path }) => {
  const adminOnly = ADMIN_ONLY_PATHS.some((p) => path.startsWith(p));
  const call = (who: Who) => t.api(method, `${restPath(path)}`, { token: tokenOf(who), body: method === 'GET' ? undefined : {} });
  it('answers 401 anonymous and 403 customer with a detail', async () => {
    const anon = await call('anonymous');
    expect(anon.status).toBe(401);
    expect(anon.body.detail).toEqual(expect.any(String));
    expect((await call('customer')).status).toBe(403);
  });
  it(adminOnly ? 'answers 403 to staff and serves admins' : 'serves staff and admins', async () => {
    const staff = (await call('staff')).status;
    const admin = (await call('admin')).status;
    if (adminOnly) expect(staff).toBe(403);
    else expect([401, 403]).not.toContain(staff);
    expect(staff).toBeLessThan(500);
    expect([401, 403]).not.toContain(admin);
    expect(admin).toBeLessThan(500);
  });
});
