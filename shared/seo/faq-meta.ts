import { FAQ } from '../content/faq';
import type { PageMeta } from './head-tags';

export const faqPageMeta = (): PageMeta => ({
  title: 'Frequently Asked Questions',
  description:
    'Polymailer sizes, materials, bulk pricing, shipping to Singapore and Malaysia, returns and custom printing: answers to common packaging questions.',
  keywords: ['polymailer size guide', 'polymailer FAQ', 'custom printed mailers', 'shipping Malaysia'],
  path: '/faq',
  jsonLd: [
    {
      '@context': 'https://schema.org',
      '@type': 'FAQPage',
      mainEntity: FAQ.map((f) => ({ '@type': 'Question', name: f.question, acceptedAnswer: { '@type': 'Answer', text: f.answer } })),
    },
  ],
});
