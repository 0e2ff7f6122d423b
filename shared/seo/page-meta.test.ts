import { describe, expect, it } from 'vitest';
import type { ProductDetail } from '../schemas/catalog.schema';
import { breadcrumbJsonLd, clip, headTags, jsonLdText, productBreadcrumbs, productNotFoundMeta, productPageMeta, STATIC_PAGE_META } from './page-meta';
import { productPath, slugify } from './slug';

const ORIGIN = 'https://shop.example';

const product = {
  id: 'ckabc123',
  name: 'Crème Mailers & Bags (25x35 cm)',
  description: 'Soft mailers. '.repeat(30),
  category: 'polymailers',
  color: 'white',
  images: ['/uploads/a.webp', 'https://cdn.example/b.webp'],
  seo_title: null,
  seo_description: null,
  seo_keywords: ['mailers'],
  price_range: { min: 2.5, max: 12 },
  in_stock: true,
  variants: [{ sku: 'SKU-1' }, { sku: 'SKU-2' }],
} as unknown as ProductDetail;

const attrs = (tags: ReturnType<typeof headTags>) => {
  const byKey: Record<string, string> = {};
  for (const t of tags) {
    if (t.tag === 'title') byKey.title = t.text;
    if (t.tag === 'meta') byKey[t.property ?? t.name!] = t.content;
    if (t.tag === 'link') byKey[t.rel] = t.href;
  }
  return byKey;
};

describe('slugs', () => {
  it('makes readable, URL-safe slugs that are never empty', () => {
    expect(slugify('Pink Polymailer Bags (25x35 cm)')).toBe('pink-polymailer-bags-25x35-cm');
    expect(slugify('Crème Mailers & Bags')).toBe('creme-mailers-and-bags');
    expect(slugify('  --  ')).toBe('product');
    expect(slugify('泡泡')).toBe('product');
    expect(slugify('a'.repeat(200))).toHaveLength(80);
    expect(slugify(`${'a'.repeat(79)} b`)).toBe('a'.repeat(79));
  });

  it('puts the id first, so the slug never has to match', () => {
    expect(productPath({ id: 'ck1', name: 'Bubble Wrap Pouches' })).toBe('/products/ck1/bubble-wrap-pouches');
  });
});

describe('head tags', () => {
  it('gives a product page its own title, description, canonical slug URL, Open Graph and JSON-LD', () => {
    const meta = productPageMeta(product, ORIGIN);
    const tags = headTags(meta, ORIGIN);
    const a = attrs(tags);
    expect(a.title).toBe('Crème Mailers & Bags (25x35 cm) | PackShop');
    expect(a.description.length).toBeLessThanOrEqual(160);
    expect(a.description).toMatch(/^Soft mailers\. .*\.\.\.$/);
    expect(a.canonical).toBe(`${ORIGIN}/products/ckabc123/creme-mailers-and-bags-25x35-cm`);
    expect(a['og:url']).toBe(a.canonical);
    expect(a['og:type']).toBe('product');
    expect(a['og:image']).toBe(`${ORIGIN}/uploads/a.webp`);
    expect(a.keywords.startsWith('mailers, polymailer')).toBe(true);
    expect(a.robots).toBeUndefined();

    const ld = tags.filter((t) => t.tag === 'jsonld').map((t) => JSON.parse(t.json));
    expect(ld[0]).toMatchObject({
      '@type': 'Product',
      image: [`${ORIGIN}/uploads/a.webp`, 'https://cdn.example/b.webp'],
      sku: 'SKU-1',
      offers: { lowPrice: '2.50', highPrice: '12.00', offerCount: 2, priceCurrency: 'SGD', url: a.canonical },
    });
    expect(ld[1]['@type']).toBe('BreadcrumbList');
    expect(ld[1].itemListElement.map((i: { name: string }) => i.name)).toEqual(['Home', 'Products', 'Polymailers', product.name]);
    expect(ld[1].itemListElement.at(-1).item).toBe(a.canonical);
  });

  it("prefers the product's own SEO title and description", () => {
    const a = attrs(headTags(productPageMeta({ ...product, seo_title: 'Best mailers', seo_description: 'Buy them.' }, ORIGIN), ORIGIN));
    expect(a.title).toBe('Best mailers | PackShop');
    expect(a.description).toBe('Buy them.');
  });

  it('marks a missing product noindex', () => {
    const a = attrs(headTags(productNotFoundMeta('nope'), ORIGIN));
    expect(a.title).toBe('Product not found | PackShop');
    expect(a.robots).toBe('noindex');
  });

  it('escapes "<" in JSON-LD so no value can close its script', () => {
    const text = jsonLdText({ name: '</script><script>alert(1)</script>' });
    expect(text).not.toContain('<');
    expect(JSON.parse(text).name).toBe('</script><script>alert(1)</script>');
  });

  it('gives every static page a title, description and canonical on the given origin', () => {
    for (const [path, build] of Object.entries(STATIC_PAGE_META)) {
      const a = attrs(headTags(build(ORIGIN), ORIGIN));
      expect(a.title, path).toContain('PackShop');
      expect(a.description.length, path).toBeGreaterThan(50);
      expect(a.canonical.startsWith(`${ORIGIN}/`), path).toBe(true);
    }
    expect(attrs(headTags(STATIC_PAGE_META['/about'](ORIGIN), ORIGIN)).canonical).toBe(`${ORIGIN}/`);
    const faq = headTags(STATIC_PAGE_META['/faq'](ORIGIN), ORIGIN).find((t) => t.tag === 'jsonld');
    expect(faq && JSON.parse(faq.json)['@type']).toBe('FAQPage');
  });

  it('cuts descriptions at a word', () => {
    expect(clip('short')).toBe('short');
    expect(clip('word '.repeat(50), 20)).toBe('word word word...');
  });
});

describe('breadcrumbs', () => {
  it('lead from home through the category to the product, with absolute URLs in JSON-LD', () => {
    const crumbs = productBreadcrumbs(product);
    expect(crumbs.map((c) => c.path)).toEqual(['/', '/products', '/products?category=polymailers', productPath(product)]);
    expect(breadcrumbJsonLd(crumbs, ORIGIN).itemListElement).toEqual(
      crumbs.map((c, i) => ({ '@type': 'ListItem', position: i + 1, name: c.name, item: `${ORIGIN}${c.path}` })),
    );
  });
});
