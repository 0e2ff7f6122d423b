import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { createExpressMiddleware } from '@trpc/server/adapters/express';
import express, { type Express } from 'express';
import type { AppDeps } from './deps';
import { mountHttpRoutes } from './http-routes';
import { clientDistDir } from './lib/paths';
import { logServerError } from './lib/log';
import { createOriginResolver, type OriginOptions } from './lib/public-origin';
import { createPagesRouter } from './pages/pages.router';
import { createRestRouter, restErrorHandler } from './rest/rest-adapter';
import { createExpressContext } from './trpc/context';
import { appRouter } from './trpc/root';
import './routes.register';

export interface AppOptions {
  /** Directory of uploaded images served at /uploads. */
  uploadsDir?: string;
  /** Serve the built SPA from dist/client (production and e2e). */
  serveClient?: boolean;
  /** Where absolute URLs come from (PUBLIC_URL, ALLOWED_HOSTS, PORT). */
  site?: OriginOptions;
  /** An index.html template for the SPA pages instead of dist/client's (tests). */
  indexHtmlPath?: string;
}

const ONE_YEAR = 365 * 24 * 3600;

/** Builds the Express app; tests build their own with their own database. */
export function createApp(deps: AppDeps, options: AppOptions = {}): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', 'loopback');
  app.set('etag', false);

  app.use(
    '/trpc',
    createExpressMiddleware({
      router: appRouter,
      createContext: createExpressContext(deps),
      maxBodySize: 1024 * 1024,
      onError: ({ error, path }) => {
        if (error.code === 'INTERNAL_SERVER_ERROR') logServerError(`tRPC ${path ?? ''}`, error);
      },
    }),
  );

  mountHttpRoutes(app, deps);
  app.use('/api', createRestRouter(deps));
  app.use('/api', restErrorHandler);

  if (options.uploadsDir) {
    app.use('/uploads', express.static(options.uploadsDir, { maxAge: '7d', index: false, fallthrough: false }));
  }

  if (options.serveClient && existsSync(join(clientDistDir, 'index.html'))) {
    // Hashed assets never change under the same name; index.html must always be revalidated.
    app.use('/assets', express.static(join(clientDistDir, 'assets'), { maxAge: ONE_YEAR * 1000, immutable: true, index: false }));
    app.use(express.static(clientDistDir, { index: false, maxAge: '1h' }));
  }
  // robots.txt, sitemap.xml and every SPA route's index.html with that page's head filled in.
  const origin = createOriginResolver(options.site);
  app.use(createPagesRouter(deps, { clientDistDir: options.serveClient ? clientDistDir : undefined, indexHtmlPath: options.indexHtmlPath, origin }));

  app.use(restErrorHandler);
  return app;
}
