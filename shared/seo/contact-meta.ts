import { CONTACT_REPLY_HOURS, SHOP_EMAIL, SHOP_NAME } from '../constants';
import type { PageMeta } from './head-tags';

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
