import { listingBreadcrumbs, breadcrumbJsonLd } from './breadcrumbs';
import type { PageMeta } from './head-tags';

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
