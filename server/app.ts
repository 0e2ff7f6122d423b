import { existsSync } from 'node:fs';
import { join } from 'node:path';
import compression from 'compression';
import express, { type Express } from 'express';
import expressStaticGzip from 'express-static-gzip';
import type { AppDeps } from './deps';
import { imagesRoute } from './http/images.http';
import { metricsRoute } from './http/metrics.http';
import { setOutboxReader, setWebhookOutboxReader } from './lib/metrics';
import { outboxStats } from './outbox/outbox';
import { webhookOutboxStats } from './webhooks/stats';
import { databaseGate } from './http/database-gate';
import { Readiness } from './http/readiness';
import { requestLog } from './http/request-log';
import { apiKeyLimit } from './http/api-key-limit';
import { securityHeaders } from './http/security-headers';
import { clientDistDir } from './lib/paths';
import { createApiRouter } from './rest';
import { apiErrorHandler } from './rest/errors';
import { trpcDoor } from './trpc/http';
import { createOriginResolver, type OriginOptions } from './lib/public-origin';
import { createPagesRouter } from './pages/pages.router';
import { builtSsrEntry, type SsrEntry } from './pages/ssr';

export interface AppOptions {
  /** Serve the built SPA from dist/client (production and e2e). */
  serveClient?: boolean;
  /** Where absolute URLs come from (PUBLIC_URL, ALLOWED_HOSTS, PORT). */
  site?: OriginOptions;
  /** An index.html template for the SPA pages instead of dist/client's (tests). */
  indexHtmlPath?: string;
  /** /api/ready's state (server/index.ts flips it); tests build apps on migrated databases: ready. */
  readiness?: Readiness;
  /** False while the embedded database restarts: /api and /trpc answer 503 with Retry-After meanwhile. */
  databaseAvailable?: () => boolean;
  /** METRICS_TOKEN: GET /metrics with this bearer token; unset, no /metrics on this port. */
  metricsToken?: string;
  /** The server renderer of the public pages; by default the built one (dist/ssr) when serving the client. */
  ssrEntry?: () => Promise<SsrEntry>;
}

const ONE_YEAR_MS = 365 * 24 * 3600 * 1000;

function readyNow(): Readiness {
  const r = new Readiness();
  r.markMigrated();
  return r;
}

/** Builds the Express app; tests build their own with their own database. */
export function createApp(deps: AppDeps, options: AppOptions = {}): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', 'loopback');
  app.set('etag', false);

  // First: the request id, the request's log line and its metrics sample.
  app.use(requestLog());

  app.use(securityHeaders({ https: options.site?.publicUrl?.startsWith('https://') ?? false }));
  // Dynamic answers over 1 KB (JSON, HTML) are compressed on the fly; hashed assets were
  // compressed at build time and are served as they are below.
  app.use(compression({ threshold: 1024 }));

  // Integrations' keys are held to their own allowance on both doors, before any work is done.
  if (options.databaseAvailable) app.use(['/trpc', '/api'], databaseGate(options.databaseAvailable));
  app.use(['/trpc', '/api'], apiKeyLimit(deps));
  app.use('/trpc', trpcDoor(deps));
  app.use('/api', createApiRouter(deps, { readiness: options.readiness ?? readyNow() }));
  setOutboxReader(outboxStats(deps.db));
  setWebhookOutboxReader(webhookOutboxStats(deps.db));
  app.use(metricsRoute(options.metricsToken));
  app.use('/uploads', imagesRoute(deps.storage));

  if (options.serveClient && existsSync(join(clientDistDir, 'index.html'))) {
    // Hashed assets never change under the same name; index.html must always be revalidated.
    app.use(
      '/assets',
      expressStaticGzip(join(clientDistDir, 'assets'), {
        enableBrotli: true,
        orderPreference: ['br', 'gzip'],
        serveStatic: { maxAge: ONE_YEAR_MS, immutable: true, index: false, fallthrough: false },
      }),
    );
    app.use(express.static(clientDistDir, { index: false, maxAge: '1h' }));
  }
  // robots.txt, sitemap.xml and every SPA route's index.html with that page's head filled in.
  const origin = createOriginResolver(options.site);
  const ssrEntry = options.ssrEntry ?? (options.serveClient ? builtSsrEntry() : undefined);
  app.use(createPagesRouter(deps, { clientDistDir: options.serveClient ? clientDistDir : undefined, indexHtmlPath: options.indexHtmlPath, origin, ssrEntry }));

  app.use(apiErrorHandler);
  return app;
}
