import { CONTACT_REPLY_HOURS, CURRENCY, DELIVERY_DAYS, PROCESSING_DAYS, SHOP_EMAIL, SHOP_NAME } from '../constants';
import { BRAND_LINKS } from '../content/brand';
import type { ProductDetail } from '../schemas/catalog.schema';
import { faqPageMeta } from './faq-meta';
import { absoluteUrl, type JsonLd, type PageMeta } from './head-tags';
import { productPath } from './slug';

// Each public page's search-engine metadata, built here once and used by both the SPA
// (src/components/Seo.tsx renders headTags() as React elements) and the server (server/pages/ writes
// the same headTags() into index.html), so what a crawler reads and what the browser shows cannot
// disagree. `origin` is the absolute origin ("https://shop.example"), never read from a global here.

export { headTags, jsonLdText, type HeadTag, type JsonLd, type PageMeta } from './head-tags';

const DESCRIPTION_LENGTH = 160;

/** At most 160 characters, cut at a word. */
export function clip(text: string, max = DESCRIPTION_LENGTH): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 3);
  const space = cut.lastIndexOf(' ');
  return `${space > max / 2 ? cut.slice(0, space) : cut}...`;
}

// ---- Breadcrumbs (visible on the listing and detail pages, and as BreadcrumbList) ----

export interface Crumb {
  name: string;
  path: string;
}

const HOME_CRUMB: Crumb = { name: 'Home', path: '/' };
const PRODUCTS_CRUMB: Crumb = { name: 'Products', path: '/products' };
export const listingBreadcrumbs = (): Crumb[] => [HOME_CRUMB, PRODUCTS_CRUMB];

export function productBreadcrumbs(product: { id: string; name: string; category: string }): Crumb[] {
  const crumbs = [HOME_CRUMB, PRODUCTS_CRUMB];
  if (product.category) {
    const label = product.category.charAt(0).toUpperCase() + product.category.slice(1);
    crumbs.push({ name: label, path: `/products?category=${encodeURIComponent(product.category)}` });
  }
  return [...crumbs, { name: product.name, path: productPath(product) }];
}

export function breadcrumbJsonLd(crumbs: Crumb[], origin: string): JsonLd {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((c, i) => ({ '@type': 'ListItem', position: i + 1, name: c.name, item: absoluteUrl(origin, c.path) })),
  };
}

// ---- The public pages ----

const organisation = (origin: string): JsonLd => ({
  '@context': 'https://schema.org',
  '@type': 'Organization',
  name: SHOP_NAME,
  url: origin,
  logo: `${origin}/favicon.svg`,
  email: SHOP_EMAIL,
  address: { '@type': 'PostalAddress', addressLocality: 'Singapore', addressCountry: 'SG' },
  areaServed: ['SG', 'MY'],
  sameAs: Object.values(BRAND_LINKS),
});

/** `/` and `/about`: the landing page with the brand story. */
export const landingPageMeta = (origin: string): PageMeta => ({
  title: `${SHOP_NAME}: Premium Polymailers & Packaging Supplies in Singapore`,
  description: `${SHOP_NAME} supplies premium polymailer bags, bubble wrap and packing supplies to online sellers in Singapore and Malaysia, with bulk discounts and fast delivery.`,
  keywords: ['about PackShop', 'polymailer supplier Singapore', 'packaging supplier Malaysia'],
  path: '/',
  jsonLd: [organisation(origin)],
});

/** `/home`: the lead's homepage, another view of the landing page (same canonical). */
export const homePageMeta = (origin: string): PageMeta => ({
  title: `${SHOP_NAME}: Premium Polymailers & Packaging Supplies in Singapore`,
  description:
    'Premium quality polymailer bags in durable, waterproof LDPE, bubble wrap and packaging supplies for small businesses. Bulk discounts and fast Singapore delivery.',
  keywords: ['polymailer Singapore', 'mailer bags', 'ecommerce packaging'],
  path: '/',
  jsonLd: [organisation(origin)],
});

export const LISTING_TITLE = 'Premium Polymailers & Supplies';

/** `/products`, whatever its filters: one canonical listing. */
export const listingPageMeta = (origin: string): PageMeta => ({
  title: LISTING_TITLE,
  description:
    'Shop polymailer bags in white, black, clear, pink and baby blue, bubble wrap and packing supplies. Filter by size and colour; bulk discounts and fast delivery in Singapore and Malaysia.',
  keywords: ['buy polymailers', 'mailer bags sizes', 'bubble wrap pouches', 'packing supplies Singapore'],
  path: '/products',
  jsonLd: [
    {
      '@context': 'https://schema.org',
      '@type': 'CollectionPage',
      name: LISTING_TITLE,
      url: `${origin}/products`,
      description: 'Polymailer bags, bubble wrap and packing supplies for online sellers in Singapore and Malaysia.',
    },
    breadcrumbJsonLd(listingBreadcrumbs(), origin),
  ],
});

export const contactPageMeta = (origin: string): PageMeta => ({
  title: 'Contact Us',
  description: `Questions about polymailer sizes, bulk orders or delivery in Singapore and Malaysia? Message ${SHOP_NAME}; we usually reply within ${CONTACT_REPLY_HOURS} hours.`,
  keywords: ['contact packaging supplier', 'bulk polymailer quote'],
  path: '/contact',
  jsonLd: [
    {
      '@context': 'https://schema.org',
      '@type': 'ContactPage',
      name: `Contact ${SHOP_NAME}`,
      url: `${origin}/contact`,
      mainEntity: {
        '@type': 'Organization',
        name: SHOP_NAME,
        email: SHOP_EMAIL,
        contactPoint: { '@type': 'ContactPoint', contactType: 'customer service', email: SHOP_EMAIL, areaServed: ['SG', 'MY'], availableLanguage: ['English'] },
      },
    },
  ],
});

export const shippingPageMeta = (): PageMeta => ({
  title: 'Shipping & Returns',
  description: `Delivery to Singapore and Malaysia: orders processed in ${PROCESSING_DAYS.min}-${PROCESSING_DAYS.max} working days and delivered in ${DELIVERY_DAYS.min}-${DELIVERY_DAYS.max}. Returns within 14 days.`,
  keywords: ['polymailer delivery Singapore', 'shipping to Malaysia', 'returns policy'],
  path: '/shipping',
});

// Its own module: the FAQ's text goes into the FAQ page's chunk only, not into every page's (decision 0147).
export { faqPageMeta };

/**
 * The cart: indexable and canonical to itself, so a crawler that follows a link to it reads a
 * proper page, but not in the sitemap (a cart has nothing to rank for) (decision 0151).
 */
export const cartPageMeta = (): PageMeta => ({
  title: 'Your Cart',
  description: 'Review your packaging supplies, apply a coupon and pick your free gifts.',
  path: '/cart',
});

/** Public pages the server fills the head of that the sitemap leaves out. */
export const UNLISTED_PAGE_META: Readonly<Record<string, (origin: string) => PageMeta>> = {
  '/cart': cartPageMeta,
};

/** The static public pages by path (the server fills their heads; the sitemap lists their canonicals). */
export const STATIC_PAGE_META: Readonly<Record<string, (origin: string) => PageMeta>> = {
  '/': landingPageMeta,
  '/about': landingPageMeta,
  '/home': homePageMeta,
  '/products': listingPageMeta,
  '/faq': faqPageMeta,
  '/contact': contactPageMeta,
  '/shipping': shippingPageMeta,
};

// ---- Product pages ----

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
