import { Router } from 'express';
import type { AppDeps } from '../deps';
import { readinessRoute, type Readiness } from '../http/readiness';
import { csvExportRoutes } from './csv-export.route';
import { csvImportRoutes } from './csv-import.route';
import { backupsRoute } from './backups.route';
import { reportsCsvRoutes } from './reports-csv.route';
import { apiDocsHtml } from './docs-page';
import { documentsRouter } from './documents.routes';
import { doorTable } from './door-table';
import { apiErrorHandler, apiNotFound } from './errors';
import { openApiDocument } from './openapi';
import { proceduresDoor } from './procedures.door';
import { uploadImagesRoute } from './upload-images.route';
import { bankStatementsRoute } from './payments/bank-statements.route';
import { stripeWebhookRoute } from './payments/stripe-webhook.route';

/**
 * Everything served under /api, in the order a request meets it. Read top to bottom, this is the
 * whole REST door: no route registers itself anywhere else.
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

  // Stripe's signed events: read as raw bytes, ahead of every JSON parser (decision 0165).
  api.use(stripeWebhookRoute(deps));

  // Plain routes that are not procedures: multipart image upload, PDF downloads.
  api.use(uploadImagesRoute(deps));
  api.use(documentsRouter(deps));

  // CSV files in and out of the back office (files, not JSON).
  api.use(csvExportRoutes(deps));
  api.use(csvImportRoutes(deps));
  // Bank statements (multipart CSV) matched to orders (decision 0168).
  api.use(bankStatementsRoute(deps));
  // The reports as CSV (?format=csv); their JSON is the procedures'.
  api.use(reportsCsvRoutes(deps));

  // Backup files (admin only, or an API key with backups:read).
  api.use(backupsRoute(deps));

  // Every other procedure at its documented REST path, through the adapter.
  api.use(proceduresDoor(deps));

  api.use(apiNotFound);
  api.use(apiErrorHandler);
  return api;
}
