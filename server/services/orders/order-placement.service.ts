// Placing an order: one transaction, so stock is never oversold and a failure leaves nothing
// behind. It recomputes every figure from the database, allocates stock with conditional updates
// (nothing is written if any line falls short), records the coupon, the ledger and the order, and
// empties the cart. A cart's order runs on a plain pg connection (sqlUnitOfWork, raw SQL only:
// Prisma's own work per statement was most of an order's CPU, docs/decisions/0148); an accepted
// quote's keeps Prisma's transaction, which its QuotedSource needs. Idempotent per key, so a retried request gets the same order instead of a
// second one. The tax invoice number is given right after the commit, by a statement of its own
// (invoice-numbering.ts), before the shopper is answered.
import { Prisma, type PrismaClient } from '@prisma/client';
import type { z } from 'zod';
import { AppError, badRequest } from '../../../shared/errors';
import { checkCoupon, COUPON_MESSAGES, couponRefusal, normaliseCouponCode } from '../../../shared/domain/coupon';
import { hasPositivePrice, notForSaleMessage } from '../../../shared/domain/pricing';
import { selectionProblem, type GiftSelection } from '../../../shared/domain/gift-tiers';
import { availableStock } from '../../../shared/domain/stock';
import { idempotencyKeySchema, type OrderDto, type placeOrderInput } from '../../../shared/schemas/order.schema';
import { isUniqueViolation } from '../../db/errors';
import { priceCart, tiersOf, type CartLineRow } from '../cart/cart-view';
import { variantLabel } from '../cart/cart.service';
import { orderSelect, toOrderDto, type OrderRow } from './order.mapper';
import { orderPayNowPayload } from './order-payment.service';
import * as sql from './order-placement.sql';
import { PAYMENT_SETTINGS_KEY, paymentOptionsFromSetting } from '../settings/payment-settings.service';
import { SHOP_PROFILE_KEY, shopProfileOf } from '../settings/shop-profile.service';
import { newId } from '../../db/ids';
import { newOrderNumber } from './order-number';
import { couponUses, type FoundCoupon } from '../promotions/promotions.service';
import { normaliseShippingRules, SHIPPING_RULES_KEY } from '../../../shared/domain/shipping';
import type { GiftTierRule } from '../../../shared/domain/gift-tiers';
import { noteCatalogueChanged, noteInvoicesDue, noteSessionsChanged, sqlUnitOfWork, unitOfWork } from '../../db/unit-of-work';
import type { SqlClient } from '../../db/sql-client';
import { numberAfterPlacing } from './invoice-numbering';
import { companyOf } from '../../auth/user.mapper';
import { PACKING_LOW_STOCK } from '../../../shared/constants';
import { lowStockEmail, type LowStockLine } from '../../mail/templates/low-stock';
import { orderConfirmationEmail } from '../../mail/templates/order-confirmation';
import { mailerWith, type MailSettings } from '../../mail/mail.service';
import { ordersPlaced, stockConflicts } from '../../lib/metrics';
import { webhookOrderPlaced } from '../../webhooks/events';
import { couponSession, type CouponAttempts } from '../../auth/coupon-attempts';
import type { StripeSettings } from '../stripe/config';
import { openCheckout } from '../stripe/checkout';

type Input = z.infer<typeof placeOrderInput>;
type Tx = Prisma.TransactionClient;
const SCOPE = 'order';

/** Who places the order: the signed-in customer, with the company the tax invoice bills (if any). */
type Buyer = { id: string; email: string; company?: Prisma.JsonValue };

const companySnapshot = (user: Buyer) => {
  const company = companyOf(user.company ?? null);
  return company ? JSON.stringify(company) : null;
};

