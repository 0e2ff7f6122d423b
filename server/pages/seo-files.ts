import type { Request, Router } from 'express';
import { STATIC_PAGE_META } from '../../shared/seo/page-meta';
import { productPath } from '../../shared/seo/slug';
import type { AppDeps } from '../deps';
import { logServerError } from '../lib/log';

// robots.txt and sitemap.xml for search engines, built from the live catalogue. The sitemap lists
// canonical URLs only: each static page's canonical once (/about and /home canonicalise to /) and
// every product at its slug URL.

// Not /cart: it is an indexable page (decision 0151), and a Disallow would keep crawlers from
// reading even that; it stays out of the sitemap instead.
const PRIVATE_PATHS = ['/admin', '/checkout', '/account', '/orders', '/order-success', '/login', '/api/'];

const xmlEscape = (s: string) => s.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!);

/** The canonical paths of the static pages, each once, in table order. */
function staticCanonicalPaths(): string[] {
  const paths = Object.values(STATIC_PAGE_META).map((build) => build('').path);
  return [...new Set(paths)];
}

export function mountSeoFiles(router: Router, deps: AppDeps, origin: (req: Request) => string) {
  router.get('/robots.txt', (req, res) => {
    const lines = ['User-agent: *', 'Allow: /', ...PRIVATE_PATHS.map((p) => `Disallow: ${p}`), '', `Sitemap: ${origin(req)}/sitemap.xml`, ''];
    res.type('text/plain').set('Cache-Control', 'public, max-age=3600').send(lines.join('\n'));
  });

  router.get('/sitemap.xml', async (req, res) => {
    try {
      const base = origin(req);
      const products = await deps.db.product.findMany({ select: { id: true, name: true, updatedAt: true }, orderBy: { createdAt: 'asc' } });
      const urls = [
        ...staticCanonicalPaths().map((p) => `  <url><loc>${xmlEscape(base + p)}</loc><changefreq>${p === '/products' ? 'daily' : 'monthly'}</changefreq></url>`),
        ...products.map(
          (p) =>
            `  <url><loc>${xmlEscape(base + productPath(p))}</loc><lastmod>${p.updatedAt.toISOString().slice(0, 10)}</lastmod><changefreq>weekly</changefreq></url>`,
        ),
      ];
      const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
      res.type('application/xml').set('Cache-Control', 'public, max-age=600').send(xml);
    } catch (err) {
      logServerError('sitemap', err);
      res.status(500).type('text/plain').send('Sitemap unavailable');
    }
  });
}
