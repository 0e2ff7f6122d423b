import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACK_OFFICE_OPERATIONS, type BackOfficeOperation } from '../../../shared/domain/permissions';
import { openApiDocument } from '../../../server/rest/openapi';
import { appRouter } from '../../../server/trpc/root';
import { documentedRolesTable, rolesTable } from '../../../scripts/roles-table';
import { createUser } from '../../factories/users';
import { createTestApp, type TestApp } from '../../setup/test-app';

// The role × operation table (shared/domain/permissions.ts, docs/security.md) walked for every role:
// anonymous 401, customer 403, staff 403 on admin rows and served on staff rows, admin served. The
// operations come from the OpenAPI document and the router, so a new one without a row fails here.

type Procedure = { _def: { meta?: { openapi?: { method: string; path: string } } } };
const allProcedures = (appRouter._def as unknown as { procedures: Record<string, Procedure> }).procedures;
const adminProcedures = Object.keys(allProcedures).filter((k) => k.startsWith('admin.')).sort();

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];
/** Every back-office operation the OpenAPI document lists: under /admin, or open to an API key's scope. */
const documented = Object.entries(openApiDocument().paths ?? {})
  .flatMap(([path, ops]) =>
    Object.entries(ops as Record<string, { security?: Record<string, unknown>[] }>)
      .filter(([method, op]) => METHODS.includes(method) && (path.startsWith('/admin') || op.security?.some((s) => (s.ApiKey as string[] | undefined)?.length)))
      .map(([method]) => `${method.toUpperCase()} ${path}`),
  )
  .sort();
const tabled = BACK_OFFICE_OPERATIONS.map((op) => op.rest).sort();

describe('the table covers the whole back office', () => {
  it('has one row per operation of the OpenAPI document, and no row without one', () => {
    expect(documented.length).toBeGreaterThanOrEqual(60);
    expect(documented).toEqual(expect.arrayContaining(['POST /admin/upload/images', 'GET /admin/export/orders', 'GET /admin/orders/{id}/invoice.pdf']));
    expect(documented.filter((op) => !tabled.includes(op)), 'operations without a decision: add them to shared/domain/permissions.ts').toEqual([]);
    expect(tabled.filter((op) => !documented.includes(op)), 'rows whose operation no longer exists').toEqual([]);
    expect(new Set(tabled).size, 'an operation with two rows').toBe(tabled.length);
  });

  it('names every back-office procedure at its REST path', () => {
    const rows = new Map(BACK_OFFICE_OPERATIONS.filter((op) => op.procedure).map((op) => [op.procedure!, op.rest]));
    const actual = new Map(adminProcedures.map((p) => [p, `${allProcedures[p]._def.meta?.openapi?.method} ${allProcedures[p]._def.meta?.openapi?.path}`]));
    expect(Object.fromEntries(rows)).toEqual(Object.fromEntries(actual));
  });

  it('is the table docs/security.md shows (npx tsx scripts/roles-table.ts writes it)', () => {
    expect(documentedRolesTable()).toBe(rolesTable());
  });

  it('gives a reason wherever staff may see customers or act on their orders', () => {
    const sensitive = BACK_OFFICE_OPERATIONS.filter((op) => op.role === 'staff' && /\/admin\/(orders|contact-messages)|ledger/.test(op.rest));
    expect(sensitive.length).toBeGreaterThan(5);
    expect(sensitive.filter((op) => !op.reason).map((op) => op.rest)).toEqual([]);
  });
});

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
const served = (op: BackOfficeOperation, who: Who) => who === 'admin' || (who === 'staff' && op.role === 'staff');

describe.each(BACK_OFFICE_OPERATIONS)('REST $rest ($role)', (op) => {
  const [method, path] = op.rest.split(' ');
  const call = (who: Who) => t.api(method, path.replace(/\{[^}]+\}/g, 'no-such-id'), { token: tokenOf(who), body: method === 'GET' ? undefined : {} });

  it('answers anonymous 401 and customers 403, each with a detail', async () => {
    const anonymous = await call('anonymous');
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.detail).toEqual(expect.any(String));
    const customer = await call('customer');
    expect(customer.status).toBe(403);
    expect(customer.body.detail).toEqual(expect.any(String));
  });

  it.each(['staff', 'admin'] as const)('answers %s as the row says', async (who) => {
    const res = await call(who);
    if (served(op, who)) expect([401, 403]).not.toContain(res.status);
    else expect(res).toMatchObject({ status: 403, body: { detail: expect.any(String) } });
    expect(res.status).toBeLessThan(500);
  });
});

async function callProcedure(procedure: string, who: Who): Promise<string> {
  const caller = t.caller({ token: tokenOf(who) }) as unknown as Record<string, unknown>;
  const fn = procedure.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown>)[k], caller) as (input: unknown) => Promise<unknown>;
  try {
    await fn({});
    return 'OK';
  } catch (err) {
    return (err as { code?: string }).code ?? 'THROWN';
  }
}

describe.each(BACK_OFFICE_OPERATIONS.filter((op) => op.procedure))('tRPC $procedure ($role)', (op) => {
  it('refuses anonymous, customers and the roles the row leaves out', async () => {
    expect(await callProcedure(op.procedure!, 'anonymous')).toBe('UNAUTHORIZED');
    expect(await callProcedure(op.procedure!, 'customer')).toBe('FORBIDDEN');
    for (const who of ['staff', 'admin'] as const) {
      const code = await callProcedure(op.procedure!, who);
      if (served(op, who)) expect(['UNAUTHORIZED', 'FORBIDDEN', 'INTERNAL_SERVER_ERROR'], `${who}: ${code}`).not.toContain(code);
      else expect(code, who).toBe('FORBIDDEN');
    }
  });
});
