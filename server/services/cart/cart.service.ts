// The shopping cart: a guest cart keyed by X-Session-Id or a signed-in user's cart. Every answer
// is the whole cart, rebuilt from the database (cart-view.ts). Its coupon and gifts: cart-promotions.service.ts.
import type { Prisma, PrismaClient } from '@prisma/client';
import type { z } from 'zod';
import type { Country } from '../../../shared/constants';
import { AppError, badRequest, notFound } from '../../../shared/errors';
import { hasPositivePrice, notForSaleMessage } from '../../../shared/domain/pricing';
import { contractTiers, type ResolvedPriceList } from '../../../shared/domain/price-list';
import { availableStock } from '../../../shared/domain/stock';
import { roomRefusal, type Held } from '../../../shared/domain/cart-room';
import { type QuantityRules } from '../../../shared/domain/quantity-rules';
import { quantityRuleRefusal, rulesOf } from '../../../shared/domain/quantity-rule-checks';
import { type addToCartInput, type updateCartItemInput } from '../../../shared/schemas/cart.schema';
import { isUniqueViolation } from '../../db/errors';
import { priceCart, toCartDto, type CartRow } from './cart-view';
import { addManyToCart, addToCart, readCartRow, readVariantForAdd, readVariantsForAdd, type VariantForAdd } from './cart.sql';
import { promoData } from '../promotions/promo-cache';
import { findCouponCached } from '../promotions/promotions.service';
import { batchWrite } from '../../db/unit-of-work';
import { quantityRulesSelect, stockColumnsSelect } from '../catalogue/product.select';
import { newId } from '../../db/ids';
import type { AppUser } from '../../auth/user.mapper';
import { priceListIdOf, resolvePriceList } from '../price-lists/resolve-price-list';
import { cachedPriceList } from '../price-lists/price-list-cache';

type Db = Prisma.TransactionClient;
/** A signed-in owner carries their company's price list (decision 0193): the cart shows what they pay. */
export type CartOwner = { userId: string; priceListId?: string | null } | { guestId: string };

export function cartOwner(user: ({ id: string } & Partial<Pick<AppUser, 'membership'>>) | null, guestId: string | null): CartOwner | null {
  if (user) return { userId: user.id, priceListId: priceListIdOf(user) };
  return guestId ? { guestId } : null;
}

/** The owner's price list id: a guest's cart is always at the list price. */
export const priceListOfOwner = (o: CartOwner | null): string | null => (o && 'userId' in o ? (o.priceListId ?? null) : null);

export const ownerWhere = (o: CartOwner): Prisma.CartWhereUniqueInput => ('userId' in o ? { userId: o.userId } : { guestId: o.guestId });

export function requireOwner(owner: CartOwner | null): CartOwner {
  if (!owner) throw badRequest('Session ID is required');
  return owner;
}

/**
 * Run just before a guest's first cart is made (server/auth/rate-limit.ts newGuestCartCheck): a 429
 * once the client's address has started too many (decision 0163). Only making a cart counts; every
 * later change of it, and every signed-in shopper's cart, goes unchecked. Null for callers whose
 * owner is always a signed-in user.
 */
export type NewGuestCartCheck = () => Promise<void>;

/** Before an add that may make the cart: checks the allowance when it is a guest's first cart. */
async function beforeMaking(owner: CartOwner, hasCart: boolean, check: NewGuestCartCheck | null): Promise<void> {
  if (hasCart || !('guestId' in owner)) return;
  if (!check) throw new Error('A guest cart would be made without its rate limit');
  await check();
}

export async function ensureCart(db: Db, owner: CartOwner, check: NewGuestCartCheck | null): Promise<string> {
  const where = ownerWhere(owner);
  const found = await db.cart.findUnique({ where, select: { id: true } });
  if (found) return found.id;
  await beforeMaking(owner, false, check);
  try {
    return (await db.cart.create({ data: { id: newId(), ...('userId' in owner ? { userId: owner.userId } : { guestId: owner.guestId }) }, select: { id: true } })).id;
  } catch (err) {
    // Two first requests of one shopper at once: the other one created it.
    if (isUniqueViolation(err)) return (await db.cart.findUniqueOrThrow({ where, select: { id: true } })).id;
    throw err;
  }
}

