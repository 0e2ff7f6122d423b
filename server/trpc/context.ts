import type { Request } from 'express';
import type { AppDeps } from '../deps';
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
  const token = opts.token ?? null;
  return {
    ...deps,
    deps,
    token,
    guestId: normaliseGuestId(opts.guestId),
    ip: opts.ip ?? 'unknown',
    idempotencyKey: opts.idempotencyKey ?? null,
    requestId: opts.requestId,
    getAuth(): Promise<AuthState | null> {
      auth ??= resolveAuth(deps, token);
      return auth;
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
  // The request's log line names the signed-in user (by id only), once the principal is known.
  const getAuth = ctx.getAuth;
  ctx.getAuth = () =>
    getAuth().then((auth) => {
      if (auth) noteUser(req, auth.user.id);
      return auth;
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
