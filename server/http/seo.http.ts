import { Router, type Request } from 'express';
import type { AppDeps } from '../deps';
import { logServerError } from '../lib/log';

// robots.txt and sitemap.xml for search engines, built from the live catalogue. Mounted before the
// SPA fallback so that they are never answered with index.html.

export const STATIC_PAGES = ['/', '/about', '/home', '/products', '/faq', '/contact', '/shipping'];
const PRIVATE_PATHS = ['/admin', '/cart', '/checkout', '/account', '/orders', '/order-success', '/login', '/api/'];

const origin = (req: Request) => (process.env.PUBLIC_URL?.replace(/\/$/, '') || `${req.protocol}://${req.get('host')}`);
const xmlEscape = (s: string) => s.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!);

export function seoRoutes(deps: AppDeps): Router {
  const app = Router();
  app.get('/robots.txt', (req, res) => {
    const lines = ['User-agent: *', 'Allow: /', ...PRIVATE_PATHS.map((p) => `Disallow: ${p}`), '', `Sitemap: ${origin(req)}/sitemap.xml`, ''];
    res.type('text/plain').set('Cache-Control', 'public, max-age=3600').send(lines.join('\n'));
  });

  app.get('/sitemap.xml', async (req, res) => {
    try {
      const base = origin(req);
      const products = await deps.db.product.findMany({ select: { id: true, updatedAt: true }, orderBy: { createdAt: 'asc' } });
      const urls = [
        ...STATIC_PAGES.map((p) => `  <url><loc>${xmlEscape(base + p)}</loc><changefreq>${p === '/products' ? 'daily' : 'monthly'}</changefreq></url>`),
        ...products.map(
          (p) => `  <url><loc>${xmlEscape(`${base}/products/${p.id}`)}</loc><lastmod>${p.updatedAt.toISOString().slice(0, 10)}</lastmod><changefreq>weekly</changefreq></url>`,
        ),
      ];
      const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
      res.type('application/xml').set('Cache-Control', 'public, max-age=600').send(xml);
    } catch (err) {
      logServerError('sitemap', err);
      res.status(500).type('text/plain').send('Sitemap unavailable');
    }
  });
  return app;
}
