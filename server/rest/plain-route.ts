import { Router, type Request, type RequestHandler, type Response } from 'express';
import type { User } from 'lucia';
import type { OpenAPIObject } from 'trpc-to-openapi';
import { roleForRoute, type BackOfficeRole } from '../../shared/domain/permissions';
import { checkInput } from '../../shared/domain/safe-text';
import { AppError } from '../../shared/errors';
import type { ApiScope } from '../../shared/schemas/api-keys.schema';
import type { ApiKeyPrincipal } from '../auth/api-keys';
import { requireBackOffice } from '../auth/back-office';
import { requireSignedIn } from '../auth/principal';
import { scopeForPlainRoute } from '../auth/scopes';
import type { AppDeps } from '../deps';
import { contextFromRequest, type Context } from '../trpc/context';
import { sendError } from './errors';

// The routes under /api that are not procedures (files in and out, multipart uploads, Stripe's
// signed events) are written once here: each is a spec (method, path, who may call it, its OpenAPI
// operation, a handler), and this file registers it, resolves the caller once through the same
// context and gate as the procedures, converts errors through the one map, and contributes its
// entry to the OpenAPI document. A back-office route's role comes from the permissions table
// (shared/domain/permissions.ts) and its API key scope from the scope table (server/auth/scopes.ts),
// both by `METHOD /path`, so a route without a row stops the server from starting instead of
// guessing, and no route names its own. The list of them, in order, is plain-routes.ts.

type PathItem = NonNullable<OpenAPIObject['paths']>[string];
type Operation = NonNullable<PathItem['get']>;
/** What a route writes of its operation; security, the scope, path parameters and the 401/403 answers are added here. */
export type PlainOperation = Omit<Operation, 'security'>;

/** Who may call a route. */
export type Gate =
  /** A person whose role the permissions table allows, or an API key with the scope the scope table names (acting as its admin). */
  | { kind: 'back-office' }
  /** Any signed-in person, for their own records; an API key is refused and pointed at the back-office path. */
  | { kind: 'person'; apiKeysUse: string }
  /** Anyone (Stripe signs its events instead of signing in). */
  | { kind: 'public' };

export const backOffice: Gate = { kind: 'back-office' };
export const signedInPerson = (apiKeysUse: string): Gate => ({ kind: 'person', apiKeysUse });
export const anyone: Gate = { kind: 'public' };

/** The caller as the gate resolved it: the user is null only on a public route. */
export interface PlainCaller {
  ctx: Context;
  user: User | null;
  apiKey: ApiKeyPrincipal | null;
}

export interface PlainRoute {
  method: 'GET' | 'POST';
  /** As in the OpenAPI document (`/orders/{id}/invoice.pdf`); Express's `:id` is derived from it. */
  path: string;
  gate: Gate;
  /** Middlewares that run before anything else, e.g. reading Stripe's raw bytes (their errors go to the /api error handler). */
  before?: RequestHandler[];
  /** Only the requests this accepts; the others go on (the reports' JSON is the procedure's at the same path). */
  only?: (req: Request) => boolean;
  /** Path and query text checked as every procedure input is, before who is calling (routes that read them by hand). */
  checkText?: boolean;
  /** Its operation in the OpenAPI document; null when the procedure at the same path documents it. */
  openapi: PlainOperation | null;
  handle(deps: AppDeps, req: Request, res: Response, caller: PlainCaller): Promise<void>;
}

/** A signed-in user, for handlers behind a back-office or person gate (which never let anyone else through). */
export function userOf(caller: PlainCaller): User {
  if (!caller.user) throw new Error('userOf() on a public route');
  return caller.user;
}

const expressPath = (path: string) => path.replace(/\{([^}]+)\}/g, ':$1');
const where = (route: PlainRoute) => `${route.method} ${route.path}`;

/** What a back-office route needs: the role from the permissions table, the scope from the scope table. */
interface BackOfficeNeed {
  role: BackOfficeRole;
  /** Null: no API key may call it. */
  scope: ApiScope | null;
}

