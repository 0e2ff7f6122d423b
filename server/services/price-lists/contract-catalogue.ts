// The catalogue's answers as a company member sees them (decision 0193): the cached, anonymous
// answer (list prices) repriced per request with the member's price list. The caches never see
// this: they keep and serve list prices only.
import type { PrismaClient } from '@prisma/client';
import { toCents, toDollars } from '../../../shared/domain/money';
import { contractTiers, percentOff, type ResolvedPriceList, type Tier } from '../../../shared/domain/price-list';
import { priceRangeOf, sortTiersDescending } from '../../../shared/domain/pricing';
import type { FilterProductsOutput, ListProductsOutput, ProductDetail } from '../../../shared/schemas/catalog.schema';
import { readPriceListProducts } from './price-list.sql';
import { changesNothing, resolvePriceList } from './resolve-price-list';

const cents = (tiers: readonly { min_quantity: number; price: number }[]): Tier[] => tiers.map((t) => ({ min_quantity: t.min_quantity, price: toCents(t.price) }));
const dollars = (tiers: readonly Tier[]) => tiers.map((t) => ({ min_quantity: t.min_quantity, price: toDollars(t.price) }));

/** The price of a variant's first tier (the lowest minimum): what "from $X" shows. */
export function basePriceOf(tiers: readonly Tier[]): number {
  if (tiers.length === 0) return 0;
  return tiers.reduce((low, t) => (t.min_quantity < low.min_quantity ? t : low)).price;
}

/** A variant's contract base price from its list base price (the listing has no tiers at hand). */
function contractBase(variantId: string, listBaseCents: number, list: ResolvedPriceList): number {
  return basePriceOf(contractTiers(variantId, [{ min_quantity: 1, price: listBaseCents }], list));
}

export async function contractProductDetail(db: PrismaClient, detail: ProductDetail, priceListId: string | null): Promise<ProductDetail> {
  if (!priceListId) return detail;
  const list = await resolvePriceList(db, priceListId, detail.variants.map((v) => v.variant_id));
  if (changesNothing(list)) return detail;
  const variants = detail.variants.map((v) => ({ ...v, price_tiers: sortTiersDescending(dollars(contractTiers(v.variant_id, cents(v.price_tiers), list))) }));
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
  const rows = await readPriceListProducts(db, priceListId, products.map((p) => p.id));
  if (rows.length === 0) return null;
  const bp = rows[0].percentOffBp;
  const listed = new Set(rows.flatMap((r) => (r.productId ? [r.productId] : [])));
  if (bp === 0 && listed.size === 0) return null;
  const ranges = new Map<string, Range>();
  for (const p of products) {
    if (listed.has(p.id) || bp === 0) continue;
    ranges.set(p.id, { min: toDollars(percentOff(toCents(p.price_range.min), bp)), max: toDollars(percentOff(toCents(p.price_range.max), bp)) });
  }
  if (listed.size > 0) {
    const variants = await db.variant.findMany({ where: { productId: { in: [...listed] } }, select: { id: true, productId: true, basePriceCents: true } });
    const list = await resolvePriceList(db, priceListId, variants.map((v) => v.id));
    if (list) {
      const byProduct = new Map<string, number[]>();
      for (const v of variants) byProduct.set(v.productId, [...(byProduct.get(v.productId) ?? []), contractBase(v.id, v.basePriceCents, list)]);
      for (const [id, prices] of byProduct) ranges.set(id, priceRangeOf(prices));
    }
  }
  return ranges;
}

/** The storefront's listing. Sorting and the price filter stay on list prices (the cached page's order). */
export async function contractFilterPage(db: PrismaClient, page: FilterProductsOutput, priceListId: string | null): Promise<FilterProductsOutput> {
  if (!priceListId) return page;
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
