import { z } from 'zod';
import { MAX_PAGE_SIZE, PRODUCTS_PER_PAGE } from '../constants';
import { idSchema, quantityRulesOutput } from './common.schema';

// Catalogue wire shapes (docs/spec/storefront.md sections 3 and 7). Bad input gets a 400 with these words;
// a limit above the cap is clamped rather than refused, because asking for "everything" is not an error.

// The listing's sort options and limits live in shared/constants.ts (no zod), so the listing page's
// chunk does not load zod; they are re-exported here for the schemas below and their users.
import { DEFAULT_SORT, MAX_PAGE, MAX_SEARCH_LENGTH, SORT_OPTIONS, type SortBy } from '../constants';
export { DEFAULT_SORT, type SortBy };

const listOf = (label: string) =>
  z
    .array(
      z.string({ error: `${label} must be a list of text values` }).trim().max(100, `Each ${label.toLowerCase()} value must be 100 characters or fewer`),
      { error: `${label} must be a list of text values` },
    )
    .max(100, `${label}: at most 100 values`)
    .transform((values) => [...new Set(values.filter(Boolean))]);

const price = (label: string) =>
  z
    .number({ error: `${label} must be a number` })
    .min(0, `${label} cannot be negative`)
    .max(1_000_000, `${label} is too large`);

const catalogFilters = z
  .object({
    search: z.string({ error: 'Search must be text' }).trim().max(MAX_SEARCH_LENGTH, `Search must be ${MAX_SEARCH_LENGTH} characters or fewer`).nullish(),
    categories: listOf('Categories').nullish(),
    colors: listOf('Colors').nullish(),
    sizes: listOf('Sizes').nullish(),
    type: z.string({ error: 'Type must be text' }).trim().max(100, 'Type must be 100 characters or fewer').nullish(),
    price_min: price('Minimum price').nullish(),
    price_max: price('Maximum price').nullish(),
    in_stock_only: z.boolean({ error: 'in_stock_only must be true or false' }).nullish(),
  })
  .refine((f) => f.price_min == null || f.price_max == null || f.price_min <= f.price_max, {
    message: 'Minimum price cannot be higher than the maximum price',
    path: ['price_min'],
  });
export type CatalogFilters = z.infer<typeof catalogFilters>;

export const filterProductsInput = z.object({
  filters: catalogFilters.nullish(),
  sort: z
    .object({
      sort_by: z
        .enum(SORT_OPTIONS, { error: `Unknown sort: use one of ${SORT_OPTIONS.join(', ')}` })
        .nullish(),
    })
    .nullish(),
  page: z
    .number({ error: 'Page must be a whole number' })
    .int('Page must be a whole number')
    .min(1, 'Page must be 1 or more')
    .max(MAX_PAGE, `Page must be ${MAX_PAGE} or less`)
    .nullish(),
  limit: z
    .number({ error: 'Limit must be a whole number' })
    .int('Limit must be a whole number')
    .min(1, 'Limit must be 1 or more')
    .nullish()
    .transform((n) => Math.min(n ?? PRODUCTS_PER_PAGE, MAX_PAGE_SIZE)),
});
export type FilterProductsInput = z.input<typeof filterProductsInput>;
export type ParsedFilterInput = z.output<typeof filterProductsInput>;

const priceRange = z.object({ min: z.number(), max: z.number() });
export type PriceRange = z.infer<typeof priceRange>;

const productCard = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  images: z.array(z.string()),
  featured: z.boolean(),
  price_range: priceRange,
  in_stock: z.boolean(),
  /** When the search named a size: the variant of that size the product page should open with. */
  variant_id: z.string().optional(),
});
export type ProductCard = z.infer<typeof productCard>;

/** One page of products with the counts a pager needs; the grid and the storefront listing share it. */
const productPage = <T extends z.ZodTypeAny>(item: T) =>
  z.object({
    products: z.array(item),
    total: z.number().int(),
    pages: z.number().int(),
    page: z.number().int(),
    limit: z.number().int(),
  });

export const filterProductsOutput = productPage(productCard).extend({
  /** Only when a search found nothing: the nearest query that finds something ("Did you mean ...?"). */
  did_you_mean: z.string().optional(),
});
export type FilterProductsOutput = z.infer<typeof filterProductsOutput>;

/** GET /products/filter-options takes nothing; an object (e.g. `{}`) is accepted and ignored. */
export const filterOptionsInput = z.object({}).optional();

export const filterOptionsOutput = z.object({
  colors: z.array(z.string()),
  /** "WxH" in cm, ordered by width then height. */
  sizes: z.array(z.string()),
  types: z.array(z.string()),
  categories: z.array(z.string()),
  price_range: priceRange,
});
export type FilterOptions = z.infer<typeof filterOptionsOutput>;

const priceTierOutput = z.object({ min_quantity: z.number().int(), price: z.number() });

export const variantOutput = z.object({
  variant_id: z.string(),
  sku: z.string(),
  attributes: z.object({
    type: z.string(),
    color: z.string(),
    width_cm: z.number(),
    height_cm: z.number(),
    size_code: z.string(),
    pack_size: z.number().int(),
  }),
  weight_grams: z.number().int(),
  /** Highest min_quantity first, as the unit-price rule expects. */
  price_tiers: z.array(priceTierOutput),
  on_hand: z.number().int(),
  allocated: z.number().int(),
  safety_stock: z.number().int(),
  available: z.number().int(),
  ...quantityRulesOutput,
});

/** The describing fields every product answer starts with, in this order. */
const productBasics = {
  id: z.string(),
  name: z.string(),
  description: z.string(),
  category: z.string(),
  type: z.string(),
  color: z.string(),
  images: z.array(z.string()),
};

export const productDetailOutput = z.object({
  ...productBasics,
  specifications: z.record(z.string(), z.string()),
  seo_title: z.string().nullable(),
  seo_description: z.string().nullable(),
  seo_keywords: z.array(z.string()),
  featured: z.boolean(),
  price_range: priceRange,
  in_stock: z.boolean(),
  variants: z.array(variantOutput),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ProductDetail = z.infer<typeof productDetailOutput>;

export const productIdInput = z.object({ id: idSchema });

/** GET /products (back-office grid): query-string values arrive as text, hence coerce. */
export const listProductsInput = z
  .object({
    search: z.string().trim().max(MAX_SEARCH_LENGTH, `Search must be ${MAX_SEARCH_LENGTH} characters or fewer`).optional(),
    page: z.coerce.number({ error: 'Page must be a whole number' }).int('Page must be a whole number').min(1, 'Page must be 1 or more').max(MAX_PAGE).optional(),
    limit: z.coerce
      .number({ error: 'Limit must be a whole number' })
      .int('Limit must be a whole number')
      .min(1, 'Limit must be 1 or more')
      .optional()
      .transform((n) => Math.min(n ?? 100, 500)),
  })
  .optional();

const productListItem = z.object({
  ...productBasics,
  featured: z.boolean(),
  price_range: priceRange,
  in_stock: z.boolean(),
  variant_count: z.number().int(),
  created_at: z.string(),
});
export const listProductsOutput = productPage(productListItem);
export type ListProductsOutput = z.infer<typeof listProductsOutput>;
export type ProductListItem = z.infer<typeof productListItem>;
