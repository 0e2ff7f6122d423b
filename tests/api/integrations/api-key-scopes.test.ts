import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scopeForProcedure } from '../../../server/auth/scopes';
import { openApiDocument } from '../../../server/rest/openapi';
import { appRouter } from '../../../server/trpc/root';
import { API_SCOPES, type ApiScope } from '../../../shared/schemas/api-keys.schema';
import { createUser } from '../../factories/users';
import { createTestApp, type TestApp } from '../../setup/test-app';

// The scopes matrix, generated from the router and the OpenAPI document like the admin
// authorization matrix (admin-authz.test.ts), so a new back-office procedure or route is covered
// the moment it exists: a key holding exactly the scope it needs passes the gate; a key holding
// every other scope is refused with 403 naming the missing one; procedures out of reach of keys
// (users, roles, API keys) refuse a key holding every scope.

const NO_KEYS = 'API keys cannot manage users, roles, API keys or webhooks.';
const lacks = (scope: string) => `This API key lacks the scope ${scope}.`;

type ProcedureDefs = Record<string, { _def: { type: string } }>;
const procedures = Object.entries((appRouter._def as unknown as { procedures: ProcedureDefs }).procedures)
  .filter(([path]) => path.startsWith('admin.'))
  .map(([path, p]) => ({ path, scope: scopeForProcedure(path, p._def.type) }))
  .sort((a, b) => a.path.localeCompare(b.path));

const restCalls = Object.entries(openApiDocument().paths ?? {})
  .filter(([path]) => path.startsWith('/admin'))
  .flatMap(([path, ops]) =>
    Object.entries(ops as Record<string, { security?: Record<string, string[]>[] }>)
      .filter(([method]) => ['get', 'post', 'put', 'delete', 'patch'].includes(method))
      .map(([method, op]) => ({
        method: method.toUpperCase(),
        path,
        scope: (op.security?.find((s) => s.ApiKey)?.ApiKey[0] ?? null) as ApiScope | null,
      })),
  );

let t: TestApp;
/** One key per scope holding exactly it, one holding every scope but it, and one holding all. */
const exact = {} as Record<ApiScope, string>;
const allBut = {} as Record<ApiScope, string>;
let every: string;

beforeAll(async () => {
  t = await createTestApp();
  const admin = (await createUser(t.deps, { role: 'admin' })).token;
  const make = async (scopes: string[]) => {
    const res = await t.api('POST', '/admin/api-keys', { token: admin, body: { name: scopes.join(' ').slice(0, 80), scopes } });
    expect(res.status).toBe(200);
    return res.body.secret as string;
  };
  for (const s of API_SCOPES) {
    exact[s] = await make([s]);
    allBut[s] = await make(API_SCOPES.filter((x) => x !== s));
  }
  every = await make([...API_SCOPES]);
});
afterAll(() => t.close());

async function callProcedure(path: string, token: string): Promise<{ code: string; message?: string }> {
  const caller = t.caller({ token }) as unknown as Record<string, unknown>;
  const fn = path.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown>)[k], caller) as (input: unknown) => Promise<unknown>;
  try {
    await fn({});
    return { code: 'OK' };
  } catch (err) {
    const e = err as { code?: string; message?: string };
    return { code: e.code ?? 'THROWN', message: e.message };
  }
}

const restPath = (path: string) => path.replace(/\{[^}]+\}/g, 'no-such-id');
const callRest = (method: string, path: string, token: string) => t.api(method, restPath(path), { token, body: method === 'GET' ? undefined : {} });

describe('the matrix covers the whole back office', () => {
  it('finds the admin procedures and REST routes, with and without a scope', () => {
    expect(procedures.length).toBeGreaterThanOrEqual(30);
    expect(procedures).toEqual(
      expect.arrayContaining([
        { path: 'admin.inventory.adjust', scope: 'inventory:write' },
        { path: 'admin.orders.feed', scope: 'orders:read' },
        { path: 'admin.products.feed', scope: 'catalog:read' },
        { path: 'admin.users.setRole', scope: null },
        { path: 'admin.apiKeys.create', scope: null },
      ]),
    );
    expect(restCalls).toEqual(
      expect.arrayContaining([
        { method: 'POST', path: '/admin/import/products', scope: 'catalog:write' },
        { method: 'GET', path: '/admin/export/stock-ledger', scope: 'inventory:read' },
        { method: 'POST', path: '/admin/upload/images', scope: 'catalog:write' },
        { method: 'GET', path: '/admin/users', scope: null },
      ]),
    );
    // Every scope a key can be given opens something.
    expect(new Set(procedures.map((p) => p.scope).filter(Boolean))).toEqual(new Set(API_SCOPES));
  });
});

describe.each(procedures)('tRPC $path ($scope)', ({ path, scope }) => {
  if (scope) {
    it(`passes the gate with exactly ${scope}`, async () => {
      const res = await callProcedure(path, exact[scope]);
      expect(['UNAUTHORIZED', 'FORBIDDEN', 'INTERNAL_SERVER_ERROR'], JSON.stringify(res)).not.toContain(res.code);
    });
    it(`refuses a key with every scope but ${scope}, naming it`, async () => {
      expect(await callProcedure(path, allBut[scope])).toEqual({ code: 'FORBIDDEN', message: lacks(scope) });
    });
  } else {
    it('refuses a key with every scope', async () => {
      expect(await callProcedure(path, every)).toEqual({ code: 'FORBIDDEN', message: NO_KEYS });
    });
  }
});

describe.each(restCalls)('REST $method $path ($scope)', ({ method, path, scope }) => {
  if (scope) {
    it(`passes the gate with exactly ${scope}`, async () => {
      const res = await callRest(method, path, exact[scope]);
      expect([401, 403], JSON.stringify(res.body)).not.toContain(res.status);
      expect(res.status).toBeLessThan(500);
    });
    it(`answers 403 naming ${scope} to a key with every other scope`, async () => {
      expect(await callRest(method, path, allBut[scope])).toMatchObject({ status: 403, body: { detail: lacks(scope) } });
    });
  } else {
    it('answers 403 to a key with every scope', async () => {
      expect(await callRest(method, path, every)).toMatchObject({ status: 403, body: { detail: NO_KEYS } });
    });
  }
});
