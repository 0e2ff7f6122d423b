import type { Request } from 'express';
import type { AppDeps } from '../deps';
import { isApiKeyToken, resolveApiKey, type ApiKeyPrincipal } from '../auth/api-keys';
import { bearerToken, resolveAuth, type AuthState } from '../auth/principal';
import { noteUser, requestIdOf } from '../http/request-facts';

export type { AuthState };

export interface ContextInnerOptions {
  deps: AppDeps;
  /** Bearer token from the Authorization header, if any. */
  token?: string | null;
  /** Guest cart / chat key from the X-Session-Id header. */
  guestId?: string | null;
  ip?: string;
  /** The Idempotency-Key header as sent; order placement validates it with its schema. */
  idempotencyKey?: string | null;
  /** The HTTP request's id (X-Request-Id), for error answers. */
  requestId?: string;
}

/**
 * The request-free half of the context: tests call routers with
 * `appRouter.createCaller(createContextInner({ deps, token }))` against a real database.
 * The session is looked up lazily, once, so public catalogue calls never pay for it.
 */
export function createContextInner(opts: ContextInnerOptions) {
  const { deps } = opts;
  let auth: Promise<AuthState | null> | undefined;
  let apiKey: Promise<ApiKeyPrincipal | null> | undefined;
  const token = opts.token ?? null;
  return {
    ...deps,
    deps,
    token,
    guestId: normaliseGuestId(opts.guestId),
    ip: opts.ip ?? 'unknown',
    idempotencyKey: opts.idempotencyKey ?? null,
    requestId: opts.requestId,
    /** Whether the bearer token is an integration's API key rather than a person's session. */
    usesApiKey: isApiKeyToken(token),
    /** The person's session behind the bearer token (null for an API key). */
    getAuth(): Promise<AuthState | null> {
      auth ??= isApiKeyToken(token) ? Promise.resolve(null) : resolveAuth(deps, token);
      return auth;
    },
    /** The API key behind the bearer token, if it is one and still valid. */
    getApiKey(): Promise<ApiKeyPrincipal | null> {
      apiKey ??= isApiKeyToken(token) ? resolveApiKey(deps.db, token) : Promise.resolve(null);
      return apiKey;
    },
  };
}

// Guest ids look like guest_<timestamp>_<random>; anything else is ignored rather than trusted.
function normaliseGuestId(id: string | null | undefined): string | null {
  if (!id) return null;
  return /^[A-Za-z0-9_-]{8,100}$/.test(id) ? id : null;
}

/** The context of an HTTP request, for every door: /trpc, the /api procedures and the plain /api routes. */
export function contextFromRequest(deps: AppDeps, req: Request) {
  const ctx = createContextInner({
    deps,
    token: bearerToken(req.headers.authorization),
    guestId: headerValue(req.headers['x-session-id']),
    ip: req.ip,
    idempotencyKey: headerValue(req.headers['idempotency-key']),
    requestId: requestIdOf(req),
  });
  // The request's log line names the signed-in user or the API key (by id only), once known.
  const { getAuth, getApiKey } = ctx;
  ctx.getAuth = () =>
    getAuth().then((auth) => {
      if (auth) noteUser(req, { userId: auth.user.id });
      return auth;
    });
  ctx.getApiKey = () =>
    getApiKey().then((key) => {
      if (key) noteUser(req, { userId: key.user.id, keyId: key.id });
      return key;
    });
  return ctx;
}

export const createExpressContext =
  (deps: AppDeps) =>
  ({ req }: { req: Request }) =>
    contextFromRequest(deps, req);

function headerValue(v: string | string[] | undefined): string | null {
  return (Array.isArray(v) ? v[0] : v) ?? null;
}

export type Context = ReturnType<typeof createContextInner>;
