import type { Request } from 'express';
import { guestIdSchema } from '../../shared/schemas/common.schema';
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
  const guest = readGuestId(opts.guestId);
  return {
    ...deps,
    deps,
    token,
    /** A well-formed X-Session-Id, else null. */
    guestId: guest.id,
    /** Why the X-Session-Id that was sent is refused (procedures that use it answer 400 with this). */
    guestIdProblem: guest.problem,
    ip: opts.ip ?? 'unknown',
    idempotencyKey: opts.idempotencyKey ?? null,
    requestId: opts.requestId,
    /**
     * Headers a procedure adds to its REST answer, such as the next page's Link (GET /api/orders):
     * the REST doors send them with a successful answer; /trpc has no use for them.
     */
    responseHeaders: {} as Record<string, string>,
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

// A guest id is a bearer key to a cart and a chat, so a guessable one is never used: it is kept as
// a problem that the procedures reading the guest id turn into a 400 (server/trpc/procedures.ts).
function readGuestId(id: string | null | undefined): { id: string | null; problem: string | null } {
  if (!id) return { id: null, problem: null };
  const parsed = guestIdSchema.safeParse(id);
  return parsed.success ? { id: parsed.data, problem: null } : { id: null, problem: parsed.error.issues[0]?.message ?? 'Invalid X-Session-Id' };
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
