import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogChanged } from '../../../server/lib/catalog-events';
import { createTestApp, type TestApp } from '../../setup/test-app';
import { seedCatalogFixture } from './catalog-fixture';

let t: TestApp;
let ids: Awaited<ReturnType<typeof seedCatalogFixture>>;
beforeAll(async () => {
  t = await createTestApp();
  ids = await seedCatalogFixture(t.db);
});
afterAll(() => t.close());

describe('GET /products/{id}', () => {
  it('answers the detail with variants, tiers (highest minimum first) and stock through both doors', async () => {
    const rest = await t.api('GET', `/products/${ids.A}`);
    expect(rest.status).toBe(200);
    expect(await t.caller().catalog.byId({ id: ids.A })).toEqual(rest.body);
    const p = rest.body;
    expect(p).toMatchObject({
      id: ids.A,
      name: 'White Polymailer Bags',
      category: 'polymailers',
      type: 'normal',
      color: 'white',
      images: ['/uploads/a1.webp', '/uploads/a2.webp'],
      specifications: { material: 'LDPE', tamper_evident: 'Yes' },
      featured: true,
      price_range: { min: 10, max: 15 },
      in_stock: true,
      seo_keywords: [],
    });
    expect(p.variants).toHaveLength(2);
    const [small, big] = p.variants;
    expect(small.attributes).toEqual({ type: 'normal', color: 'white', width_cm: 17, height_cm: 30, size_code: '17x30', pack_size: 100 });
    expect(big).toMatchObject({
      variant_id: expect.any(String),
      sku: expect.stringMatching(/^POLYMAILERS_NORMAL_WHITE_25X35_50/),
      price_tiers: [
        { min_quantity: 100, price: 8 },
        { min_quantity: 25, price: 9 },
        { min_quantity: 1, price: 10 },
      ],
      on_hand: 100,
      allocated: 0,
      safety_stock: 0,
      available: 100,
    });
  });

  it('available = on hand - allocated - safety stock, never below zero', async () => {
    const { body } = await t.api('GET', `/products/${ids.B}`);
    const pack100 = body.variants.find((v: { attributes: { pack_size: number } }) => v.attributes.pack_size === 100);
    expect(pack100).toMatchObject({ on_hand: 10, allocated: 5, safety_stock: 5, available: 0 });
    const out = await t.api('GET', `/products/${ids.D}`);
    expect(out.body.in_stock).toBe(false);
  });

  it('404 with a clear detail for an unknown id, 400 for an absurd one', async () => {
    const res = await t.api('GET', '/products/does-not-exist');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ detail: 'Product not found', request_id: res.headers.get('x-request-id') });
    await expect(t.caller().catalog.byId({ id: 'does-not-exist' })).rejects.toMatchObject({ code: 'NOT_FOUND', message: 'Product not found' });
    const long = await t.api('GET', `/products/${'x'.repeat(65)}`);
    expect(long.status).toBe(400);
    expect(long.body.detail).toMatch(/Id is too long/);
    const sqlish = await t.api('GET', `/products/${encodeURIComponent("1' OR '1'='1")}`);
    expect(sqlish.status).toBe(404);
  });

  it('drops the cached answer when the catalogue changes', async () => {
    const first = await t.api('GET', `/products/${ids.E}`);
    expect(first.body.variants[0].on_hand).toBe(20);
    await t.db.variant.updateMany({ where: { productId: ids.E }, data: { onHand: 3 } });
    catalogChanged('test');
    const second = await t.api('GET', `/products/${ids.E}`);
    expect(second.body.variants[0]).toMatchObject({ on_hand: 3, available: 3 });
    const listing = await t.api('POST', '/products/filter', { body: { filters: { in_stock_only: true } } });
    expect(listing.body.total).toBe(4);
    await t.db.variant.updateMany({ where: { productId: ids.E }, data: { onHand: 0 } });
    catalogChanged('test');
    const after = await t.api('POST', '/products/filter', { body: { filters: { in_stock_only: true } } });
    expect(after.body.total).toBe(3);
    await t.db.variant.updateMany({ where: { productId: ids.E }, data: { onHand: 20 } });
    catalogChanged('test');
  });
});

