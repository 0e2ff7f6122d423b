import type { FilterProductsInput } from '../schemas/catalog.schema';

// Apart from catalog-filter.ts (the listing's filters), so the product page does not load the
// listing's filter code for this one function (decision 0150).

/**
 * The product page's "Related products" query (same category and type), one more than it shows so
 * that the product itself can be left out; the server loads the same query for the pages it renders.
 */
export function relatedProductsInput(product: { category: string; type?: string | null }, shown: number): FilterProductsInput {
  return { filters: { categories: [product.category], ...(product.type ? { type: product.type } : {}) }, page: 1, limit: shown + 1 };
}
