import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { parse } from 'node-html-parser';

// What a crawler reads (the HTML the server sends) and what a shopper's browser shows after the SPA
// has rendered must be the same page: one title, one canonical, the same JSON-LD.

async function served(request: APIRequestContext, path: string) {
  const res = await request.get(path);
  const head = parse(await res.text()).querySelector('head')!;
  return {
    status: res.status(),
    title: head.querySelector('title')!.text,
    canonical: head.querySelector('link[rel="canonical"]')?.getAttribute('href'),
    ogUrl: head.querySelector('meta[property="og:url"]')?.getAttribute('content'),
    jsonLd: head.querySelectorAll('script[type="application/ld+json"]').map((s) => JSON.parse(s.text)['@type']),
  };
}

async function shown(page: Page) {
  const canonical = page.locator('link[rel="canonical"]');
  await expect(canonical).toHaveCount(1);
  await expect(page.locator('head title')).toHaveCount(1);
  return {
    title: await page.title(),
    canonical: await canonical.getAttribute('href'),
    ogUrl: await page.locator('meta[property="og:url"]').getAttribute('content'),
    jsonLd: (await page.locator('script[type="application/ld+json"]').allTextContents()).map((t) => JSON.parse(t)['@type']),
  };
}

test('the browser shows the head the server sent: product (new and old URL), listing, FAQ', async ({ page, request }) => {
  const listing = await (await request.post('/api/products/filter', { data: {} })).json();
  const product = listing.products[0] as { id: string; name: string };

  // The listing links to the readable URL.
  await page.goto('/products');
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText('Products');
  const server = await served(request, '/products');
  expect(await shown(page)).toEqual({ title: server.title, canonical: server.canonical, ogUrl: server.ogUrl, jsonLd: server.jsonLd });
  await page.getByTestId('product-card').filter({ hasText: product.name }).first().click();
  await expect(page).toHaveURL(new RegExp(`/products/${product.id}/[a-z0-9-]+$`));
  const slugPath = new URL(page.url()).pathname;

  await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
  const detail = await served(request, slugPath);
  expect(detail.status).toBe(200);
  expect(detail.canonical).toBe(new URL(slugPath, page.url()).href);
  expect(detail.jsonLd).toEqual(['Product', 'BreadcrumbList']);
  await expect.poll(() => page.title()).toBe(detail.title);
  expect(await shown(page)).toEqual({ title: detail.title, canonical: detail.canonical, ogUrl: detail.ogUrl, jsonLd: detail.jsonLd });

  // Breadcrumbs lead back to the listing.
  const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
  await expect(crumbs.getByText(product.name)).toHaveAttribute('aria-current', 'page');

  // An old link still shows the product, with the same canonical slug URL, on the server and in the browser.
  await page.goto(`/products/${product.id}`);
  await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
  const old = await served(request, `/products/${product.id}`);
  expect(old.canonical).toBe(detail.canonical);
  expect((await shown(page)).canonical).toBe(detail.canonical);

  await crumbs.getByRole('link', { name: 'Products' }).click();
  await expect(page).toHaveURL(/\/products$/);

  await page.goto('/faq');
  await expect(page.getByRole('heading', { level: 1, name: 'Frequently Asked Questions' })).toBeVisible();
  const faq = await served(request, '/faq');
  await expect.poll(() => page.title()).toBe(faq.title);
  expect(await shown(page)).toEqual({ title: faq.title, canonical: faq.canonical, ogUrl: faq.ogUrl, jsonLd: faq.jsonLd });
});

test('an unknown product answers 404 and the SPA shows its not-found page', async ({ page, request }) => {
  const server = await served(request, '/products/does-not-exist/some-slug');
  expect(server.status).toBe(404);
  const res = await page.goto('/products/does-not-exist/some-slug');
  expect(res?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Product not found' })).toBeVisible();
  await expect.poll(() => page.title()).toBe(server.title);
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
});

test('the cart is indexable but unlisted: canonical to itself, no noindex, not in the sitemap or robots.txt', async ({ page, request }) => {
  const server = await served(request, '/cart');
  expect(server.canonical).toMatch(/\/cart$/);
  await page.goto('/cart');
  await expect(page.getByRole('heading', { level: 1, name: 'Your cart is empty' })).toBeVisible();
  await expect.poll(() => page.title()).toBe(server.title);
  expect(await shown(page)).toEqual({ title: server.title, canonical: server.canonical, ogUrl: server.ogUrl, jsonLd: server.jsonLd });
  await expect(page.locator('meta[name="robots"]')).toHaveCount(0);
  expect(await (await request.get('/sitemap.xml')).text()).not.toContain('/cart</loc>');
  expect(await (await request.get('/robots.txt')).text()).not.toMatch(/^Disallow: \/cart$/m);
});