describe('GET /products/filter-options', () => {
  it('lists what is in the catalogue, sizes small to large, rolls last (compareSizeCodes)', async () => {
    const rest = await t.api('GET', '/products/filter-options');
    expect(rest.status).toBe(200);
    expect(rest.body).toEqual({
      colors: ['black', 'clear', 'pink', 'white'],
      sizes: ['10x15', '17x30', '25x35', '32x43', '4.8x10000'],
      types: ['bubble wrap', 'normal', 'premium'],
      categories: ['accessories', 'polymailers'],
      price_range: { min: 2.2, max: 99.9 },
    });
    expect(await t.caller().catalog.filterOptions()).toEqual(rest.body);
  });
});

describe('GET /products (back-office grid)', () => {
  it('lists every product newest first with counts, paginated', async () => {
    const all = await t.api('GET', '/products');
    expect(all.status).toBe(200);
    expect(all.body).toMatchObject({ total: 5, pages: 1, page: 1, limit: 100 });
    expect(all.body.products.map((p: { id: string }) => p.id)).toEqual([ids.E, ids.D, ids.C, ids.B, ids.A]);
    expect(all.body.products[4]).toMatchObject({
      name: 'White Polymailer Bags',
      category: 'polymailers',
      type: 'normal',
      color: 'white',
      featured: true,
      variant_count: 2,
      in_stock: true,
      price_range: { min: 10, max: 15 },
      images: ['/uploads/a1.webp', '/uploads/a2.webp'],
    });
    const page2 = await t.api('GET', '/products?limit=2&page=2');
    expect(page2.body.products.map((p: { id: string }) => p.id)).toEqual([ids.C, ids.B]);
    expect(page2.body).toMatchObject({ total: 5, pages: 3 });
    const search = await t.api('GET', '/products?search=PINK');
    expect(search.body.products.map((p: { id: string }) => p.id)).toEqual([ids.B]);
    expect((await t.caller().catalog.list({ search: 'pink' })).total).toBe(1);
  });

  it('refuses bad paging with a 400 and clamps a huge limit', async () => {
    expect((await t.api('GET', '/products?page=0')).status).toBe(400);
    const bad = await t.api('GET', '/products?limit=abc');
    expect(bad.status).toBe(400);
    expect(bad.body.detail).toMatch(/Limit must be a whole number/);
    expect((await t.api('GET', '/products?limit=100000')).body.limit).toBe(500);
  });
});

describe('robots.txt and sitemap.xml', () => {
  it('robots.txt points at the sitemap and keeps private areas out', async () => {
    const res = await fetch(`${t.baseUrl}/robots.txt`);
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(text).toContain('Disallow: /admin');
    // The cart is indexable but unlisted (decision 0151): not disallowed, not in the sitemap.
    expect(text).not.toContain('Disallow: /cart');
    expect(text).toContain(`Sitemap: ${t.baseUrl}/sitemap.xml`);
  });

  it('sitemap.xml lists the static pages and every product at its canonical URL', async () => {
    const res = await fetch(`${t.baseUrl}/sitemap.xml`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('xml');
    const xml = await res.text();
    for (const id of Object.values(ids)) expect(xml).toMatch(new RegExp(`<loc>${t.baseUrl}/products/${id}/[a-z0-9-]+</loc>`));
    expect(xml).toContain(`<loc>${t.baseUrl}/products/${ids.A}/white-polymailer-bags</loc>`);
    for (const p of ['/', '/products', '/faq', '/contact', '/shipping']) expect(xml).toContain(`<loc>${t.baseUrl}${p}</loc>`);
    // /about and /home show the landing page, whose canonical is /: only canonical URLs are listed.
    expect(xml).not.toContain(`<loc>${t.baseUrl}/about</loc>`);
    expect(xml).not.toContain(`<loc>${t.baseUrl}/cart</loc>`);
  });
});
