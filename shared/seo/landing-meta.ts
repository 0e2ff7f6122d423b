import { SHOP_EMAIL, SHOP_NAME } from '../constants';
import { BRAND_LINKS } from '../content/brand';
import type { JsonLd, PageMeta } from './head-tags';

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
