import { Router, type NextFunction, type Request, type Response } from 'express';
import { createOpenApiExpressMiddleware } from 'trpc-to-openapi';
import type { AppDeps } from '../deps';
import { requestIdOf } from '../http/request-facts';
import { apiRoute, UNMATCHED_API } from '../http/route-label';
import { retryAfterOf, SERVER_ERROR_DETAIL } from '../lib/http-error';
import { logServerError } from '../lib/log';
import { createExpressContext } from '../trpc/context';
import { appRouter } from '../trpc/root';
import { jsonBody, requireJsonBody } from '../http/json-body';
import { pinBodyFieldsAgainstCoercion } from './no-body-coercion';

/**
 * Every procedure with `meta.openapi` at its documented path (trpc-to-openapi), called exactly as
 * the SPA calls it at /trpc: same context, same principal, same error map (the tRPC formatter).
 */
export function proceduresDoor(deps: AppDeps): Router {
  pinBodyFieldsAgainstCoercion(appRouter);
  const r = Router();
  r.use(jsonBody());
  // Integrators often send POST/DELETE with no body and no content type (e.g. set-default).
  r.use((req, _res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD' && !req.headers['content-type']) {
      req.headers['content-type'] = 'application/json';
      req.body ??= {};
    }
    next();
  });
  // A path no procedure documents goes on to the JSON 404 (with its request id) without the adapter.
  r.use((req, _res, next) => (apiRoute(req.method, req.path) === UNMATCHED_API ? next('router') : next()));
  r.use(requireJsonBody);
  r.use(restErrorBody);
  r.use(
    createOpenApiExpressMiddleware({
      router: appRouter,
      createContext: createExpressContext(deps),
      // A 503 or a rate limit's 429 names its wait, as on every other door.
      // A successful answer carries the headers its procedure added (context.ts responseHeaders).
      responseMeta: ({ ctx, errors }) => {
        if (!errors.length) return ctx?.responseHeaders ? { headers: ctx.responseHeaders } : {};
        const wait = retryAfterOf(errors);
        return wait ? { headers: { 'Retry-After': String(wait) } } : {};
      },
      onError: ({ error, path, req }) => {
        if (error.code === 'INTERNAL_SERVER_ERROR') logServerError(`REST ${path ?? ''}`, error, requestIdOf(req));
      },
    }),
  );
  return r;
}

/**
 * The adapter answers an error with the tRPC error shape (message, code, data.path, httpStatus,
 * issues) around the formatter's detail, and offers no hook to shape the body. The REST door's
 * errors are `{ detail, request_id }` like every other /api answer (errors.ts), so the body is
 * rewritten as the adapter ends it: the tRPC door keeps its shape, REST callers see no internals.
 */
function restErrorBody(_req: Request, res: Response, next: NextFunction) {
  const end = res.end.bind(res) as (...args: unknown[]) => Response;
  res.end = ((chunk?: unknown, ...rest: unknown[]) => {
    if (res.statusCode >= 400 && typeof chunk === 'string') chunk = JSON.stringify(restError(chunk, requestIdOf(res)));
    return end(chunk, ...rest);
  }) as Response['end'];
  next();
}

function restError(body: string, requestId: string | undefined): { detail: string; request_id: string | undefined } {
  let shape: { detail?: unknown; message?: unknown; request_id?: unknown } = {};
  try {
    shape = JSON.parse(body) as typeof shape;
  } catch {
    /* not the adapter's JSON: answer the generic sentence */
  }
  const detail = typeof shape.detail === 'string' ? shape.detail : typeof shape.message === 'string' ? shape.message : SERVER_ERROR_DETAIL;
  return { detail, request_id: typeof shape.request_id === 'string' ? shape.request_id : requestId };
}
