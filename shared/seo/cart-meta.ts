import type { PageMeta } from './head-tags';

/**
 * The cart: indexable and canonical to itself, so a crawler that follows a link to it reads a
 * proper page, but not in the sitemap (a cart has nothing to rank for) (decision 0151).
 */
export const cartPageMeta = (): PageMeta => ({
  title: 'Your Cart',
  description: 'Review your packaging supplies, apply a coupon and pick your free gifts.',
  path: '/cart',
});
