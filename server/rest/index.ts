import { Router } from 'express';
import type { AppDeps } from '../deps';
import { catalogFastPaths } from './catalog-fast-paths';
import { csvExportRoutes } from './csv-export.route';
import { csvImportRoutes } from './csv-import.route';
import { apiDocsHtml } from './docs-page';
import { apiErrorHandler, apiNotFound } from './errors';
import { openApiDocument } from './openapi';
import { proceduresDoor } from './procedures.door';
import { uploadImagesRoute } from './upload-images.route';

/**
 * Everything served under /api, in the order a request meets it. Read top to bottom, this is the
 * whole REST door: no route registers itself anywhere else.
 */
export function createApiRouter(deps: AppDeps): Router {
  const api = Router();

  // Answers depend on who asks (and carry tokens and personal data): never stored by a cache.
  api.use((_req, res, next) => {
    res.setHeader('Cache-Control', 'no-store');
    next();
  });

  // The reference for integrators.
  api.get('/openapi.json', (_req, res) => void res.json(openApiDocument()));
  api.get('/docs', (_req, res) => void res.type('html').send(apiDocsHtml()));

  // The one deliberate bypass: cached catalogue answers ahead of the adapter (see the file).
  api.use(catalogFastPaths(deps));

  // Multipart: the one plain route that is not a procedure.
  api.use(uploadImagesRoute(deps));

  // CSV files in and out of the back office (files, not JSON).
  api.use(csvExportRoutes(deps));
  api.use(csvImportRoutes(deps));

  // Every other path: the tRPC procedures at their documented REST paths.
  api.use(proceduresDoor(deps));

  api.use(apiNotFound);
  api.use(apiErrorHandler);
  return api;
}
