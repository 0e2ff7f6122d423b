// The catalogue's answers as a company member sees them (decision 0193): the cached, anonymous
// answer (list prices) repriced per request with the member's price list. The caches never see
// this: they keep and serve list prices only.
import type { PrismaClient } from '@prisma/client';
import { toCents, toDollars } from '../../../shared/domain/money';
import { contractTiers, type ResolvedPriceList, type Tier } from '../../../shared/domain/price-list';
import { priceRangeOf, sortTiersDescending } from '../../../shared/domain/pricing';
import type { FilterProductsOutput, ListProductsOutput, ProductDetail } from '../../../shared/schemas/catalog.schema';
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

/** Each product's price range from its variants' contract base prices (one read of the page's variants). */
async function contractRanges(db: PrismaClient, productIds: readonly string[], priceListId: string) {
  if (productIds.length === 0) return null;
  const variants = await db.variant.findMany({ where: { productId: { in: [...productIds] } }, select: { id: true, productId: true, basePriceCents: true } });
  const list = await resolvePriceList(db, priceListId, variants.map((v) => v.id));
  if (!list || changesNothing(list)) return null;
  const byProduct = new Map<string, number[]>();
  for (const v of variants) {
    const prices = byProduct.get(v.productId) ?? [];
    prices.push(contractBase(v.id, v.basePriceCents, list));
    byProduct.set(v.productId, prices);
  }
  return byProduct;
}

/** The storefront's listing. Sorting and the price filter stay on list prices (the cached page's order). */
export async function contractFilterPage(db: PrismaClient, page: FilterProductsOutput, priceListId: string | null): Promise<FilterProductsOutput> {
  if (!priceListId) return page;
  const ranges = await contractRanges(db, page.products.map((p) => p.id), priceListId);
  if (!ranges) return page;
  return { ...page, products: page.products.map((p) => (ranges.has(p.id) ? { ...p, price_range: priceRangeOf(ranges.get(p.id)!) } : p)) };
}

/** GET /products, the plain listing. */
export async function contractProductList(db: PrismaClient, page: ListProductsOutput, priceListId: string | null): Promise<ListProductsOutput> {
  if (!priceListId) return page;
  const ranges = await contractRanges(db, page.products.map((p) => p.id), priceListId);
  if (!ranges) return page;
  return { ...page, products: page.products.map((p) => (ranges.has(p.id) ? { ...p, price_range: priceRangeOf(ranges.get(p.id)!) } : p)) };
}
