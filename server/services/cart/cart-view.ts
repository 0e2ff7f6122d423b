// Builds the whole-cart answer (docs/spec/storefront.md section 3) from the database, with every figure
// recomputed: tier prices, shipping, GST, the coupon (revalidated) and the gifts (pruned).
import type { Prisma } from '@prisma/client';
import type { Country } from '../../../shared/constants';
import { cartTotals, type CartTotals } from '../../../shared/domain/cart-totals';
import { checkCoupon, COUPON_MESSAGES, type CouponRule } from '../../../shared/domain/coupon';
import { deliveryEstimate } from '../../../shared/domain/delivery-estimate';
import {
  availableGiftTiers,
  keepValidSelections,
  nearbyGiftTiers,
  type AvailableTier,
  type GiftSelection,
  type GiftTierRule,
} from '../../../shared/domain/gift-tiers';
import { giftTierDto } from '../promotions/gift-tier-dto';
import { toDollars } from '../../../shared/domain/money';
import { contractTiers, type ResolvedPriceList } from '../../../shared/domain/price-list';
import { availableStock } from '../../../shared/domain/stock';
import { rulesDto } from '../catalogue/product.select';
import type { CartDto } from '../../../shared/schemas/cart.schema';
import type { ShippingRules } from '../../../shared/domain/shipping';
import { quantityRulesSelect, stockColumnsSelect } from '../catalogue/product.select';


// The shape every cart answer is built from. The reads themselves are SQL (cart.sql.ts, and
// order-placement.sql.ts under the order's lock) folded into this type, so this select stays the one
// definition of what a cart row holds.
/** A cart line's variant: what pricing, stock and an order line need (quotes read their lines' variants so too). */
export const cartVariantSelect = {
  id: true,
  sku: true,
  type: true,
  color: true,
  sizeCode: true,
  packSize: true,
  weightGrams: true,
  ...stockColumnsSelect,
  ...quantityRulesSelect,
  priceTiers: { select: { minQuantity: true, priceCents: true } },
  product: { select: { id: true, name: true, images: { select: { url: true }, orderBy: { position: 'asc' }, take: 1 } } },
} satisfies Prisma.VariantSelect;

// eslint-disable-next-line @typescript-eslint/no-unused-vars -- a value only for CartRow's type: satisfies checks it against Prisma
const cartSelect = {
  id: true,
  couponCode: true,
  items: {
    orderBy: { createdAt: 'asc' },
    select: {
      id: true,
      quantity: true,
      variant: { select: cartVariantSelect },
    },
  },
  gifts: { orderBy: { createdAt: 'asc' }, select: { id: true, tierId: true, giftItemId: true } },
} satisfies Prisma.CartSelect;

export type CartRow = Prisma.CartGetPayload<{ select: typeof cartSelect }>;
export type CartLineRow = CartRow['items'][number];

export interface PricedCart {
  totals: CartTotals;
  coupon: (CouponRule & { id: string }) | null;
  /** Why the stored coupon no longer applies (null when it does or there was none). */
  couponDropped: string | null;
  available: AvailableTier[];
  selections: GiftSelection[];
  /** Stored gift rows that are no longer allowed. */
  droppedGiftIds: string[];
  tiers: GiftTierRule[];
}

/** A line's tiers in cents: the list's, or the company's contract tiers (shared/domain/price-list.ts). */
export const tiersOf = (line: Pick<CartLineRow, 'variant'>, priceList: ResolvedPriceList | null = null) =>
  contractTiers(line.variant.id, line.variant.priceTiers.map((t) => ({ min_quantity: t.minQuantity, price: t.priceCents })), priceList);