/** 'Mailer 25x35 (50 pcs)': how a variant is named in messages. */
export const variantLabel = (v: { sizeCode: string; packSize: number; product: { name: string } }) =>
  `${v.product.name} ${v.sizeCode} (${v.packSize} pcs)`;

const variantCheckSelect = {
  id: true,
  sizeCode: true,
  packSize: true,
  ...stockColumnsSelect,
  ...quantityRulesSelect,
  product: { select: { name: true } },
  priceTiers: { select: { minQuantity: true, priceCents: true } },
} as const;

/** The cart as the shopper sees it. Drops a coupon or gifts the cart no longer qualifies for. */
export async function getCart(db: Db, owner: CartOwner | null, now = new Date(), country: Country = 'SG') {
  const cart = owner ? await readCartRow(db, owner) : null;
  return buildView(db, cart, now, priceListOfOwner(owner), country);
}

async function buildView(db: Db, cart: CartRow | null, now: Date, priceListId: string | null, country: Country = 'SG') {
  const [[tiers, rules], coupon, priceList] = await Promise.all([
    promoData(db as PrismaClient),
    cart?.couponCode ? findCouponCached(db, cart.couponCode) : Promise.resolve(null),
    // The member's price list as the catalogue's reads keep it in process (price-list-cache.ts, dropped on
    // every instance when a list changes): the cart shows it; placement reads it again in its transaction.
    cart?.items.length ? cachedPriceList(db, priceListId) : Promise.resolve(null),
  ]);
  const empty = { items: [], gifts: [] };
  const priced = priceCart(cart ?? empty, { coupon, tiers, rules, country, now, priceList });
  let message: string | null = null;
  if (cart?.couponCode && !priced.coupon) {
    message = priced.couponDropped ?? 'Coupon removed';
    await db.cart.updateMany({ where: { id: cart.id, couponCode: cart.couponCode }, data: { couponCode: null } });
  }
  if (cart && priced.droppedGiftIds.length) {
    await db.cartGift.deleteMany({ where: { id: { in: priced.droppedGiftIds }, cartId: cart.id } });
  }
  return toCartDto(cart, priced, message, now);
}

export async function viewById(db: Db, cartId: string, owner: CartOwner | null, now = new Date()) {
  return buildView(db, await readCartRow(db, { id: cartId }), now, priceListOfOwner(owner));
}

/** Why a line cannot go in: the cart's own checks, in the order addItem applies them. */
export type LineRefusal = { reason: 'not_for_sale' | 'out_of_stock' | 'not_enough_stock' | 'bad_quantity'; code: 'CONFLICT' | 'BAD_REQUEST'; message: string };

/**
 * The one rule for adding `quantity` of a variant when the shopper already holds some (in the cart,
 * on earlier lines of the same request): a price for the new quantity, then the variant's order
 * quantity rules on the line's total (shared/domain/quantity-rules.ts), then what can still be added
 * (shared/domain/cart-room.ts: stock, at most MAX_LINE_QUANTITY a line, rounded to the rules). Null
 * when it may be added. Every way into the cart (one add, bulk by SKU, order again, a saved list,
 * setting a line's quantity with nothing else held) goes through it. `rules` is a value so that a
 * company's price list can bring its own; today it is the variant's. The price is the one the owner
 * pays: a company member's price list may price a variant the shop has no price for yet (decision 0193).
 */
function lineRefusal(
  variant: Pick<VariantForAdd, 'id' | 'sizeCode' | 'packSize' | 'priceTiers' | 'onHand' | 'allocated' | 'safetyStock'> & { product: { name: string } },
  held: Held,
  quantity: number,
  rules: QuantityRules,
  priceList: ResolvedPriceList | null,
): LineRefusal | null {
  const tiers = contractTiers(variant.id, variant.priceTiers.map((t) => ({ min_quantity: t.minQuantity, price: t.priceCents })), priceList);
  const total = held.inCart + (held.earlier ?? 0) + quantity;
  const label = variantLabel(variant);
  if (!hasPositivePrice(tiers, total)) return { reason: 'not_for_sale', code: 'CONFLICT', message: notForSaleMessage(label) };
  const broken = quantityRuleRefusal(label, rules, total);
  if (broken) return { reason: 'bad_quantity', code: 'BAD_REQUEST', message: broken };
  const refusal = roomRefusal(label, availableStock(variant), held, quantity, rules);
  return refusal && { ...refusal, code: refusal.reason === 'bad_quantity' ? 'BAD_REQUEST' : 'CONFLICT' };
}

