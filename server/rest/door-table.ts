import type { AnyProcedure, TRPCRouterRecord } from '@trpc/server';
import { Router, type Request, type Response } from 'express';
import { z } from 'zod';
import { checkInput } from '../../shared/domain/safe-text';
import { filterOptionsInput, filterProductsInput, listProductsInput, productIdInput } from '../../shared/schemas/catalog.schema';
import { validateCouponInput } from '../../shared/schemas/promotions.schema';
import { suggestInput } from '../../shared/schemas/search.schema';
import { couponSession } from '../auth/coupon-attempts';
import type { AppDeps } from '../deps';
import { jsonBody, requireJsonBody } from '../http/json-body';
import * as catalog from '../services/catalogue/catalog.service';
import * as promotions from '../services/promotions/promotions.service';
import { contractFilterJson, contractProductDetailJson, contractProductListJson } from '../services/price-lists/contract-catalogue';
import { callerPriceListId } from '../services/price-lists/resolve-price-list';
import { suggestCached } from '../services/catalogue/suggest.service';
import { contextFromRequest } from '../trpc/context';
import { appRouter, createCaller, type AppRouter } from '../trpc/root';
import { sendError } from './errors';

// The REST paths answered without the tRPC/OpenAPI adapter, which builds a Fetch-style request,
// matches the path and formats the answer on every call: on the busiest paths that was a third to
// more than half of a request's CPU (docs/decisions/0135-one-door-table.md). Each entry names a procedure; its
// method and path are that procedure's `meta.openapi`, read here at startup, so a renamed procedure
// or a moved path cannot leave a stale route behind (door-table.test.ts checks every entry).
//
//   caller  the procedure itself, through createCaller: the same context, middlewares (safe input,
//           roles, guest id), input and output schemas and error map as the adapter and /trpc.
//   cache   an answer from a service's in-process cache (catalog-cache.ts, promo-cache.ts) without
//           calling the procedure; the input is parsed by checkInput with the procedure's own input
//           schema (checked at startup), the rest (who is calling, limits) is the entry's to mirror.
//
// A new hot path is one more line here. Every other procedure stays on the adapter (procedures.door.ts).

/** The dotted names of the procedures (`cart.get`), from the router's own type. */
type ProcedureNames<R extends TRPCRouterRecord, P extends string = ''> = {
  [K in keyof R & string]: R[K] extends AnyProcedure ? `${P}${K}` : R[K] extends TRPCRouterRecord ? ProcedureNames<R[K], `${P}${K}.`> : never;
}[keyof R & string];
export type ProcedureName = ProcedureNames<AppRouter['_def']['record']>;

/** What a cache entry sends: the JSON text of the answer (catalog-cache.ts serialises a hit once). */
interface JsonAnswer {
  json: string;
}

interface CallerEntry {
  serve: 'caller';
}

interface CacheEntry {
  serve: 'cache';
  /** The procedure's input schema (the very object; startup refuses any other). */
  input: z.ZodType;
  answer(deps: AppDeps, input: never, req: Request): Promise<JsonAnswer>;
  /** Body size limit when smaller than the door's 1 MB. */
  bodyLimit?: string;
}

type DoorEntry = CallerEntry | CacheEntry;

const caller = (): CallerEntry => ({ serve: 'caller' });

function cache<S extends z.ZodType>(
  input: S,
  answer: (deps: AppDeps, input: z.output<S>, req: Request) => Promise<JsonAnswer>,
  opts: { bodyLimit?: string } = {},
): CacheEntry {
  return { serve: 'cache', input, answer, ...opts };
}

const asJson = (value: unknown): JsonAnswer => ({ json: JSON.stringify(value) });

/** A cached catalogue answer as the caller sees it: as stored, or repriced for a company member. */
async function contractAnswer<T>(deps: AppDeps, req: Request, cached: Promise<{ value: T; json: string }>, reprice: (answer: { value: T; json: string }, priceListId: string) => Promise<string>): Promise<JsonAnswer> {
  const ctx = contextFromRequest(deps, req);
  const [answer, priceListId] = await Promise.all([cached, callerPriceListId(ctx)]);
  if (!priceListId) return answer;
  // The member's prices written into the cached answer's JSON (contract-catalogue.ts); never stored.
  return { json: await reprice(answer, priceListId) };
}

export const DOOR_TABLE: Partial<Record<ProcedureName, DoorEntry>> = {
  // The busiest per-shopper procedures: a third of their CPU was the adapter once the session is cached.
  'users.me': caller(),
  'cart.get': caller(),
  'cart.add': caller(),
  'chat.history': caller(),

  // The catalogue's hottest reads, meant to keep up with bare Express: the cached answer's JSON as stored.
  'catalog.filterOptions': cache(filterOptionsInput, (deps) => catalog.filterOptionsCached(deps.db)),
  // A company member's contract prices are applied to the cached answer per request (decision 0193);
  // a request without a token is the cached JSON as stored.
  'catalog.filter': cache(
    filterProductsInput,
    (deps, input, req) => contractAnswer(deps, req, catalog.filterProductsCached(deps.db, input), (a, id) => contractFilterJson(deps.db, a, id, input)),
    { bodyLimit: '64kb' },
  ),
  'catalog.byId': cache(productIdInput, (deps, { id }, req) => contractAnswer(deps, req, catalog.productDetailCached(deps.db, id), (a, id) => contractProductDetailJson(deps.db, a, id))),
  'catalog.list': cache(listProductsInput, (deps, input, req) => contractAnswer(deps, req, catalog.listProductsCached(deps.db, input), (a, id) => contractProductListJson(deps.db, a, id))),
  'search.suggest': cache(suggestInput, (deps, { q }) => suggestCached(deps.db, q)),

  // Arithmetic over the cached tiers and coupons. The caller is who the procedure would see (the
  // address, and the user or guest id), and the same failed-attempt limit applies (coupon-attempts.ts).
  'promotions.validate': cache(validateCouponInput, (deps, input, req) => {
    const ctx = contextFromRequest(deps, req);
    return (ctx.token ? ctx.getAuth() : Promise.resolve(null))
      .then((auth) =>
        promotions.validateCoupon(deps.db, input, {
          attempts: deps.limiters.couponAttempts,
          caller: { ip: ctx.ip, session: couponSession(auth?.user.id, ctx.guestId) },
        }),
      )
      .then(asJson);
  }),
};

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface DoorRoute {
  procedure: ProcedureName;
  entry: DoorEntry;
  /** From the procedure's meta.openapi. */
  method: Method;
  path: string;
  /** The same path in Express's syntax (`{id}` becomes `:id`). */
  expressPath: string;
  params: string[];
  /** Whether a GET or DELETE reads its query string: only when its input has fields beyond the path's. */
  readsQuery: boolean;
}

