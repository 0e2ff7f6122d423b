import type { Prisma, PrismaClient } from '@prisma/client';
import { toDollars } from '../../../shared/domain/money';
import { compareSizeCodes } from '../../../shared/domain/size-label';
import { sortTiersDescending, priceRangeOf } from '../../../shared/domain/pricing';
import { availableStock } from '../../../shared/domain/stock';
import { notFound } from '../../../shared/errors';
import {
  DEFAULT_SORT,
  type CatalogFilters,
  type FilterOptions,
  type FilterProductsOutput,
  type ParsedFilterInput,
  type ProductDetail,
} from '../../../shared/schemas/catalog.schema';
import { normalisedQuery } from '../../../shared/domain/search/fold';
import { didYouMean, planSearch } from '../search/search.service';
import { countSearch } from '../search/search-stats';
import { cachedAnswer, type CachedAnswer } from './catalog-cache';
import { countMatches, queryFilterPage, type MemberPricing } from './catalog-query.sql';
import { productBasics, productWithVariantsSelect, rulesDto } from './product.select';

export { listProducts, listProductsCached } from './catalog-list';

/** Equivalent filters share one cache entry: order and case of list values do not matter. */
function normaliseFilterKey(input: ParsedFilterInput): string {
  const f = input.filters ?? {};
  const list = (v: string[] | null | undefined) => (v?.length ? [...new Set(v.map((s) => s.toLowerCase()))].sort() : undefined);
  return JSON.stringify([
    // The same words in any case or spacing are one search (sizes keep their spelling: "25 x 35" is "25 x 35").
    f.search ? normalisedSearchKey(f.search) : undefined,
    list(f.categories),
    list(f.colors),
    list(f.sizes),
    f.type ? f.type.toLowerCase() : undefined,
    f.price_min ?? undefined,
    f.price_max ?? undefined,
    f.in_stock_only ? 1 : 0,
    input.sort?.sort_by ?? DEFAULT_SORT,
    input.page ?? 1,
    input.limit,
  ]);
}

const normalisedSearchKey = (search: string) => `${normalisedQuery(search)}|${search.toLowerCase().replace(/\s+/g, ' ')}`;

const imageUrls = (images: { url: string }[]) => images.map((i) => i.url);

/** How a search reads its text: as typed so far (the header, where the last word may be unfinished) or whole. */
interface SearchMode {
  prefixLast?: boolean;
}

async function loadFilterPage(db: PrismaClient, input: ParsedFilterInput, mode: SearchMode, member: MemberPricing | null = null): Promise<FilterProductsOutput> {
  const filters: CatalogFilters | null | undefined = input.filters;
  const page = input.page ?? 1;
  const limit = input.limit;
  const plan = await planSearch(db, filters?.search, mode);
  const rows = await queryFilterPage(db, filters, plan, input.sort?.sort_by ?? DEFAULT_SORT, page, limit, member);
  const total = rows.length ? rows[0].total : page > 1 ? await countMatches(db, filters, plan, member) : 0;
  // Nothing found for what was typed: the nearest query that finds something, with the same filters.
  const suggestion = total === 0 && plan && filters?.search ? await didYouMean(db, filters.search, (p) => countMatches(db, filters, p, member)) : null;
  const images = rows.length
    ? await db.productImage.findMany({
        where: { productId: { in: rows.map((r) => r.id) } },
        orderBy: [{ productId: 'asc' }, { position: 'asc' }],
        select: { productId: true, url: true },
      })
    : [];
  const byProduct = new Map<string, string[]>();
  for (const img of images) {
    const list = byProduct.get(img.productId) ?? [];
    list.push(img.url);
    byProduct.set(img.productId, list);
  }
  return {
    products: rows.map((r) => ({
      id: r.id,
      name: r.name,
      description: r.description,
      images: byProduct.get(r.id) ?? [],
      featured: r.featured,
      price_range: { min: toDollars(r.min_price ?? 0), max: toDollars(r.max_price ?? 0) },
      in_stock: r.in_stock,
      // A size in the search picks the variant the product page opens with.
      ...(r.variant_id ? { variant_id: r.variant_id } : {}),
    })),
    total,
    pages: Math.ceil(total / limit),
    page,
    limit,
    ...(suggestion ? { did_you_mean: suggestion } : {}),
  };
}

/** POST /products/filter: the listing, served from the bounded cache. */
export function filterProductsCached(db: PrismaClient, input: ParsedFilterInput, mode: SearchMode = {}): Promise<CachedAnswer<FilterProductsOutput>> {
  const answer = cachedAnswer(db, `filter:${mode.prefixLast ? 'prefix:' : ''}${normaliseFilterKey(input)}`, () => loadFilterPage(db, input, mode));
  // A listing search is counted once per first page, cached or not (search-stats.ts); what the
  // header asks while a word is still being typed is not a search.
  const search = input.filters?.search;
  if (search && !mode.prefixLast && (input.page ?? 1) === 1) void answer.then((a) => countSearch(db, search, a.value.total), () => undefined);
  return answer;
}

