import express, { type NextFunction, type Request, type Response, type Router } from 'express';
import { createOpenApiExpressMiddleware } from 'trpc-to-openapi';
import type { AppDeps } from '../deps';
import { createExpressContext } from '../trpc/context';
import { appRouter } from '../trpc/root';
import { logServerError } from '../lib/log';
import { apiDocsHtml } from './docs-page';
import { openApiDocument } from './openapi';

export const MAX_JSON_BODY = '1mb';

/**
 * The /api door: every path of the specification's call tables, answered by calling the same
 * tRPC procedures (trpc-to-openapi reads each procedure's `meta.openapi`).
 */
export function createRestRouter(deps: AppDeps): Router {
  const api = express.Router();
  api.get('/openapi.json', (_req, res) => {
    res.json(openApiDocument());
  });
  api.get('/docs', (_req, res) => {
    res.type('html').send(apiDocsHtml());
  });

  api.use(express.json({ limit: MAX_JSON_BODY, strict: true }));
  // Integrators often send POST/DELETE with no body and no content type (e.g. set-default).
  api.use((req, _res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD' && !req.headers['content-type']) {
      req.headers['content-type'] = 'application/json';
      req.body ??= {};
    }
    next();
  });
  api.use(
    createOpenApiExpressMiddleware({
      router: appRouter,
      createContext: createExpressContext(deps),
      onError: ({ error, path }) => {
        if (error.code === 'INTERNAL_SERVER_ERROR') logServerError(`REST ${path ?? ''}`, error);
      },
    }),
  );
  return api;
}

/** Body-parser errors (malformed JSON, too large) as `{ detail }`, never an HTML page. */
export function restErrorHandler(err: unknown, _req: Request, res: Response, next: NextFunction) {
  if (res.headersSent) return next(err);
  const e = err as { type?: string; status?: number; message?: string };
  if (e.type === 'entity.parse.failed') {
    res.status(400).json({ detail: 'Malformed JSON in the request body' });
  } else if (e.type === 'entity.too.large') {
    res.status(413).json({ detail: 'Request body is too large' });
  } else if (e.status && e.status >= 400 && e.status < 500) {
    res.status(e.status).json({ detail: e.message ?? 'Bad request' });
  } else {
    logServerError('HTTP', err);
    res.status(500).json({ detail: 'Something went wrong on our side. Please try again.' });
  }
}