export async function placeOrder(
  db: PrismaClient,
  user: Buyer,
  input: Input,
  headerKey: string | null,
  mail: MailSettings,
  guard?: { attempts: CouponAttempts; ip: string },
  quote?: QuotedSource,
  stripe?: StripeSettings | null,
) {
  const key = input.idempotency_key ?? (headerKey == null ? null : idempotencyKeySchema.parse(headerKey));
  // A code sent with the order is one more door for guessing (server/auth/coupon-attempts.ts).
  const caller = { ip: guard?.ip ?? 'unknown', session: couponSession(user.id, null) };
  if (guard && input.coupon_code?.trim()) guard.attempts.assertAllowed(caller);
  try {
    // No lookup of the key first: the transaction claims it as its first write, and a key that was
    // already used fails that claim as a unique violation, answered below with the order it made.
    // The outbox and webhooks note themselves as placeInTx writes them.
    const place = <C extends SqlClient>(tx: C, source?: QuotedSource<C>) => {
      // Every order allocates stock, counts units sold and may use up a coupon (its statements
      // are hand-written SQL, past the ledger's note); the catalogue change drops the promotion
      // cache too.
      noteCatalogueChanged(tx, 'stock');
      // The order may record the user's last used address, which their session carries.
      noteSessionsChanged(tx, { userId: user.id });
      // The order is written due for its invoice number, given once it has committed and before
      // the unit of work returns (invoice-numbering.ts, subscribed in server/after-commit.ts).
      noteInvoicesDue(tx);
      return placeInTx(tx, user, input, key, mail, source);
    };
    const limits = { maxWait: 10_000, timeout: 20_000 };
    const order = quote ? await unitOfWork(db, (tx) => place(tx, quote), limits) : await sqlUnitOfWork(db, (tx) => place(tx), limits);
    ordersPlaced.inc();
    return await withCheckout(db, order, stripe, mail);
  } catch (err) {
    if (guard && err instanceof AppError && err.message === COUPON_MESSAGES.invalid) await guard.attempts.failed(caller);
    // The key was used before, or by a concurrent request that made the order: answer with that order.
    if (key && isUniqueViolation(err)) {
      const done = await orderForKey(db, user.id, key);
      if (done) {
        // The first attempt may have died between its commit and its numbering.
        await numberAfterPlacing(db);
        return await withCheckout(db, done, stripe, mail);
      }
    }
    throw err;
  }
}

/**
 * With Stripe on, the order's hosted payment page, opened after the commit (never inside the
 * order's transaction: decision 0165). A Stripe failure leaves payment_url null and the order
 * placed; it is retried by the catch-up pass and POST /orders/{id}/pay. A retried request whose
 * order already has its page answers it as it is.
 */
async function withCheckout(db: PrismaClient, order: OrderDto, stripe: StripeSettings | null | undefined, mail: MailSettings): Promise<OrderDto> {
  if (!stripe || order.status !== 'pending' || order.payment_url) return order;
  const opened = await openCheckout(db, stripe, mail.publicUrl, order.id);
  return opened.state === 'open' ? { ...order, payment_url: opened.url, payment_state: 'awaiting_payment' } : order;
}

async function orderForKey(db: PrismaClient, userId: string, key: string) {
  const row = await db.idempotencyKey.findUnique({
    where: { scope_owner_key: { scope: SCOPE, owner: userId, key } },
    select: { order: { select: orderSelect } },
  });
  return row?.order ? toOrderDto(row.order) : null;
}

/**
 * An accepted quote (server/services/quotes/): the order is made of its lines at its prices instead
 * of the cart, and every other rule of placing an order (the key, stock, GST, the outbox, webhooks,
 * the invoice number) stays this file's. The cart is not read here (a quote asked for on the cart
 * takes its lines out of it in `accepted`, decision 0180); a quote has no coupon or gifts.
 */
export interface QuotedSource<C = Tx> {
  /** Locks the quote, checks it can be accepted now, and answers its lines with the quoted prices. */
  take(tx: C, now: Date): Promise<{ items: CartLineRow[]; unitCents: number[]; shippingCents: number }>;
  /** Marks the quote accepted by this order, in the order's transaction (once: the row is locked). */
  accepted(tx: C, order: OrderRow, now: Date): Promise<void>;
}

