// Repeat buying: order again, quick order by SKU and "Buy again". None of these adds to
// the cart by itself: each turns its lines into WantedLines for cart.service's checkLines/addLines,
// so stock, tiers, prices and quantity limits are the cart's own rules, and prices are today's.
import type { Prisma, PrismaClient } from '@prisma/client';
import type { z } from 'zod';
import { toDollars } from '../../../shared/domain/money';
import { hasPositivePrice, unitPriceFor } from '../../../shared/domain/pricing';
import { normalizeSku } from '../../../shared/domain/quick-order';
import { availableStock } from '../../../shared/domain/stock';
import { roomToAdd, type Held } from '../../../shared/domain/cart-room';
import { fitRoom } from '../../../shared/domain/quantity-rules';
import { rulesOf } from '../../../shared/domain/quantity-rule-checks';
import { rulesDto } from '../catalogue/product.select';
import { notFound } from '../../../shared/errors';
import { MAX_LINE_QUANTITY } from '../../../shared/schemas/cart.schema';
import type { BulkCartDto, BulkCheckDto, bulkCartInput, BuyAgainDto, LineReason, ReorderDto } from '../../../shared/schemas/repeat-buying.schema';
import { findLastPurchases, findSkuSuggestions } from './repeat-buying.sql';
import { planSearch } from '../search/search.service';
import { addLines, checkLines, priceListOfOwner, type CartOwner, type LineVerdict, type NewGuestCartCheck, type WantedLine } from './cart.service';
import { readOrderLinesForAdd, readVariantsForAdd, type VariantForAdd } from './cart.sql';
import { unitOfWork } from '../../db/unit-of-work';
import { contractTiers, type ResolvedPriceList } from '../../../shared/domain/price-list';
import { resolvePriceList } from '../price-lists/resolve-price-list';

type Db = Prisma.TransactionClient;

/** The tiers the shopper pays: the list's, or their company's contract tiers (decision 0193). */
const tiersOf = (v: VariantForAdd, priceList: ResolvedPriceList | null) =>
  contractTiers(v.id, v.priceTiers.map((t) => ({ min_quantity: t.minQuantity, price: t.priceCents })), priceList);

/**
 * The variant as a quick-order row shows it, priced today for the cart line's quantity once this row
 * is in, with how many this row may still ask for (the cart's own rule, so the page and the add agree).
 */
function lineVariant(v: VariantForAdd, held: Held, quantity: number, priceList: ResolvedPriceList | null) {
  const total = held.inCart + (held.earlier ?? 0) + Math.max(quantity, 0);
  return {
    variant_id: v.id,
    product_id: v.product.id,
    product_name: v.product.name,
    size: v.sizeCode,
    pack_size: v.packSize,
    unit_price: toDollars(unitPriceFor(tiersOf(v, priceList), Math.max(total, 1))),
    available: availableStock(v),
    // The room rounded to the variant's order quantity rules, as the add counts it (cart-room.ts).
    can_add: fitRoom(roomToAdd(availableStock(v), held), held.inCart + (held.earlier ?? 0), rulesOf(v)),
    ...rulesDto(v),
  };
}

/** The reason code and words of a refused verdict; `missing` names a line whose variant is gone. */
function refusalOf<R>(v: LineVerdict<R>, missing: { reason: LineReason; detail: string }): { reason: LineReason; detail: string } {
  if (v.ok) throw new Error('not refused');
  return v.refusal ? { reason: v.refusal.reason, detail: v.refusal.message } : missing;
}

// ---------- order again ----------

/**
 * Adds the lines of one of the user's orders to their cart at today's prices: every line the cart's
 * rules accept goes in together; the others (deleted, not for sale, sold out, short) are listed with
 * the reason. Someone else's order is a 404 like an unknown one.
 */
export async function reorder(db: PrismaClient, owner: { userId: string; priceListId: string | null }, orderId: string): Promise<ReorderDto> {
  const lines = await readOrderLinesForAdd(db, owner.userId, orderId);
  if (!lines) throw notFound('Order not found');
  return addRemembered(db, owner, lines);
}

