import { DELIVERY_DAYS, PROCESSING_DAYS } from '../constants';
import type { PageMeta } from './head-tags';

export const shippingPageMeta = (): PageMeta => ({
  title: 'Shipping & Returns',
  description: `Delivery to Singapore and Malaysia: orders processed in ${PROCESSING_DAYS.min}-${PROCESSING_DAYS.max} working days and delivered in ${DELIVERY_DAYS.min}-${DELIVERY_DAYS.max}. Returns within 14 days.`,
  keywords: ['polymailer delivery Singapore', 'shipping to Malaysia', 'returns policy'],
  path: '/shipping',
});