const SETTING_KEYS = [SHIPPING_RULES_KEY, SHOP_PROFILE_KEY, PAYMENT_SETTINGS_KEY];

/**
 * The cart, locked, or a quote's lines, and the rules the order is priced by, read fresh in the
 * transaction; with the idempotency key claimed first either way.
 */
async function linesToPlace<C extends SqlClient>(tx: C, userId: string, key: string | null, input: Input, quote: QuotedSource<C> | undefined, now: Date) {
  const sent = input.coupon_code?.trim();
  // This shopper's rows: the idempotency key is claimed and the cart locked, with the rules, in one
  // statement; then the cart read as it is now. Nothing here is shared with other shoppers' orders.
  const rules = await sql.claimAndReadRules(tx, { userId, key, lockCart: !quote, code: !quote && sent ? normaliseCouponCode(sent) : null, settingKeys: SETTING_KEYS });
  const settings = rules.settings ?? {};
  const read = {
    tiers: rules.tiers satisfies GiftTierRule[],
    shipping: normaliseShippingRules(settings[SHIPPING_RULES_KEY] ?? null),
    shop: shopProfileOf(settings[SHOP_PROFILE_KEY]),
    payOptions: paymentOptionsFromSetting(settings[PAYMENT_SETTINGS_KEY]),
    coupon: rules.coupon satisfies FoundCoupon | null,
  };
  if (quote) {
    const q = await quote.take(tx, now);
    return { ...read, cart: { id: null, couponCode: null, items: q.items, gifts: [] }, quoted: { unitCents: q.unitCents, shippingCents: q.shippingCents } };
  }
  if (!rules.cartId) throw badRequest('Your cart is empty');
  const cart = await sql.readCart(tx, rules.cartId);
  if (cart.items.length === 0) throw badRequest('Your cart is empty');
  // A price may have been set to 0 after the line was carted: nothing is sold for nothing.
  const unpriced = cart.items.find((l) => !hasPositivePrice(tiersOf(l), l.quantity));
  if (unpriced) throw new AppError('CONFLICT', notForSaleMessage(variantLabel(unpriced.variant)));
  return { ...read, cart, quoted: undefined };
}

