import { absoluteUrl } from './absolute-url';
import type { JsonLd } from './head-tags';
import { productPath } from './slug';

// Breadcrumbs: visible on the listing and product pages, and their BreadcrumbList structured data.

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
