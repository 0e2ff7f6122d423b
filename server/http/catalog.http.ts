import express, { type NextFunction, type Request, type Response } from 'express';
import { AppError, APP_ERROR_STATUS } from '../../shared/errors';
import { filterProductsInput, productIdInput } from '../../shared/schemas/catalog.schema';
import { registerHttpRoutes } from '../http-routes';
import { logServerError } from '../lib/log';
import type { CachedAnswer } from '../services/catalog-cache';
import * as catalog from '../services/catalog.service';
import { startCatalogSync, type CatalogSync } from '../services/catalog-sync';
import { zodDetail } from '../trpc/init';

// The three hottest REST paths, answered ahead of the tRPC/OpenAPI adapter (design.md section 8:
// the adapter alone costs more than half of Express's throughput). Same zod schemas, same service
// and cache, same `{ detail }` errors and statuses as the procedures in catalog.router.ts, which
// stay the tRPC door and the OpenAPI description.

function sendAnswer(res: Response, answer: CachedAnswer<unknown>) {
  res.status(200).type('application/json').send(answer.json);
}

function sendError(res: Response, err: unknown) {
  if (err instanceof AppError) {
    res.status(APP_ERROR_STATUS[err.code]).json({ detail: err.message });
    return;
  }
  logServerError('catalog', err);
  res.status(500).json({ detail: 'Something went wrong on our side. Please try again.' });
}

const jsonBody = express.json({ limit: '64kb', strict: true });

// With several instances on one PostgreSQL, changes made by one drop the others' caches. Started once
// per process for the server's own database; test apps (no DATABASE_URL) stay in-process only.
let sync: CatalogSync | undefined;
function ensureCatalogSync() {
  const url = process.env.DATABASE_URL;
  if (sync || !url || process.env.NODE_ENV === 'test') return;
  sync = startCatalogSync(url, (msg) => console.warn(msg));
}

registerHttpRoutes((app, deps) => {
  ensureCatalogSync();
  app.get('/api/products/filter-options', (_req, res) => {
    catalog.filterOptionsCached(deps.db).then((a) => sendAnswer(res, a), (err) => sendError(res, err));
  });

  app.post('/api/products/filter', jsonBody, (req: Request, res: Response, next: NextFunction) => {
    // A body that is not JSON goes on to the adapter, which answers it exactly as before.
    if (!req.is('application/json') && req.headers['content-type']) return next();
    const parsed = filterProductsInput.safeParse(req.body ?? {});
    if (!parsed.success) {
      res.status(400).json({ detail: zodDetail(parsed.error) });
      return;
    }
    catalog.filterProductsCached(deps.db, parsed.data).then((a) => sendAnswer(res, a), (err) => sendError(res, err));
  });

  app.get('/api/products/:id', (req, res) => {
    const parsed = productIdInput.safeParse({ id: req.params.id });
    if (!parsed.success) {
      res.status(400).json({ detail: zodDetail(parsed.error) });
      return;
    }
    catalog.productDetailCached(deps.db, parsed.data.id).then((a) => sendAnswer(res, a), (err) => sendError(res, err));
  });
});