async function placeInTx<C extends SqlClient>(tx: C, user: Buyer, input: Input, key: string | null, mail: MailSettings, quote?: QuotedSource<C>) {
  const now = new Date();
  const userId = user.id;
  // 1. This shopper's rows (the cart or the quote), locked and read as they are now, and the rules.
  const { cart, quoted, tiers, shipping: rules, shop, payOptions, coupon: found } = await linesToPlace(tx, userId, key, input, quote, now);

  const address = input.shipping_address;
  const code = quoted ? null : input.coupon_code?.trim() || cart.couponCode || null;
  const coupon = code ? found : null;
  const m = mailerWith(tx, mail, shop);
  const priced = priceCart(cart, { coupon, tiers: quoted ? [] : tiers, rules, country: address.country, now, quoted });
  if (code) {
    const check = checkCoupon(coupon, priced.totals.subtotalCents, now);
    if (!check.valid) throw couponRefusal(check);
  }

  const selections = input.selected_gifts ? assignGifts(priced.available, input.selected_gifts) : priced.selections;
  const problem = selectionProblem(priced.available, selections);
  if (problem) throw badRequest(problem);

  // 2. The order, its lines, gifts and first timeline entry; the cart removed, the key and the
  // address remembered: one statement. The answer is built here from what was written.
  const giftById = new Map(tiers.flatMap((t) => t.items.map((g) => [g.id, g] as const)));
  const tierName = new Map(tiers.map((x) => [x.id, x.name]));
  const t = priced.totals;
  const order: OrderRow = {
    id: newId(),
    orderNumber: newOrderNumber(now),
    createdAt: now,
    status: 'pending',
    paymentMethod: 'stripe',
    subtotalCents: t.subtotalCents,
    discountCents: t.discountCents,
    shippingCents: t.shippingCents,
    gstCents: t.gstCents,
    totalCents: t.totalCents,
    totalWeightGrams: t.totalWeightGrams,
    couponCode: priced.coupon?.code ?? null,
    shipFullName: address.fullName,
    shipPhone: address.phone,
    shipLine1: address.addressLine1,
    shipLine2: address.addressLine2 || null,
    shipUnit: address.unit || null,
    shipPostalCode: address.postalCode,
    shipCity: address.city,
    shipState: address.state,
    shipCountry: address.country,
    trackingNumber: null,
    courier: null,
    items: cart.items.map((l, i) => ({
      variantId: l.variant.id,
      productId: l.variant.product.id,
      productName: l.variant.product.name,
      sku: l.variant.sku,
      attributes: { size: l.variant.sizeCode, color: l.variant.color, pack_size: l.variant.packSize, type: l.variant.type },
      productImage: l.variant.product.images[0]?.url ?? null,
      unitPriceCents: t.lines[i].unitPriceCents,
      quantity: l.quantity,
      lineTotalCents: t.lines[i].lineTotalCents,
    })),
    gifts: selections.map((s) => ({ giftItemId: s.giftId, giftName: giftById.get(s.giftId)?.name ?? '', tierName: tierName.get(s.tierId) ?? null, quantity: 1 })),
    // A new order has no checkout yet (it is opened after the commit), no refunds, no credit notes.
    checkoutUrl: null,
    checkoutState: null,
    refundedCents: 0,
    refunds: [],
    creditNotes: [],
  };
  await sql.writeOrder(tx, {
    id: order.id,
    orderNumber: order.orderNumber,
    userId,
    email: user.email,
    createdAt: now,
    totals: t,
    couponCode: order.couponCode,
    // The invoice bills the company as it was when the order was placed, not as it is edited later.
    buyerCompany: companySnapshot(user),
    ship: {
      fullName: order.shipFullName,
      phone: order.shipPhone,
      line1: order.shipLine1,
      line2: order.shipLine2,
      unit: order.shipUnit,
      postalCode: order.shipPostalCode,
      city: order.shipCity,
      state: order.shipState,
      country: order.shipCountry,
    },
    // Ids made in line order: the order's lines read back "ORDER BY id" in the cart's order.
    items: order.items.map((i) => ({ id: newId(), ...i, attributes: i.attributes as Record<string, unknown> })),
    gifts: selections.map((s, i) => ({ id: newId(), tierId: s.tierId, ...order.gifts[i] })),
    cartId: cart.id,
    key,
    addressId: input.address_id ?? null,
  });
  if (quote) await quote.accepted(tx, order, now);
  const dto = toOrderDto(order);

  // 3. What the order sends, written in this transaction so that it exists exactly when the order
  // does: nothing is mailed for an order that rolled back, and nothing committed is lost. Another
  // outbox write for the new order belongs next to this one.
  const payment = { options: payOptions, paynowPayload: payOptions.paynow ? orderPayNowPayload(payOptions.paynow, order) : null };
  await m.queue('order_confirmation', user.email, orderConfirmationEmail(m.ctx, dto, now, payment), order.id);

  // 4. Shared rows, locked from here to the commit, so this part is two statements: the variants
  // locked in id order and checked, then allocated (with their ledger rows, and the products locked
  // in id order and their units sold added), then gifts and a limited coupon when the order has
  // them. Every order locks variants, products, gifts and a limited coupon in that order: no deadlocks.
  const locked = new Map((await sql.lockVariants(tx, cart.items.map((l) => l.variant.id))).map((v) => [v.id, v]));
  const lines = [...cart.items].sort((a, b) => (a.variant.id < b.variant.id ? -1 : 1));
  for (const line of lines) {
    const v = locked.get(line.variant.id);
    const left = v ? availableStock(v) : 0;
    if (left < line.quantity) {
      const label = variantLabel(line.variant);
      stockConflicts.inc();
      throw new AppError('CONFLICT', left > 0 ? `Sorry, only ${left} left of ${label}` : `Sorry, ${label} is out of stock`);
    }
  }
  const allocated = await sql.allocateLockedVariants(
    tx,
    lines.map((l) => ({ variantId: l.variant.id, productId: l.variant.product.id, quantity: l.quantity, sku: l.variant.sku })),
    { userId, orderId: order.id },
  );
  // Staff hear about a variant once, when an order takes it across the threshold, not on every order below it.
  const lowStock: LowStockLine[] = [];
  for (const line of lines) {
    const available = availableStock({ ...locked.get(line.variant.id)!, allocated: allocated.get(line.variant.id)! });
    if (available <= PACKING_LOW_STOCK && available + line.quantity > PACKING_LOW_STOCK) {
      lowStock.push({ sku: line.variant.sku, name: line.variant.product.name, available });
    }
  }
  if (lowStock.length) await m.queue('low_stock', m.staffEmail, lowStockEmail(m.ctx, lowStock, order.orderNumber), order.id);
  await webhookOrderPlaced(tx, order, user.email, lowStock);
  await allocateGifts(tx, selections, giftById, { userId, orderId: order.id });
  if (coupon && priced.coupon) await redeemCoupon(tx, coupon, { orderId: order.id, userId, email: user.email, discountCents: t.discountCents });
  return dto;
}

