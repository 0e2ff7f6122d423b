// The shop's profiles elsewhere: shown on the landing page and named as `sameAs` in its
// structured data (shared/seo/page-meta.ts), so both list the same addresses.
export const BRAND_LINKS = {
  shopee: 'https://shopee.sg/packshop.sg',
  lazada: 'https://www.lazada.sg/shop/packshop',
  instagram: 'https://www.instagram.com/packshop.sg',
} as const;
