import { join } from 'node:path';
import { parse, type HTMLElement } from 'node-html-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectRoot } from '../../../server/lib/paths';
import { createTestApp, type TestApp } from '../../setup/test-app';
import { seedCatalogFixture } from '../catalogue/catalog-fixture';

// The HTML the server sends for SPA routes, as a crawler that runs no JavaScript reads it. The app
// fills the source index.html (the same template Vite builds from), so no client build is needed.
const indexHtmlPath = join(projectRoot, 'index.html');

let t: TestApp;
let ids: Awaited<ReturnType<typeof seedCatalogFixture>>;
beforeAll(async () => {
  t = await createTestApp({ indexHtmlPath });
  ids = await seedCatalogFixture(t.db);
});
afterAll(() => t.close());

interface Head {
  status: number;
  title: string[];
  meta: (key: string) => string | undefined;
  canonical: string[];
  jsonLd: Record<string, any>[];
  root: HTMLElement;
}

async function page(path: string, headers: Record<string, string> = {}): Promise<Head> {
  const res = await fetch(`${t.baseUrl}${path}`, { headers });
  expect(res.headers.get('content-type')).toMatch(/^text\/html/);
  expect(res.headers.get('cache-control')).toBe('no-cache');
  const root = parse(await res.text());
  const head = root.querySelector('head')!;
  return {
    status: res.status,
    title: head.querySelectorAll('title').map((e) => e.text),
    meta: (key) => head.querySelector(`meta[name="${key}"], meta[property="${key}"]`)?.getAttribute('content'),
    canonical: head.querySelectorAll('link[rel="canonical"]').map((e) => e.getAttribute('href')!),
    jsonLd: head.querySelectorAll('script[type="application/ld+json"]').map((e) => JSON.parse(e.text)),
    root,
  };
}

const productUrl = () => `${t.baseUrl}/products/${ids.A}/white-polymailer-bags`;

describe('product pages', () => {
  it('/products/{id}/{slug} carries the product title, description, canonical, Open Graph and JSON-LD', async () => {
    const h = await page(`/products/${ids.A}/white-polymailer-bags`);
    expect(h.status).toBe(200);
    expect(h.title).toEqual(['White Polymailer Bags | PackShop']);
    expect(h.meta('description')).toBe('Bright white mailers');
    expect(h.canonical).toEqual([productUrl()]);
    expect(h.meta('og:title')).toBe('White Polymailer Bags | PackShop');
    expect(h.meta('og:type')).toBe('product');
    expect(h.meta('og:url')).toBe(productUrl());
    expect(h.meta('og:image')).toBe(`${t.baseUrl}/uploads/a1.webp`);
    expect(h.meta('robots')).toBeUndefined();
    const [product, crumbs] = h.jsonLd;
    expect(product).toMatchObject({ '@type': 'Product', name: 'White Polymailer Bags', offers: { lowPrice: '10.00', highPrice: '15.00', url: productUrl() } });
    expect(crumbs['@type']).toBe('BreadcrumbList');
    expect(crumbs.itemListElement.at(-1)).toMatchObject({ name: 'White Polymailer Bags', item: productUrl() });
    // The SPA still boots from the same page.
    expect(h.root.querySelector('#root')).not.toBeNull();
    expect(h.root.querySelector('script[type="module"]')).not.toBeNull();
  });

  it('old links (/products/{id}, /product/{id}, a stale slug) still answer, with the canonical slug URL', async () => {
    for (const path of [`/products/${ids.A}`, `/products/${ids.A}/`, `/product/${ids.A}`, `/products/${ids.A}/old-name`]) {
      const h = await page(path);
      expect(h.status, path).toBe(200);
      expect(h.canonical, path).toEqual([productUrl()]);
      expect(h.title, path).toEqual(['White Polymailer Bags | PackShop']);
    }
  });

  it('an unknown product is a 404 with a noindex head (the SPA shows its not-found page)', async () => {
    for (const path of ['/products/does-not-exist', '/products/does-not-exist/some-slug', '/product/nope', '/products/%00', '/products/%E0%A4%A', `/products/${'x'.repeat(65)}`]) {
      const h = await page(path);
      expect(h.status, path).toBe(404);
      expect(h.title, path).toEqual(['Product not found | PackShop']);
      expect(h.meta('robots'), path).toBe('noindex');
      expect(h.root.querySelector('#root'), path).not.toBeNull();
    }
  });

  it('escapes product text everywhere in the head', async () => {
    const evil = '</title><script>alert(1)</script> "quoted" & <b>';
    await t.db.product.update({ where: { id: ids.B }, data: { name: evil, description: evil } });
    const { catalogChanged } = await import('../../../server/lib/catalog-events');
    catalogChanged();
    const h = await page(`/products/${ids.B}`);
    expect(h.title).toEqual([`${evil} | PackShop`]);
    expect(h.meta('description')).toBe(evil);
    expect(h.jsonLd[0].name).toBe(evil);
    expect(h.root.querySelectorAll('script').filter((s) => s.text.includes('alert(1)') && s.getAttribute('type') !== 'application/ld+json')).toHaveLength(0);
  });
});

