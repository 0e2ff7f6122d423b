// The catalogue's answers as a company member sees them (decision 0193): the cached, anonymous
// answer (list prices) repriced per request with the member's price list. The caches never see
// this: they keep and serve list prices only.
import type { PrismaClient } from '@prisma/client';
import { toCents, toDollars } from '../../../shared/domain/money';
import { contractTiers, percentOff, tiersInDollars, type Tier } from '../../../shared/domain/price-list';
import { priceRangeOf, sortTiersDescending } from '../../../shared/domain/pricing';
import type { FilterProductsOutput, ListProductsOutput, ParsedFilterInput, ProductDetail } from '../../../shared/schemas/catalog.schema';
import { filterProductsForMember, productDetailCached } from '../catalogue/catalog.service';
import { fillJson, jsonTemplate, type JsonTemplate } from '../../lib/json-template';
import { cachedPriceList } from './price-list-cache';
import { changesNothing } from './resolve-price-list';

const cents = (tiers: readonly { min_quantity: number; price: number }[]): Tier[] => tiers.map((t) => ({ min_quantity: t.min_quantity, price: toCents(t.price) }));

/** The price of a variant's first tier (the lowest minimum): what "from $X" shows. */
function basePriceOf(tiers: readonly Tier[]): number {
  if (tiers.length === 0) return 0;
  return tiers.reduce((low, t) => (t.min_quantity < low.min_quantity ? t : low)).price;
}

export async function contractProductDetail(db: PrismaClient, detail: ProductDetail, priceListId: string | null): Promise<ProductDetail> {
  if (!priceListId) return detail;
  const list = await cachedPriceList(db, priceListId);
  if (changesNothing(list)) return detail;
  const variants = detail.variants.map((v) => ({ ...v, price_tiers: sortTiersDescending(tiersInDollars(contractTiers(v.variant_id, cents(v.price_tiers), list))) }));
  return { ...detail, variants, price_range: priceRangeOf(variants.map((v) => basePriceOf(cents(v.price_tiers)))) };
}

type Range = { min: number; max: number };

/**
 * Each product's price range as the member pays: a percentage off moves a product's lowest and
 * highest base price alike, so those are priced from the cached range itself; only products with a
 * variant the list names have their variants read (one statement each way, none when the list names
 * nothing on the page).
 */
async function contractRanges(db: PrismaClient, products: readonly { id: string; price_range: Range }[], priceListId: string): Promise<Map<string, Range> | null> {
  if (products.length === 0) return null;
  const list = await cachedPriceList(db, priceListId);
  if (!list || changesNothing(list)) return null;
  const bp = list.percentOffBasisPoints;
  const ranges = new Map<string, Range>();
  await Promise.all(
    products.map(async (p) => {
      if (list.productsListed.has(p.id)) {
        // Its variants from the catalogue cache's product answer: their list tiers, priced by the list.
        const detail = await contractProductDetail(db, (await productDetailCached(db, p.id)).value, priceListId);
        ranges.set(p.id, detail.price_range);
      } else if (bp > 0) {
        ranges.set(p.id, { min: toDollars(percentOff(toCents(p.price_range.min), bp)), max: toDollars(percentOff(toCents(p.price_range.max), bp)) });
      }
    }),
  );
  return ranges;
}

/** Whether a listing's order or matches depend on prices: a price sort or a price filter. */
const readsPrices = (input: ParsedFilterInput) =>
  input.sort?.sort_by === 'price_low_high' || input.sort?.sort_by === 'price_high_low' || input.filters?.price_min != null || input.filters?.price_max != null;

/**
 * The storefront's listing as the member sees it. Sorted or filtered by price, it is the member's own
 * page, read per request at their prices and never cached; otherwise the cached page (list prices,
 * its order does not depend on them) with each product's range repriced.
 */
export async function contractFilterPage(db: PrismaClient, page: FilterProductsOutput, priceListId: string | null, input: ParsedFilterInput): Promise<FilterProductsOutput> {
  if (!priceListId) return page;
  if (readsPrices(input)) {
    const list = await cachedPriceList(db, priceListId);
    if (!list || changesNothing(list)) return page;
    return filterProductsForMember(db, input, { priceListId, percentOffBasisPoints: list.percentOffBasisPoints });
  }
  const ranges = await contractRanges(db, page.products, priceListId);
  if (!ranges) return page;
  return { ...page, products: page.products.map((p) => (ranges.has(p.id) ? { ...p, price_range: ranges.get(p.id)! } : p)) };
}

/** GET /products, the plain listing. */
export async function contractProductList(db: PrismaClient, page: ListProductsOutput, priceListId: string | null): Promise<ListProductsOutput> {
  if (!priceListId) return page;
  const ranges = await contractRanges(db, page.products, priceListId);
  if (!ranges) return page;
  return { ...page, products: page.products.map((p) => (ranges.has(p.id) ? { ...p, price_range: ranges.get(p.id)! } : p)) };
}

// ---------- the REST door: the cached answer's JSON with the member's prices written in ----------
// The cached answer's JSON is made once into a template with holes where the prices go (json-template.ts),
// kept beside the cached value it was made from (a WeakMap: it holds list prices only and goes when
// the cache drops the value); a member's answer is then the template filled with their prices, so
// it costs their prices' JSON rather than the whole page's.

type Cached<T> = { value: T; json: string };
const templates = new WeakMap<object, JsonTemplate>();

function templateOf<T extends object>(value: T, punch: (value: T, hole: (i: number) => unknown) => unknown): JsonTemplate {
  let t = templates.get(value);
  if (!t) {
    t = jsonTemplate(value, punch);
    templates.set(value, t);
  }
  return t;
}

type WithRanges = { products: { id: string; price_range: Range }[] };
const punchRanges = (page: WithRanges, hole: (i: number) => unknown) => ({ ...page, products: page.products.map((p, i) => ({ ...p, price_range: hole(i) })) });

async function rangesJson<T extends WithRanges>(db: PrismaClient, answer: Cached<T>, priceListId: string): Promise<string> {
  const ranges = await contractRanges(db, answer.value.products, priceListId);
  if (!ranges) return answer.json;
  return fillJson(templateOf(answer.value, punchRanges), answer.value.products.map((p) => ranges.get(p.id) ?? p.price_range));
}

/** contractFilterPage's JSON for the REST door. */
export async function contractFilterJson(db: PrismaClient, answer: Cached<FilterProductsOutput>, priceListId: string, input: ParsedFilterInput): Promise<string> {
  if (readsPrices(input)) {
    const page = await contractFilterPage(db, answer.value, priceListId, input);
    return page === answer.value ? answer.json : JSON.stringify(page);
  }
  return rangesJson(db, answer, priceListId);
}

/** contractProductList's JSON for the REST door. */
export const contractProductListJson = (db: PrismaClient, answer: Cached<ListProductsOutput>, priceListId: string): Promise<string> => rangesJson(db, answer, priceListId);

const punchDetail = (d: ProductDetail, hole: (i: number) => unknown) => ({
  ...d,
  variants: d.variants.map((v, i) => ({ ...v, price_tiers: hole(i) })),
  price_range: hole(d.variants.length),
});

/** contractProductDetail's JSON for the REST door. */
export async function contractProductDetailJson(db: PrismaClient, answer: Cached<ProductDetail>, priceListId: string): Promise<string> {
  const detail = await contractProductDetail(db, answer.value, priceListId);
  if (detail === answer.value) return answer.json;
  return fillJson(templateOf(answer.value, punchDetail), [...detail.variants.map((v) => v.price_tiers), detail.price_range]);
}
