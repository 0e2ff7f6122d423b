import { Router } from 'express';
import { createOpenApiExpressMiddleware } from 'trpc-to-openapi';
import type { AppDeps } from '../deps';
import { requestIdOf } from '../http/request-facts';
import { apiRoute, UNMATCHED_API } from '../http/route-label';
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
  r.use(
    createOpenApiExpressMiddleware({
      router: appRouter,
      createContext: createExpressContext(deps),
      onError: ({ error, path, req }) => {
        if (error.code === 'INTERNAL_SERVER_ERROR') logServerError(`REST ${path ?? ''}`, error, requestIdOf(req));
      },
    }),
  );
  return r;
}