/** Prices a cart. Pure given its inputs; the order uses the same function with the address's country. */
export function priceCart(
  cart: Pick<CartRow, 'items' | 'gifts'>,
  ctx: {
    coupon: (CouponRule & { id: string }) | null;
    tiers: GiftTierRule[];
    rules: ShippingRules;
    country: Country;
    now: Date;
    /** The buyer's company's price list (decision 0193); null or absent for the list price. */
    priceList?: ResolvedPriceList | null;
    /** An accepted quote's prices, line by line, and its shipping fee: charged instead of the tiers and rules. */
    quoted?: { unitCents: number[]; shippingCents: number };
  },
): PricedCart {
  let couponDropped: string | null = null;
  let coupon = ctx.coupon;
  const totals = cartTotals(
    cart.items.map((l, i) => ({ quantity: l.quantity, weightGrams: l.variant.weightGrams, tiers: tiersOf(l, ctx.priceList ?? null), quotedUnitCents: ctx.quoted?.unitCents[i] })),
    {
      rules: ctx.rules,
      country: ctx.country,
      quotedShippingCents: ctx.quoted?.shippingCents,
      discount: (subtotal) => {
        if (!coupon) return 0;
        const check = checkCoupon(coupon, subtotal, ctx.now);
        if (check.valid) return check.discountCents;
        couponDropped = check.reason === 'unknown' || subtotal === 0 ? 'Coupon removed' : couponRemovedMessage(check.error);
        coupon = null;
        return 0;
      },
    },
  );
  const available = availableGiftTiers(ctx.tiers, totals.subtotalCents);
  const stored = cart.gifts.map((g) => ({ tierId: g.tierId, giftId: g.giftItemId, rowId: g.id }));
  const selections = keepValidSelections(available, stored);
  const keptIds = new Set(selections.map((s) => (s as (typeof stored)[number]).rowId));
  return {
    totals,
    coupon,
    couponDropped,
    available,
    selections: selections.map(({ tierId, giftId }) => ({ tierId, giftId })),
    droppedGiftIds: stored.filter((s) => !keptIds.has(s.rowId)).map((s) => s.rowId),
    tiers: ctx.tiers,
  };
}

function couponRemovedMessage(error: string): string {
  return error.startsWith('This coupon needs a minimum') ? COUPON_MESSAGES.noLongerQualifies : `Coupon removed: ${error.charAt(0).toLowerCase()}${error.slice(1)}`;
}

export function toCartDto(cart: Pick<CartRow, 'items'> | null, priced: PricedCart, couponMessage: string | null, now: Date): CartDto {
  const t = priced.totals;
  const giftById = new Map(priced.tiers.flatMap((tier) => tier.items.map((g) => [g.id, g] as const)));
  const estimate = deliveryEstimate(now);
  return {
    items: (cart?.items ?? []).map((l, i) => ({
      id: l.id,
      variant_id: l.variant.id,
      product_id: l.variant.product.id,
      product_name: l.variant.product.name,
      product_image: l.variant.product.images[0]?.url ?? null,
      attributes: { size: l.variant.sizeCode, color: l.variant.color, pack_size: l.variant.packSize, type: l.variant.type },
      sku: l.variant.sku,
      price: toDollars(t.lines[i].unitPriceCents),
      quantity: l.quantity,
      line_total: toDollars(t.lines[i].lineTotalCents),
      available: availableStock(l.variant),
      ...rulesDto(l.variant),
    })),
    subtotal: toDollars(t.subtotalCents),
    shipping_fee: toDollars(t.shippingCents),
    gst: toDollars(t.gstCents),
    total: toDollars(t.totalCents),
    total_weight_grams: t.totalWeightGrams,
    delivery_estimate: estimate.label,
    delivery_window: { earliest_date: estimate.earliest_date, latest_date: estimate.latest_date },
    applied_coupon: priced.coupon
      ? { code: priced.coupon.code, type: priced.coupon.type, value: priced.coupon.type === 'percent' ? priced.coupon.value / 100 : toDollars(priced.coupon.value) }
      : null,
    discount: toDollars(t.discountCents),
    coupon_message: couponMessage,
    available_gift_tiers: priced.available.map(giftTierDto),
    selected_gifts: priced.selections.map((s) => {
      const g = giftById.get(s.giftId);
      return { tier_id: s.tierId, gift_id: s.giftId, name: g?.name ?? '', image_url: g?.imageUrl ?? null };
    }),
    // Always sent; the storefront shows them only while no gifts are available yet.
    nearby_gift_tiers: nearbyGiftTiers(priced.tiers, t.subtotalCents).map((n) => ({
      tier_id: n.tier_id,
      tier_name: n.tier_name,
      amount_needed: toDollars(n.amount_needed_cents),
      gift_count: n.gift_count,
      spending_threshold: toDollars(n.spending_threshold_cents),
      progress: n.progress_percent,
    })),
    item_count: t.itemCount,
  };
}