describe('listing and static pages', () => {
  it('/products (with or without filters) has the listing head and its breadcrumbs', async () => {
    for (const path of ['/products', '/products?color=pink&page=2']) {
      const h = await page(path);
      expect(h.status).toBe(200);
      expect(h.title).toEqual(['Premium Polymailers & Supplies | PackShop']);
      expect(h.canonical).toEqual([`${t.baseUrl}/products`]);
      expect(h.jsonLd.map((j) => j['@type'])).toEqual(['CollectionPage', 'BreadcrumbList']);
    }
  });

  it('/faq has its own head and FAQPage JSON-LD; / and /about share the landing canonical', async () => {
    const faq = await page('/faq');
    expect(faq.title).toEqual(['Frequently Asked Questions | PackShop']);
    expect(faq.meta('description')).toMatch(/^Polymailer sizes, materials/);
    expect(faq.canonical).toEqual([`${t.baseUrl}/faq`]);
    expect(faq.meta('og:url')).toBe(`${t.baseUrl}/faq`);
    expect(faq.jsonLd[0]['@type']).toBe('FAQPage');
    expect(faq.jsonLd[0].mainEntity.length).toBeGreaterThanOrEqual(10);
    for (const path of ['/', '/about']) expect((await page(path)).canonical).toEqual([`${t.baseUrl}/`]);
  });

  it('/cart is an indexable page canonical to itself (decision 0151)', async () => {
    const h = await page('/cart');
    expect(h.status).toBe(200);
    expect(h.title).toEqual(['Your Cart | PackShop']);
    expect(h.canonical).toEqual([`${t.baseUrl}/cart`]);
    expect(h.meta('robots')).toBeUndefined();
  });

  it('private and unknown routes keep the generic head, marked noindex', async () => {
    for (const path of ['/checkout', '/admin/products', '/no-such-page']) {
      const h = await page(path);
      expect(h.status, path).toBe(200);
      expect(h.title[0], path).toMatch(/^PackShop: Polymailers/);
      expect(h.canonical, path).toEqual([]);
      expect(h.meta('robots'), path).toBe('noindex');
    }
  });

  it('file-like paths and the API doors are not pages', async () => {
    expect((await fetch(`${t.baseUrl}/missing.js`)).status).toBe(404);
    expect((await fetch(`${t.baseUrl}/assets/nope.css`)).status).toBe(404);
    expect((await t.api('GET', '/no-such-endpoint')).status).toBe(404);
  });
});

describe('absolute URLs never come from an unchecked Host header', () => {
  const spoofed = { host: 'evil.example', 'x-forwarded-host': 'evil.example' };

  it('robots.txt, sitemap.xml and canonical links ignore a spoofed Host', async () => {
    const robots = await (await fetch(`${t.baseUrl}/robots.txt`, { headers: spoofed })).text();
    const sitemap = await (await fetch(`${t.baseUrl}/sitemap.xml`, { headers: spoofed })).text();
    const h = await page(`/products/${ids.A}`, spoofed);
    for (const text of [robots, sitemap, h.root.toString()]) expect(text).not.toContain('evil.example');
    expect(robots).toContain('Sitemap: http://localhost/sitemap.xml'); // the first allowed host (no PORT given here)
    expect(h.canonical[0]).toMatch(/^http:\/\/localhost\/products\//);
  });

  it('PUBLIC_URL fixes the origin; ALLOWED_HOSTS lets named hosts through', async () => {
    const pub = await createTestApp({ indexHtmlPath, site: { publicUrl: 'https://shop.example' } });
    const open = await createTestApp({ indexHtmlPath, site: { allowedHosts: ['shop.example'] } });
    try {
      const robots = await (await fetch(`${pub.baseUrl}/robots.txt`, { headers: spoofed })).text();
      expect(robots).toContain('Sitemap: https://shop.example/sitemap.xml');
      const faq = parse(await (await fetch(`${pub.baseUrl}/faq`, { headers: spoofed })).text());
      expect(faq.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe('https://shop.example/faq');

      const named = await (await fetch(`${open.baseUrl}/robots.txt`, { headers: { host: 'shop.example' } })).text();
      expect(named).toContain('Sitemap: http://shop.example/sitemap.xml');
      const other = await (await fetch(`${open.baseUrl}/robots.txt`, { headers: spoofed })).text();
      expect(other).not.toContain('evil.example');
    } finally {
      await pub.close();
      await open.close();
    }
  });
});
