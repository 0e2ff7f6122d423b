import { CURRENCY, SHOP_NAME } from '../constants';
import type { ProductDetail } from '../schemas/catalog.schema';
import { breadcrumbJsonLd, productBreadcrumbs } from './breadcrumbs';
import { absoluteUrl } from './absolute-url';
import type { JsonLd, PageMeta } from './head-tags';
import { productPath } from './slug';

const DESCRIPTION_LENGTH = 160;

/** At most 160 characters, cut at a word. */
export function clip(text: string, max = DESCRIPTION_LENGTH): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 3);
  const space = cut.lastIndexOf(' ');
  return `${space > max / 2 ? cut.slice(0, space) : cut}...`;
}

type ProductForMeta = Pick<
  ProductDetail,
  'id' | 'name' | 'description' | 'category' | 'color' | 'images' | 'seo_title' | 'seo_description' | 'seo_keywords' | 'price_range' | 'in_stock' | 'variants'
>;

function productJsonLd(p: ProductForMeta, origin: string): JsonLd {
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: p.name,
    description: p.description,
    image: p.images.map((u) => absoluteUrl(origin, u)),
    sku: p.variants[0]?.sku,
    category: p.category,
    color: p.color,
    brand: { '@type': 'Brand', name: SHOP_NAME },
    offers: {
      '@type': 'AggregateOffer',
      priceCurrency: CURRENCY,
      lowPrice: p.price_range.min.toFixed(2),
      highPrice: p.price_range.max.toFixed(2),
      offerCount: p.variants.length,
      availability: p.in_stock ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
      url: absoluteUrl(origin, productPath(p)),
    },
  };
}

/** A product page, whichever URL reached it (/products/{id}, an old slug): the canonical is the slug URL. */
export const productPageMeta = (p: ProductForMeta, origin: string): PageMeta => ({
  title: p.seo_title || p.name,
  description: p.seo_description || clip(p.description),
  keywords: p.seo_keywords,
  path: productPath(p),
  image: p.images[0],
  type: 'product',
  jsonLd: [productJsonLd(p, origin), breadcrumbJsonLd(productBreadcrumbs(p), origin)],
});

export const productNotFoundMeta = (id: string): PageMeta => ({
  title: 'Product not found',
  description: 'This product is no longer available.',
  path: `/products/${encodeURIComponent(id)}`,
  noindex: true,
});
