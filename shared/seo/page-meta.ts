import type { PageMeta } from './head-tags';
import { faqPageMeta } from './faq-meta';
import { cartPageMeta } from './cart-meta';
import { contactPageMeta } from './contact-meta';
import { homePageMeta, landingPageMeta } from './landing-meta';
import { listingPageMeta } from './listing-meta';
import { shippingPageMeta } from './shipping-meta';

// Each public page's search-engine metadata, built once and used by both the SPA
// (src/components/Seo.tsx renders headTags() as React elements) and the server (server/pages/ writes
// the same headTags() into index.html), so what a crawler reads and what the browser shows cannot
// disagree. `origin` is the absolute origin ("https://shop.example"), never read from a global here.
//
// This module is the server's and the tests' view of all of them. A page of the SPA imports its own
// module (landing-meta, listing-meta, product-meta, contact-meta, shipping-meta, cart-meta, faq-meta,
// breadcrumbs), so its
// chunk holds its own metadata and not every page's (decision 0155; lint keeps src/ off this file).

export { headTags, jsonLdText, type HeadTag, type PageMeta } from './head-tags';
export { breadcrumbJsonLd, productBreadcrumbs } from './breadcrumbs';
export { clip, productNotFoundMeta, productPageMeta } from './product-meta';

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