/** A line the buyer had before (an order line, a saved-list line); `variantId` is null once the variant is deleted. */
export interface RememberedLine {
  variantId: string | null;
  sku: string;
  productName: string;
  quantity: number;
  /** The variant, when it was read with the lines (order again); read by the cart's check otherwise. */
  variant?: VariantForAdd | null;
}

/** Adds remembered lines to the cart (addLines: the accepted ones together) and says which were skipped and why. */
export async function addRemembered(db: PrismaClient, owner: { userId: string; priceListId: string | null }, items: RememberedLine[]): Promise<ReorderDto> {
  // Only a signed-in buyer has orders and lists: no guest cart is made here.
  const { cart, verdicts } = await addLines(db, owner, items.map((i) => ({ ref: i, variantId: i.variantId, quantity: i.quantity, variant: i.variant })), null);
  const added: ReorderDto['added'] = [];
  const skipped: ReorderDto['skipped'] = [];
  for (const v of verdicts) {
    const base = { sku: v.ref.sku, product_name: v.ref.productName, quantity: v.ref.quantity };
    if (v.ok) added.push(base);
    else skipped.push({ ...base, ...refusalOf(v, { reason: 'deleted', detail: `${v.ref.productName} (${v.ref.sku}) is no longer sold` }) });
  }
  return { cart, added, skipped };
}

// ---------- quick order by SKU ----------

type BulkItem = z.infer<typeof bulkCartInput>['items'][number];
type BulkRef = { index: number; sku: string; quantity: number; problem: { reason: LineReason; detail: string } | null };

function quantityProblem(q: number): string | null {
  if (!Number.isInteger(q)) return 'Quantity must be a whole number';
  if (q < 1) return 'Quantity must be at least 1';
  if (q > MAX_LINE_QUANTITY) return `Quantity cannot be more than ${MAX_LINE_QUANTITY}`;
  return null;
}

/**
 * Turns SKU rows into the cart's WantedLines with one query for every SKU (no query per line): a
 * SKU is looked up as typed and as the rule writes it (upper case, single spaces).
 */
async function resolveSkus(db: Db, owner: CartOwner | null, items: BulkItem[]): Promise<WantedLine<BulkRef>[]> {
  const skus = [...new Set(items.flatMap((i) => [i.sku.trim(), normalizeSku(i.sku)]).filter((s) => s !== ''))];
  const found = await readVariantsForAdd(db, owner, { skus });
  const bySku = new Map(found.map((v) => [v.sku, v]));
  const byNormal = new Map(found.map((v) => [normalizeSku(v.sku), v]));
  return items.map((item, index) => {
    const variant = bySku.get(item.sku.trim()) ?? byNormal.get(normalizeSku(item.sku)) ?? null;
    const badQuantity = quantityProblem(item.quantity);
    const problem =
      item.sku.trim() === ''
        ? { reason: 'unknown_sku' as const, detail: 'SKU is required' }
        : !variant
          ? { reason: 'unknown_sku' as const, detail: `Unknown SKU ${normalizeSku(item.sku)}` }
          : badQuantity
            ? { reason: 'bad_quantity' as const, detail: badQuantity }
            : null;
    return { ref: { index, sku: variant?.sku ?? normalizeSku(item.sku), quantity: item.quantity, problem }, variantId: problem ? null : variant!.id, quantity: item.quantity };
  });
}

function bulkResults<S extends 'added' | 'ok'>(verdicts: LineVerdict<BulkRef>[], variants: Map<string, VariantForAdd>, okStatus: S, priceList: ResolvedPriceList | null) {
  return verdicts.map((v) => {
    const known = v.variant ?? variants.get(v.ref.sku) ?? null;
    // A row refused before the cart's check (a bad quantity) was not counted against the cart: only the cart is held.
    const shown = known ? lineVariant(known, v.variant ? v.held : { inCart: known.inCart }, v.ok ? v.quantity : 0, priceList) : null;
    if (v.ok) return { sku: v.ref.sku, quantity: v.ref.quantity, status: okStatus, detail: null, reason: null, variant: shown };
    const { reason, detail } = refusalOf(v, v.ref.problem ?? { reason: 'unknown_sku', detail: `Unknown SKU ${v.ref.sku}` });
    return { sku: v.ref.sku, quantity: v.ref.quantity, status: 'error' as const, detail, reason, variant: shown };
  });
}