/** What a back-office route needs, read from the two tables (each throws at startup without a row); null for other gates. */
const needOf = (route: PlainRoute): BackOfficeNeed | null =>
  route.gate.kind === 'back-office' ? { role: roleForRoute(where(route)), scope: scopeForPlainRoute(where(route)) } : null;

async function resolveCaller(deps: AppDeps, req: Request, route: PlainRoute, need: BackOfficeNeed | null): Promise<PlainCaller> {
  const ctx = contextFromRequest(deps, req);
  const { gate } = route;
  if (gate.kind === 'public') return { ctx, user: null, apiKey: null };
  if (gate.kind === 'person') {
    if (ctx.usesApiKey) throw new AppError('FORBIDDEN', `API keys can only call back-office operations; use ${gate.apiKeysUse}.`);
    const { user } = requireSignedIn(await ctx.getAuth(), ctx.token);
    return { ctx, user, apiKey: null };
  }
  const { user, apiKey } = await requireBackOffice(ctx, need!);
  return { ctx, user, apiKey };
}

/** One router for every plain route, in the order given. */
export function plainRoutes(deps: AppDeps, routes: readonly PlainRoute[]): Router {
  const r = Router();
  for (const route of routes) {
    const need = needOf(route);
    const handler: RequestHandler = (req, res, next) => {
      if (route.only && !route.only(req)) return next();
      const work = async () => {
        if (route.checkText) checkInput({ ...req.params, ...req.query });
        await route.handle(deps, req, res, await resolveCaller(deps, req, route, need));
      };
      work().catch((err: unknown) => {
        // The caller went away mid-file: nothing to answer or log.
        if ((err as { code?: string } | null)?.code === 'ERR_STREAM_PREMATURE_CLOSE' && res.headersSent) return;
        sendError(res, err, where(route));
      });
    };
    const method = route.method === 'GET' ? 'get' : 'post';
    r[method](expressPath(route.path), ...(route.before ?? []), handler);
  }
  return r;
}

const errorAnswer = (description: string) => ({ description });

/** What the gate answers, unless the route says it more precisely. */
function gateAnswers(gate: Gate, need: BackOfficeNeed | null): Operation['responses'] {
  if (gate.kind === 'public') return {};
  if (gate.kind === 'person') {
    return { '401': errorAnswer('Not signed in'), '403': errorAnswer(`An API key (use ${gate.apiKeysUse})`) };
  }
  const key = need?.scope ? `an API key without the scope ${need.scope}` : 'any API key';
  return {
    '401': errorAnswer('Not signed in, or an invalid API key'),
    '403': errorAnswer(`Not allowed for this role (docs/security.md), or ${key}`),
  };
}

function operationOf(route: PlainRoute, op: PlainOperation): Operation {
  const { gate } = route;
  const need = needOf(route);
  const declared = new Set((op.parameters ?? []).map((p) => ('name' in p ? `${p.in}:${p.name}` : '')));
  const pathParams = [...route.path.matchAll(/\{([^}]+)\}/g)]
    .map((m) => m[1])
    .filter((name) => !declared.has(`path:${name}`))
    .map((name) => ({ name, in: 'path' as const, required: true, schema: { type: 'string' as const } }));
  const parameters = [...pathParams, ...(op.parameters ?? [])];
  const scopeLine = need ? (need.scope ? `API key scope: \`${need.scope}\`.` : 'API keys cannot call this.') : null;
  const description = [op.description, scopeLine].filter(Boolean).join('\n\n');
  return {
    ...op,
    ...(description ? { description } : {}),
    security: gate.kind === 'public' ? [] : [{ Authorization: [] }, ...(need?.scope ? [{ ApiKey: [need.scope] }] : [])],
    ...(parameters.length ? { parameters } : {}),
    responses: { ...gateAnswers(gate, need), ...op.responses },
  };
}

/** The routes' entries for the OpenAPI document, merged into the paths the procedures already have. */
export function addPlainRoutePaths(paths: NonNullable<OpenAPIObject['paths']>, routes: readonly PlainRoute[]): void {
  for (const route of routes) {
    if (!route.openapi) continue;
    paths[route.path] = { ...paths[route.path], [route.method.toLowerCase()]: operationOf(route, route.openapi) };
  }
}
