import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { Router, type Request, type Response } from 'express';
import { headTags } from '../../shared/seo/page-meta';
import type { AppDeps } from '../deps';
import { logServerError } from '../lib/log';
import { productDetailCached } from '../services/catalogue/catalog.service';
import { renderHead, renderImagePreload, SERVER_HEAD_ATTR } from './head-html';
import { compileTemplate } from './html-template';
import { resolvePageHead } from './page-routes';
import { mountSeoFiles } from './seo-files';
import { createPageCache } from './page-cache';
import { earlyCallsTags } from './early-calls';
import { clientPageModules, createPageChunks, loadPageState, modulePreloadTags, planPage, stateScript, type SsrEntry } from './ssr';

// The id of the state's script tag (src/lib/ssr.ts reads it).
const SSR_STATE_ID = 'ssr-state';

export interface PagesOptions {
  /** The built SPA (dist/client); its index.html is the template. Omitted: no SPA pages. */
  clientDistDir?: string;
  /** Another template instead (tests pass the source index.html so they need no build). */
  indexHtmlPath?: string;
  /** The shop's absolute origin for this request (server/lib/public-origin.ts). */
  origin: (req: Request) => string;
  /** The server renderer (src/entry-server.tsx); omitted, every page is the SPA shell. */
  ssrEntry?: () => Promise<SsrEntry>;
}

// Paths that are never an SPA page: the API doors, uploads, hashed assets and anything that looks
// like a file (a missing /favicon.ico is a 404, not the storefront).
const NOT_A_PAGE = /^\/(?:api|trpc|uploads|assets)(?:\/|$)|\.[A-Za-z0-9]+$/;

/** A rendered page, also compressed once: a page served from the cache costs no compression. */
interface RenderedPage {
  html: Buffer;
  br: Buffer;
  gzip: Buffer;
}

function compressedPage(html: string): RenderedPage {
  const raw = Buffer.from(html, 'utf8');
  return {
    html: raw,
    br: brotliCompressSync(raw, { params: { [zlib.BROTLI_PARAM_QUALITY]: 6, [zlib.BROTLI_PARAM_SIZE_HINT]: raw.length } }),
    gzip: gzipSync(raw, { level: 6 }),
  };
}

function sendPage(req: Request, res: Response, page: RenderedPage) {
  // What the client accepts (q=0 excluded); brotli first, being the smaller.
  const accepted = req.acceptsEncodings();
  const encoding = accepted.includes('br') ? 'br' : accepted.includes('gzip') ? 'gzip' : null;
  res.vary('Accept-Encoding');
  // Set before sending, so the compression middleware leaves the body as it is.
  if (encoding) res.setHeader('Content-Encoding', encoding);
  res.status(200).send(encoding ? page[encoding] : page.html);
}

const NOINDEX = `    <meta ${SERVER_HEAD_ATTR} name="robots" content="noindex" />\n`;

/**
 * robots.txt, sitemap.xml and the SPA's index.html for every SPA route, with that page's title,
 * description, canonical link, Open Graph tags and JSON-LD already in the head, so that crawlers
 * and link previews that run no JavaScript see the page, and a 404 status for unknown products.
 * Mounted last, in place of a catch-all that sent index.html unchanged.
 */
export function createPagesRouter(deps: AppDeps, options: PagesOptions): Router {
  const router = Router();
  mountSeoFiles(router, deps, options.origin);

  const templatePath = options.indexHtmlPath ?? (options.clientDistDir ? join(options.clientDistDir, 'index.html') : undefined);
  if (!templatePath || !existsSync(templatePath)) return router;
  // Read once: the built index.html does not change while the server runs.
  const template = compileTemplate(readFileSync(templatePath, 'utf8'));
  const loadProduct = async (id: string) => (await productDetailCached(deps.db, id)).value;
  const pageChunks = createPageChunks(options.clientDistDir);
  const pages = createPageCache<RenderedPage>({ sizeOf: (page) => page.html.length + page.br.length + page.gzip.length });
  let entry: Promise<SsrEntry> | undefined;

  /**
   * A public page rendered with its data, or null when it is not one (or has nothing to show, e.g. a
   * product that does not exist): the shell answers then. Cached whole, per origin (it is in the head).
   */
  const renderPage = (req: Request, origin: string): Promise<RenderedPage | null> => {
    const ssrEntry = options.ssrEntry;
    if (!ssrEntry) return Promise.resolve(null);
    const plan = planPage(req.path, new URLSearchParams(req.url.slice(req.path.length).replace(/^\?/, '')));
    if (!plan) return Promise.resolve(null);
    return pages.get(`${origin}${plan.url}`, async () => {
      const page = await resolvePageHead(plan.url.replace(/\?.*$/, ''), origin, loadProduct);
      if (page.status !== 200 || !page.meta) return null;
      const loaded = await loadPageState(deps, plan);
      if (!loaded) return null;
      const { state, load } = loaded;
      entry ??= ssrEntry();
      const { html } = await (await entry).render(plan.url, state);
      // The page is readable without its code: its largest image is its first request, and its
      // scripts (the entry and the page's chunks) are asked for once it is painted (decision 0154).
      return compressedPage(
        template.withPage({
          head: renderHead(headTags(page.meta, origin)),
          root: html,
          after: stateScript(SSR_STATE_ID, state),
          early: renderImagePreload(load.lcpImage?.url, load.lcpImage?.sizes),
          chunks: pageChunks(plan.module),
        }),
      );
    });
  };

  // A plain middleware, not a '/{*splat}' route: route parameters are decoded before the handler
  // runs, and a malformed %-escape would then be an error instead of this page's 404.
  router.use(async (req, res, next) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || NOT_A_PAGE.test(req.path)) return next();
    res.setHeader('Cache-Control', 'no-cache');
    res.type('html');
    const origin = options.origin(req);
    try {
      // A page that fails to render is still served, as the shell the browser renders itself.
      const rendered = await renderPage(req, origin).catch((err: unknown) => {
        logServerError(`render ${req.path}`, err);
        return null;
      });
      if (rendered !== null) {
        sendPage(req, res, rendered);
        return;
      }
      const page = await resolvePageHead(req.path, origin, loadProduct);
      const module = modulePreloadTags([...new Set(clientPageModules(req.path).flatMap(pageChunks))]);
      // A back-office page asks for its first calls from its head (decision 0208).
      const early = earlyCallsTags(req.path, new URLSearchParams(req.url.split('?')[1] ?? ''));
      const html = page.meta ? template.withHead(renderHead(headTags(page.meta, origin)) + renderImagePreload(page.meta.image) + module) : template.withExtra(NOINDEX + module, early);
      res.status(page.status).send(html);
    } catch (err) {
      // The database failed, not the request: the SPA still loads and retries on its own, but a
      // crawler must not index the generic head as this page.
      logServerError(`page ${req.path}`, err);
      res.status(503).send(template.withExtra(NOINDEX));
    }
  });
  return router;
}
