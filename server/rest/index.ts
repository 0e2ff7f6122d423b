import { Router } from 'express';
import type { AppDeps } from '../deps';
import { readinessRoute, type Readiness } from '../http/readiness';
import { apiDocsHtml } from './docs-page';
import { doorTable } from './door-table';
import { apiErrorHandler, apiNotFound } from './errors';
import { openApiDocument } from './openapi';
import { plainRoutes } from './plain-route';
import { PLAIN_ROUTES } from './plain-routes';
import { proceduresDoor } from './procedures.door';

/**
 * Everything served under /api, in the order a request meets it. Read top to bottom (the plain
 * routes in plain-routes.ts), this is the whole REST door: no route registers itself anywhere else.
 */
export function createApiRouter(deps: AppDeps, opts: { readiness: Readiness }): Router {
  const api = Router();

  // Answers depend on who asks (and carry tokens and personal data): never stored by a cache.
  api.use((_req, res, next) => {
    res.setHeader('Cache-Control', 'no-store');
    next();
  });

  // Readiness for a load balancer (/api/health, a procedure, is the liveness check).
  api.use(readinessRoute(deps.db, opts.readiness));

  // The reference for integrators.
  api.get('/openapi.json', (_req, res) => void res.json(openApiDocument()));
  api.get('/docs', (_req, res) => void res.type('html').send(apiDocsHtml()));

  // The hot procedure paths, ahead of the adapter: called directly or answered from a cache, as the
  // one table in door-table.ts says.
  api.use(doorTable(deps));

  // The routes that are not procedures (Stripe's events, uploads, PDF, CSV and backup files), in
  // the order plain-routes.ts lists them; a report asked for as JSON goes on to its procedure.
  api.use(plainRoutes(deps, PLAIN_ROUTES));

  // Every other procedure at its documented REST path, through the adapter.
  api.use(proceduresDoor(deps));

  api.use(apiNotFound);
  api.use(apiErrorHandler);
  return api;
}
