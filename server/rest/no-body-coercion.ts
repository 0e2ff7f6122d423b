import type { AnyRouter } from '@trpc/server';

/**
 * trpc-to-openapi (3.3) turns on zod's `coerce` for every number, boolean, bigint and date field
 * of a procedure's input the first time it serves that procedure, body or query alike. For a query
 * string that is what makes `?page=2` a number. For a JSON body it makes "3" a number, "" a zero
 * and "false" true, and as it changes the shared schema object, the tRPC door coerces from then on
 * too. So before the adapter serves anything, the fields of every procedure that takes a JSON body
 * are pinned to not coercing: a quantity sent as a string is refused on every path and both doors.
 */
const COERCIBLE = new Set(['number', 'boolean', 'bigint', 'date']);
const WRAPPERS = new Set(['optional', 'nullable', 'default', 'prefault', 'readonly', 'nonoptional', 'catch']);

interface Def {
  type: string;
  coerce?: boolean;
  shape?: Record<string, Schema>;
  innerType?: Schema;
  element?: Schema;
  in?: Schema;
  out?: Schema;
  options?: Schema[];
  getter?: () => Schema;
}
type Schema = { _zod?: { def: Def } };

function coercibleFields(schema: Schema | undefined, found: Set<Def>, seen = new Set<Def>()): Set<Def> {
  const def = schema?._zod?.def;
  if (!def || seen.has(def)) return found;
  seen.add(def);
  if (COERCIBLE.has(def.type)) found.add(def);
  else if (def.type === 'object') for (const field of Object.values(def.shape ?? {})) coercibleFields(field, found, seen);
  else if (WRAPPERS.has(def.type)) coercibleFields(def.innerType, found, seen);
  else if (def.type === 'array') coercibleFields(def.element, found, seen);
  else if (def.type === 'pipe') [def.in, def.out].forEach((s) => coercibleFields(s, found, seen));
  else if (def.type === 'union') def.options?.forEach((s) => coercibleFields(s, found, seen));
  else if (def.type === 'lazy') coercibleFields(def.getter?.(), found, seen);
  return found;
}

export function pinBodyFieldsAgainstCoercion(router: AnyRouter): void {
  const body = new Set<Def>();
  const query = new Set<Def>();
  const procedures = router._def.procedures as Record<string, { _def: { meta?: { openapi?: { method: string } }; inputs: Schema[] } }>;
  for (const procedure of Object.values(procedures)) {
    const method = procedure._def.meta?.openapi?.method;
    if (!method) continue;
    // The adapter reads a body for every method but GET and DELETE (trpc-to-openapi's acceptsRequestBody).
    const into = method === 'GET' || method === 'DELETE' ? query : body;
    for (const input of procedure._def.inputs) coercibleFields(input, into);
  }
  for (const def of body) {
    // One schema object in both a body and a query string cannot be both strict and coerced.
    if (query.has(def)) throw new Error('A zod field is shared by a JSON body and a query string input; give each its own schema');
    Object.defineProperty(def, 'coerce', { get: () => false, set: () => undefined, configurable: true, enumerable: true });
  }
}