type ProcedureDef = { _def: { meta?: { openapi?: { method: Method; path: string } }; inputs: unknown[] } };

/** The table resolved against the router; throws at startup on an entry that does not fit its procedure. */
export function doorRoutes(table: Partial<Record<string, DoorEntry>> = DOOR_TABLE): DoorRoute[] {
  const procedures = appRouter._def.procedures as unknown as Record<string, ProcedureDef | undefined>;
  const routes = Object.entries(table).map(([name, entry]): DoorRoute => {
    if (!entry) throw new Error(`The REST door table has no entry for ${name}`);
    const procedure = procedures[name];
    const openapi = procedure?._def.meta?.openapi;
    if (!procedure || !openapi) throw new Error(`The REST door table names ${name}, which is no procedure with meta.openapi`);
    const inputs = procedure._def.inputs;
    if (inputs.length > 1) throw new Error(`The REST door table cannot serve ${name}: it chains several input schemas`);
    if (entry.serve === 'cache' && inputs[0] !== entry.input) throw new Error(`The REST door table's input schema for ${name} is not the procedure's`);
    const params = [...openapi.path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]);
    const bodyless = openapi.method === 'GET' || openapi.method === 'DELETE';
    return {
      procedure: name as ProcedureName,
      entry,
      method: openapi.method,
      path: openapi.path,
      expressPath: openapi.path.replace(/\{([^}]+)\}/g, ':$1'),
      params,
      readsQuery: bodyless && inputs.length === 1 && hasFieldsBeyond(inputs[0], params),
    };
  });
  // A fixed path before a parameterised one, so that /products/filter-options is never taken for an id.
  return routes.sort((a, b) => Number(a.params.length > 0) - Number(b.params.length > 0));
}

/**
 * Whether an input schema declares fields other than the path's parameters, i.e. reads the query
 * string. A path whose input has none (GET /users/me, /products/{id}) leaves the query unread, as
 * text that is never read is never stored or searched. Anything but a plain object reads it.
 */
function hasFieldsBeyond(schema: unknown, params: string[]): boolean {
  let s = schema;
  while (s instanceof z.ZodOptional || s instanceof z.ZodNullable) s = s.unwrap();
  if (!(s instanceof z.ZodObject)) return true;
  return Object.keys(s.shape).some((field) => !params.includes(field));
}

/** The input as the procedure would get it: the query (if read) or the JSON body, and the path parameters over it. */
function rawInput(route: DoorRoute, req: Request): unknown {
  if (route.method === 'GET' || route.method === 'DELETE') {
    const input: Record<string, unknown> = route.readsQuery ? { ...req.query } : {};
    for (const p of route.params) input[p] = String(req.params[p]);
    return Object.keys(input).length ? input : undefined;
  }
  const body: unknown = req.body ?? {};
  if (!route.params.length) return body;
  const input: Record<string, unknown> = typeof body === 'object' && !Array.isArray(body) ? { ...(body as object) } : {};
  for (const p of route.params) input[p] = String(req.params[p]);
  return input;
}

function serveRoute(deps: AppDeps, route: DoorRoute): (req: Request, res: Response) => void {
  const where = `REST ${route.method} ${route.path}`;
  const { entry } = route;
  if (entry.serve === 'cache') {
    return (req, res) => {
      let answer: Promise<JsonAnswer>;
      try {
        answer = entry.answer(deps, checkInput(rawInput(route, req), entry.input) as never, req);
      } catch (err) {
        return sendError(res, err, where);
      }
      answer.then(
        (a) => void res.status(200).type('application/json').send(a.json),
        (err: unknown) => sendError(res, err, where),
      );
    };
  }
  const segments = route.procedure.split('.');
  return (req, res) => {
    const ctx = contextFromRequest(deps, req);
    const call = segments.reduce<unknown>((at, s) => (at as Record<string, unknown>)[s], createCaller(ctx)) as (input: unknown) => Promise<unknown>;
    call(rawInput(route, req)).then(
      (answer) => void res.set(ctx.responseHeaders).json(answer),
      (err: unknown) => sendError(res, err, where),
    );
  };
}

/** The one router for every path in the table, mounted ahead of the adapter (rest/index.ts). */
export function doorTable(deps: AppDeps): Router {
  const r = Router();
  for (const route of doorRoutes()) {
    const handle = serveRoute(deps, route);
    const method = route.method.toLowerCase() as Lowercase<Method>;
    if (route.method === 'GET' || route.method === 'DELETE') r[method](route.expressPath, handle);
    // A body must be JSON (or absent); anything else is the door's 415 with its request id.
    else r[method](route.expressPath, jsonBody(route.entry.serve === 'cache' ? route.entry.bodyLimit : undefined), requireJsonBody, handle);
  }
  return r;
}