/** Checks SKU rows as "Add all to cart" will, without adding: each row's product, price, stock or reason. */
export async function bulkCheck(db: PrismaClient, owner: CartOwner | null, items: BulkItem[]): Promise<BulkCheckDto> {
  return unitOfWork(db, async (tx) => {
    const lines = await resolveSkus(tx, owner, items);
    const verdicts = await checkLines(tx, owner, lines);
    const known = await variantsOf(tx, owner, lines, verdicts);
    const priceList = await resolvePriceList(tx, priceListOfOwner(owner), [...known.values()].map((v) => v.id));
    return { results: bulkResults(verdicts, known, 'ok', priceList) };
  });
}

/** Adds every valid SKU row together (all or none); refused rows come back with their reason. */
export async function bulkAdd(db: PrismaClient, owner: CartOwner | null, items: BulkItem[], newGuestCart: NewGuestCartCheck): Promise<BulkCartDto> {
  const lines = await resolveSkus(db, owner, items);
  const { cart, verdicts } = await addLines(db, owner, lines, newGuestCart);
  const known = await variantsOf(db, owner, lines, verdicts);
  const priceList = await resolvePriceList(db, priceListOfOwner(owner), [...known.values()].map((v) => v.id));
  return { cart, results: bulkResults(verdicts, known, 'added', priceList) };
}

/** The variants of rows refused before the cart's check (a bad quantity of a known SKU), to show what the SKU is. */
async function variantsOf(db: Db, owner: CartOwner | null, lines: WantedLine<BulkRef>[], verdicts: LineVerdict<BulkRef>[]) {
  const seen = new Map(verdicts.flatMap((v) => (v.variant ? [[v.variant.sku, v.variant] as const] : [])));
  const wanted = lines.filter((l) => l.ref.problem?.reason === 'bad_quantity' && !seen.has(l.ref.sku)).map((l) => l.ref.sku);
  if (wanted.length) for (const v of await readVariantsForAdd(db, owner, { skus: wanted })) seen.set(v.sku, v);
  return seen;
}

/**
 * Up to 8 variants for the quick-order suggestions: SKUs starting with (or containing) the typed
 * text first, then the variants of what the shop's one search finds for it ("white 25x35").
 */
export async function suggestSkus(db: PrismaClient, q: string) {
  const text = q.trim();
  const rows = await findSkuSuggestions(db, text, await planSearch(db, text, { prefixLast: true }));
  return rows.map((r) => ({ sku: r.sku, product_name: r.productName, size: r.sizeCode, pack_size: r.packSize, available: availableStock(r) }));
}

// ---------- buy again ----------

/**
 * Every variant the user has ordered (still sold), newest purchase first, with the last quantity and
 * price paid, today's price for that quantity and the stock. `search` matches the name or SKU.
 */
export async function buyAgain(db: PrismaClient, owner: { userId: string; priceListId: string | null }, search?: string): Promise<BuyAgainDto> {
  const last = await findLastPurchases(db, owner.userId, search);
  const ids = last.map((l) => l.variantId);
  const [found, priceList] = await Promise.all([readVariantsForAdd(db, { userId: owner.userId }, { ids }), resolvePriceList(db, owner.priceListId, ids)]);
  const variants = new Map(found.map((v) => [v.id, v]));
  return last
    .filter((l) => variants.has(l.variantId))
    .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())
    .map((l) => {
      const v = variants.get(l.variantId)!;
      const q = l.quantity;
      return {
        variant_id: v.id,
        sku: v.sku,
        product_id: v.product.id,
        product_name: v.product.name,
        size: v.sizeCode,
        pack_size: v.packSize,
        last_ordered_at: l.createdAt.toISOString(),
        last_quantity: q,
        last_price: toDollars(l.unitPriceCents),
        price: hasPositivePrice(tiersOf(v, priceList), q) ? toDollars(unitPriceFor(tiersOf(v, priceList), q)) : null,
        available: availableStock(v),
      };
    });
}