/** Whether the list price leaves some quantity of a variant without a price ("no price yet": no tiers, or a tier of 0). */
const hasUnpricedTier = (v: { priceTiers: readonly { priceCents: number }[] }) => v.priceTiers.length === 0 || v.priceTiers.some((t) => t.priceCents <= 0);

/**
 * The owner's listed prices for the variants the list price does not sell, which only a company's
 * price list can sell them at; read only then (a priced variant's check never needs the list: a
 * percentage off a positive price stays positive), so an ordinary add costs no extra statement.
 */
async function listedPricesForUnpriced(db: Db, owner: CartOwner | null, variants: readonly { id: string; priceTiers: readonly { priceCents: number }[] }[]): Promise<ResolvedPriceList | null> {
  const priceListId = priceListOfOwner(owner);
  if (!priceListId) return null;
  const unpriced = variants.filter(hasUnpricedTier).map((v) => v.id);
  return unpriced.length ? resolvePriceList(db, priceListId, unpriced) : null;
}

export async function addItem(db: Db, ownerOrNull: CartOwner | null, input: z.infer<typeof addToCartInput>, newGuestCart: NewGuestCartCheck) {
  const owner = requireOwner(ownerOrNull);
  // The variant and what this shopper already has of it, in one query.
  const variant = await readVariantForAdd(db, owner, input.variant_id);
  if (!variant) throw notFound('Product variant not found');
  const refusal = lineRefusal(variant, { inCart: variant.inCart }, input.quantity, rulesOf(variant), await listedPricesForUnpriced(db, owner, [variant]));
  if (refusal) throw new AppError(refusal.code, refusal.message);
  await beforeMaking(owner, variant.hasCart, newGuestCart);
  // The cart and the line, each created or updated, and the cart after it: one statement (cart.sql.ts).
  return buildView(db, await addToCart(db, owner, variant.id, input.quantity), new Date(), priceListOfOwner(owner));
}

/** A line asked for by one of the many-line adds; `ref` is the caller's own key (a SKU, an order line). */
export interface WantedLine<R> {
  ref: R;
  /** Null when the caller already knows the variant is gone (an unknown SKU, a deleted variant). */
  variantId: string | null;
  quantity: number;
  /** The variant as readVariantsForAdd reads it, when the caller read it with its lines (null: deleted). */
  variant?: VariantForAdd | null;
}

/**
 * What became of each wanted line; `variant` is set when the variant exists, and `held` is what the
 * shopper held of it before this line (the cart, accepted earlier lines), from which the room left is counted.
 */
export type LineVerdict<R> = { ref: R; quantity: number; variant: VariantForAdd | null; held: Held } & ({ ok: true } | { ok: false; refusal: LineRefusal | null });

/**
 * Checks many lines against the cart in one round: one query reads every variant with what this
 * shopper already has of it (unless the caller read them with its lines), then each line is checked by lineRefusal in order, counting the lines
 * before it that were accepted for the same variant. A line whose variant is unknown has
 * `ok: false` and a null refusal (the caller names the reason: unknown SKU, deleted).
 */
