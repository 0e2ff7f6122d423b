// Readable product URLs: /products/{id}/{slug}. The id alone finds the product, so the slug is
// derived from the name (no column to keep in step) and a renamed product's old links still work.

const MAX_SLUG_LENGTH = 80;

/** "Pink Polymailer Bags (25x35 cm)" -> "pink-polymailer-bags-25x35-cm". Never empty. */
export function slugify(text: string): string {
  const slug = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '') // accents off: "crème" -> "creme"
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, MAX_SLUG_LENGTH)
    .replace(/-+$/, '');
  return slug || 'product';
}

/** The canonical path of a product page. */
export function productPath(product: { id: string; name: string }): string {
  return `/products/${encodeURIComponent(product.id)}/${slugify(product.name)}`;
}

/**
 * Where a product found by a search links: its page, with `?variant=` when the search named a size
 * ("polymailer 25x35"), so the page opens with that variant chosen.
 */
export const productLink = (product: { id: string; name: string; variant_id?: string }): string =>
  product.variant_id ? `${productPath(product)}?variant=${encodeURIComponent(product.variant_id)}` : productPath(product);
