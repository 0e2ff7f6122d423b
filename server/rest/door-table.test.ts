import { describe, expect, it } from 'vitest';
import { productIdInput } from '../../shared/schemas/catalog.schema';
import { appRouter } from '../trpc/root';
import { DOOR_TABLE, doorRoutes } from './door-table';
import { openApiDocument } from './openapi';

// The table names procedures; method and path are read from their meta. These checks keep the
// table and the procedures in step: a renamed procedure, a moved path or a swapped schema fails here
// (and at startup) instead of leaving a route that answers differently from the documented one.

type Def = { _def: { meta?: { openapi?: { method: string; path: string } }; inputs: unknown[] } };
const procedures = appRouter._def.procedures as unknown as Record<string, Def>;

describe('the REST door table', () => {
  const routes = doorRoutes();

  it('serves every entry at its procedure’s meta.openapi method and path, as documented', () => {
    expect(routes.map((r) => r.procedure).sort()).toEqual(Object.keys(DOOR_TABLE).sort());
    const paths = openApiDocument().paths ?? {};
    for (const route of routes) {
      const meta = procedures[route.procedure]._def.meta?.openapi;
      expect(meta, route.procedure).toBeDefined();
      expect({ method: route.method, path: route.path }, route.procedure).toEqual({ method: meta!.method, path: meta!.path });
      expect(route.expressPath, route.procedure).toBe(meta!.path.replace(/\{(\w+)\}/g, ':$1'));
      expect((paths[route.path] as Record<string, unknown> | undefined)?.[route.method.toLowerCase()], `${route.method} ${route.path}`).toBeDefined();
    }
  });

  it('parses each cached path with its procedure’s own input schema', () => {
    for (const route of routes) {
      if (route.entry.serve !== 'cache') continue;
      expect(procedures[route.procedure]._def.inputs, route.procedure).toEqual([route.entry.input]);
      expect(procedures[route.procedure]._def.inputs[0], route.procedure).toBe(route.entry.input);
    }
  });

  it('puts fixed paths before parameterised ones', () => {
    const firstWithParam = routes.findIndex((r) => r.params.length > 0);
    expect(routes.slice(firstWithParam).every((r) => r.params.length > 0)).toBe(true);
    const ids = routes.map((r) => r.path);
    expect(ids.indexOf('/products/filter-options')).toBeLessThan(ids.indexOf('/products/{id}'));
  });

  it('reads the query string only where the input has fields beyond the path', () => {
    const reads = Object.fromEntries(routes.map((r) => [r.procedure, r.readsQuery]));
    expect(reads).toMatchObject({ 'cart.get': true, 'chat.history': true, 'users.me': false, 'catalog.byId': false, 'catalog.filterOptions': false });
  });

  it('refuses an entry that names no procedure, or a cached one with another schema', () => {
    expect(() => doorRoutes({ 'cart.renamed': { serve: 'caller' } })).toThrow(/cart\.renamed, which is no procedure/);
    const entry = DOOR_TABLE['catalog.filter'];
    expect(entry?.serve).toBe('cache');
    expect(() => doorRoutes({ 'catalog.filter': { ...entry!, input: productIdInput } as typeof entry & object })).toThrow(/input schema for catalog\.filter/);
  });
});