export async function checkLines<R>(db: Db, owner: CartOwner | null, lines: WantedLine<R>[]): Promise<LineVerdict<R>[]> {
  const ids = [...new Set(lines.flatMap((l) => (l.variantId && l.variant === undefined ? [l.variantId] : [])))];
  const variants = new Map((await readVariantsForAdd(db, owner, { ids })).map((v) => [v.id, v]));
  const variantOf = (line: WantedLine<R>) => (line.variant !== undefined ? line.variant : line.variantId ? (variants.get(line.variantId) ?? null) : null);
  const priceList = await listedPricesForUnpriced(db, owner, lines.flatMap((l) => variantOf(l) ?? []));
  const accepted = new Map<string, number>();
  return lines.map((line) => {
    const variant = variantOf(line);
    if (!variant) return { ref: line.ref, quantity: line.quantity, variant: null, held: { inCart: 0 }, ok: false, refusal: null };
    const held = { inCart: variant.inCart, earlier: accepted.get(variant.id) ?? 0 };
    const refusal = lineRefusal(variant, held, line.quantity, rulesOf(variant), priceList);
    if (refusal) return { ref: line.ref, quantity: line.quantity, variant, held, ok: false, refusal };
    accepted.set(variant.id, held.earlier + line.quantity);
    return { ref: line.ref, quantity: line.quantity, variant, held, ok: true };
  });
}

/**
 * Checks many lines (checkLines) and adds every accepted one together in one statement: all of them
 * or, on any failure, none. Answers the verdicts and the cart after it (the cart unchanged when
 * nothing was accepted). Like a single add, it needs no transaction: the check is one read and the
 * add one statement, and the cart holds no stock (placing the order checks it under lock), so a
 * transaction around them would only add two round trips (a 30-line reorder costs what a cart add costs).
 */
export async function addLines<R>(db: Db, ownerOrNull: CartOwner | null, lines: WantedLine<R>[], newGuestCart: NewGuestCartCheck | null) {
  const owner = requireOwner(ownerOrNull);
  const verdicts = await checkLines(db, owner, lines);
  const totals = new Map<string, number>();
  for (const v of verdicts) if (v.ok && v.variant) totals.set(v.variant.id, (totals.get(v.variant.id) ?? 0) + v.quantity);
  // Every accepted line's variant was read with the shopper, so any of them tells whether a cart exists.
  if (totals.size) await beforeMaking(owner, verdicts.some((v) => v.ok && v.variant?.hasCart), newGuestCart);
  const now = new Date();
  const cart = totals.size ? await buildView(db, await addManyToCart(db, owner, [...totals].map(([variantId, quantity]) => ({ variantId, quantity })), now), now, priceListOfOwner(owner)) : await getCart(db, owner);
  return { cart, verdicts };
}

async function ownItem(db: Db, owner: CartOwner | null, itemId: string) {
  const item = owner
    ? await db.cartItem.findFirst({
        where: { id: itemId, cart: 'userId' in owner ? { userId: owner.userId } : { guestId: owner.guestId } },
        select: { id: true, cartId: true, quantity: true, variant: { select: variantCheckSelect } },
      })
    : null;
  // Someone else's item answers exactly like an unknown one.
  if (!item) throw notFound('Cart item not found');
  return item;
}

export async function updateItem(db: Db, owner: CartOwner | null, input: z.infer<typeof updateCartItemInput>) {
  const item = await ownItem(db, owner, input.id);
  if (input.quantity === 0) {
    await db.cartItem.deleteMany({ where: { id: item.id } });
  } else {
    // The line is set to the quantity, not added to: nothing else is held.
    const refusal = lineRefusal(item.variant, { inCart: 0 }, input.quantity, rulesOf(item.variant), await listedPricesForUnpriced(db, owner, [item.variant]));
    if (refusal) throw new AppError(refusal.code, refusal.message);
    await db.cartItem.update({ where: { id: item.id }, data: { quantity: input.quantity } });
  }
  return viewById(db, item.cartId, owner);
}

export async function removeItem(db: Db, owner: CartOwner | null, itemId: string) {
  return updateItem(db, owner, { id: itemId, quantity: 0 });
}

/** Empties the cart: items, coupon and gifts (docs/spec/storefront.md section 4). */
export async function clearCart(db: PrismaClient, owner: CartOwner | null) {
  if (owner) {
    const cart = await db.cart.findUnique({ where: ownerWhere(owner), select: { id: true } });
    if (cart) {
      await batchWrite(db, [
        db.cartItem.deleteMany({ where: { cartId: cart.id } }),
        db.cartGift.deleteMany({ where: { cartId: cart.id } }),
        db.cart.update({ where: { id: cart.id }, data: { couponCode: null } }),
      ]);
    }
  }
  return getCart(db, owner);
}
