import { describe, expect, it } from 'vitest';
import { PLAIN_ROUTES_WITH_AREA, scopeForPlainRoute, scopeForProcedure } from '../../server/auth/scopes';
import { openApiDocument } from '../../server/rest/openapi';
import { PLAIN_ROUTES } from '../../server/rest/plain-routes';
import { BACK_OFFICE_OPERATIONS } from '../../shared/domain/permissions';

// The API key scope of a plain route (files in and out, server/rest/plain-routes.ts) is said in one
// place, server/auth/scopes.ts, beside the procedures' (decision 0191): a route names no scope of its
// own, its gate and its OpenAPI entry both ask the table. This holds the table and the routes to
// each other, so that neither can move without the other: every back-office plain route has a
// scope from the table, no row is left for a route that is gone, a route beside a procedure at the
// same `METHOD /path` takes the procedure's scope, and the document shows what the gate enforces
// (tests/api/integrations/api-key-scopes.test.ts calls every documented scope over REST).

const where = (r: { method: string; path: string }) => `${r.method} ${r.path}`;
const backOffice = PLAIN_ROUTES.filter((r) => r.gate.kind === 'back-office').map(where);
const procedureAt = (route: string) => BACK_OFFICE_OPERATIONS.find((op) => op.rest === route && op.procedure)?.procedure ?? null;

describe('plain routes and the scope table', () => {
  it('finds the back-office plain routes (a guard against checking nothing)', () => {
    expect(backOffice).toEqual(expect.arrayContaining(['POST /admin/upload/images', 'GET /admin/reports/sales', 'GET /admin/backups/{id}/download']));
  });

  it('places every back-office plain route without a procedure at its path, and no other', () => {
    const ownRows = backOffice.filter((route) => !procedureAt(route));
    expect([...PLAIN_ROUTES_WITH_AREA].sort()).toEqual([...new Set(ownRows)].sort());
  });

  it.each(backOffice)('%s: a read takes a read scope, a change a write scope', (route) => {
    const scope = scopeForPlainRoute(route);
    expect(scope, `${route} is out of reach of every key: say so in a decision record and here`).not.toBeNull();
    expect(scope!.split(':')[1]).toBe(route.startsWith('GET ') ? 'read' : 'write');
  });

  it.each(backOffice.filter(procedureAt))('%s: takes the scope of the procedure at the same path', (route) => {
    expect(scopeForPlainRoute(route)).toBe(scopeForProcedure(procedureAt(route)!, route.startsWith('GET ') ? 'query' : 'mutation'));
  });

  it('documents the scope the table gives, on every back-office plain route the document shows', () => {
    const paths = openApiDocument().paths ?? {};
    const documented = PLAIN_ROUTES.filter((r) => r.gate.kind === 'back-office' && r.openapi).map((r) => {
      const op = (paths[r.path] as Record<string, { security?: Record<string, string[]>[]; description?: string }>)[r.method.toLowerCase()];
      return { route: where(r), scope: op.security?.find((s) => s.ApiKey)?.ApiKey[0] ?? null, line: /API key scope: `([^`]+)`/.exec(op.description ?? '')?.[1] ?? null };
    });
    expect(documented.length).toBeGreaterThanOrEqual(10);
    expect(documented).toEqual(documented.map(({ route }) => ({ route, scope: scopeForPlainRoute(route), line: scopeForPlainRoute(route) })));
  });

  it('refuses to place a route the table does not know (the server would not start)', () => {
    expect(() => scopeForPlainRoute('GET /admin/export/everything')).toThrow(/No API key scope for the plain route GET \/admin\/export\/everything/);
  });
});