/**
 * The listing sorted and filtered by a company member's own prices, with their price ranges
 * (decision 0193): read per request and never cached, so no cache holds a member's answer.
 */
export function filterProductsForMember(db: PrismaClient, input: ParsedFilterInput, member: MemberPricing): Promise<FilterProductsOutput> {
  return loadFilterPage(db, input, {}, member);
}

export async function filterProducts(db: PrismaClient, input: ParsedFilterInput, mode: SearchMode = {}): Promise<FilterProductsOutput> {
  return (await filterProductsCached(db, input, mode)).value;
}

// ---------- filter options ----------

async function loadFilterOptions(db: PrismaClient): Promise<FilterOptions> {
  const [colors, sizes, types, categories, prices] = await Promise.all([
    db.variant.findMany({ distinct: ['color'], select: { color: true }, orderBy: { color: 'asc' } }),
    db.variant.findMany({ distinct: ['sizeCode'], select: { sizeCode: true, widthCm: true, heightCm: true }, orderBy: [{ sizeCode: 'asc' }] }),
    db.product.findMany({ distinct: ['type'], select: { type: true }, orderBy: { type: 'asc' } }),
    db.product.findMany({ distinct: ['category'], select: { category: true }, orderBy: { category: 'asc' } }),
    db.variant.aggregate({ _min: { basePriceCents: true }, _max: { basePriceCents: true } }),
  ]);
  return {
    colors: colors.map((c) => c.color),
    // Sheets and mailers small to large, then rolls (compareSizeCodes): the filter lists them as sent.
    sizes: sizes.map((s) => s.sizeCode).sort(compareSizeCodes),
    types: types.map((t) => t.type),
    categories: categories.map((c) => c.category),
    price_range: { min: toDollars(prices._min.basePriceCents ?? 0), max: toDollars(prices._max.basePriceCents ?? 0) },
  };
}

export function filterOptionsCached(db: PrismaClient): Promise<CachedAnswer<FilterOptions>> {
  return cachedAnswer(db, 'options', () => loadFilterOptions(db));
}

export async function filterOptions(db: PrismaClient): Promise<FilterOptions> {
  return (await filterOptionsCached(db)).value;
}

// ---------- product detail ----------

const detailSelect = productWithVariantsSelect;

type DetailRow = Prisma.ProductGetPayload<{ select: typeof detailSelect }>;

/** Specification values are shown as text; anything else in the JSON is stringified. */
function specificationsOf(json: Prisma.JsonValue): Record<string, string> {
  if (!json || typeof json !== 'object' || Array.isArray(json)) return {};
  return Object.fromEntries(
    Object.entries(json)
      .filter(([, v]) => v !== null && v !== undefined)
      .map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]),
  );
}

function toProductDetail(p: DetailRow): ProductDetail {
  const variants = p.variants.map((v) => ({
    variant_id: v.id,
    sku: v.sku,
    attributes: { type: v.type, color: v.color, width_cm: v.widthCm, height_cm: v.heightCm, size_code: v.sizeCode, pack_size: v.packSize },
    weight_grams: v.weightGrams,
    price_tiers: sortTiersDescending(v.priceTiers.map((t) => ({ min_quantity: t.minQuantity, price: toDollars(t.priceCents) }))),
    on_hand: v.onHand,
    allocated: v.allocated,
    safety_stock: v.safetyStock,
    available: availableStock(v),
    ...rulesDto(v),
  }));
  const prices = p.variants.map((v) => v.basePriceCents);
  return {
    ...productBasics(p),
    images: imageUrls(p.images),
    specifications: specificationsOf(p.specifications),
    seo_title: p.seoTitle,
    seo_description: p.seoDescription,
    seo_keywords: p.seoKeywords,
    featured: p.featured,
    price_range: priceRangeOf(prices),
    in_stock: variants.some((v) => v.available > 0),
    variants,
    created_at: p.createdAt.toISOString(),
    updated_at: p.updatedAt.toISOString(),
  };
}

async function loadProductDetail(db: PrismaClient, id: string): Promise<ProductDetail> {
  const product = await db.product.findUnique({ where: { id }, select: detailSelect });
  if (!product) throw notFound('Product not found');
  return toProductDetail(product);
}

export function productDetailCached(db: PrismaClient, id: string): Promise<CachedAnswer<ProductDetail>> {
  return cachedAnswer(db, `product:${id}`, () => loadProductDetail(db, id));
}

export async function productDetail(db: PrismaClient, id: string): Promise<ProductDetail> {
  return (await productDetailCached(db, id)).value;
}