/**
 * One use of the coupon, recorded with the order. A coupon with a limit is locked first (orders
 * using it queue here until they commit, after variants, products and gifts: the same order for
 * every order, so no deadlocks) and its uses counted in the next statement, which under READ
 * COMMITTED sees every use committed before the lock was granted: two orders at once cannot both
 * take the last use (docs/decisions/0007-coupon-usage-limits.md).
 */
async function redeemCoupon(tx: SqlClient, coupon: FoundCoupon, use: { orderId: string; userId: string; email: string; discountCents: number }) {
  if (coupon.usageLimit != null || coupon.usageLimitPerCustomer != null) {
    await sql.lockCoupon(tx, coupon.id);
    const used = await couponUses(tx, coupon.id, use.email);
    if (coupon.usageLimit != null && used.total >= coupon.usageLimit) throw new AppError('CONFLICT', COUPON_MESSAGES.usedUp);
    if (coupon.usageLimitPerCustomer != null && used.byCustomer >= coupon.usageLimitPerCustomer) throw new AppError('CONFLICT', COUPON_MESSAGES.usedByCustomer);
  }
  await sql.recordCouponUse(tx, { couponId: coupon.id, orderId: use.orderId, userId: use.userId, discountCents: use.discountCents });
}

/** Gift stock, one conditional update (with its ledger row) per chosen gift in id order (gifts are few and rare). */
async function allocateGifts(tx: SqlClient, selections: GiftSelection[], giftById: Map<string, { name: string }>, ref: { userId: string; orderId: string }) {
  for (const s of [...selections].sort((a, b) => (a.giftId < b.giftId ? -1 : 1))) {
    if ((await sql.allocateGift(tx, s.giftId, ref)) === null) {
      stockConflicts.inc();
      throw new AppError('CONFLICT', `Sorry, ${giftById.get(s.giftId)?.name ?? 'this gift'} has just run out. Please choose another gift.`);
    }
  }
}

/** Gift ids from the request, each put in the lowest reached tier that still has room for it. */
function assignGifts(available: ReturnType<typeof priceCart>['available'], giftIds: string[]): GiftSelection[] {
  const used = new Map<string, number>();
  return giftIds.map((giftId) => {
    const tier = available.find((t) => t.gift_items.some((g) => g.id === giftId) && (used.get(t.id) ?? 0) < t.gift_limit);
    const tierId = tier?.id ?? available.find((t) => t.gift_items.some((g) => g.id === giftId))?.id ?? 'none';
    used.set(tierId, (used.get(tierId) ?? 0) + 1);
    return { tierId, giftId };
  });
}
