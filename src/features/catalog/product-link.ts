import { productPath } from '../../../shared/seo/slug';

/**
 * Where a product found by a search links: its page, with `?variant=` when the search named a size
 * ("polymailer 25x35"), so the page opens with that variant chosen.
 */
export const productLink = (product: { id: string; name: string; variant_id?: string }): string =>
  product.variant_id ? `${productPath(product)}?variant=${encodeURIComponent(product.variant_id)}` : productPath(product);
