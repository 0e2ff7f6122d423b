import type { Request, Response } from 'express';
import type { Session, User } from 'lucia';
import type { AppDeps } from '../deps';

export interface AuthState {
  user: User;
  session: Session;
}

export interface ContextInnerOptions {
  deps: AppDeps;
  /** Bearer token from the Authorization header, if any. */
  token?: string | null;
  /** Guest cart / chat key from the X-Session-Id header. */
  guestId?: string | null;
  ip?: string;
  idempotencyKey?: string | null;
}

/**
 * The request-free half of the context: tests call routers with
 * `appRouter.createCaller(createContextInner({ deps, token }))` against a real database.
 * The session is looked up lazily, once, so public catalogue calls never pay for it.
 */
export function createContextInner(opts: ContextInnerOptions) {
  const { deps } = opts;
  let auth: Promise<AuthState | null> | undefined;
  return {
    ...deps,
    deps,
    token: opts.token ?? null,
    guestId: normaliseGuestId(opts.guestId),
    ip: opts.ip ?? 'unknown',
    idempotencyKey: opts.idempotencyKey?.slice(0, 200) ?? null,
    getAuth(): Promise<AuthState | null> {
      if (!opts.token) return Promise.resolve(null);
      auth ??= deps.lucia.validateSession(opts.token).then(({ user, session }) => (user && session ? { user, session } : null));
      return auth;
    },
  };
}

// Guest ids look like guest_<timestamp>_<random>; anything else is ignored rather than trusted.
function normaliseGuestId(id: string | null | undefined): string | null {
  if (!id) return null;
  return /^[A-Za-z0-9_-]{8,100}$/.test(id) ? id : null;
}

export function createExpressContext(deps: AppDeps) {
  return ({ req }: { req: Request; res: Response }) => {
    const header = req.headers.authorization;
    const token = header?.startsWith('Bearer ') ? header.slice(7).trim() || null : null;
    return createContextInner({
      deps,
      token,
      guestId: headerValue(req.headers['x-session-id']),
      ip: req.ip,
      idempotencyKey: headerValue(req.headers['idempotency-key']),
    });
  };
}

function headerValue(v: string | string[] | undefined): string | null {
  return (Array.isArray(v) ? v[0] : v) ?? null;
}

export type Context = ReturnType<typeof createContextInner>;
