// Placing an order (design.md section 4): one transaction that recomputes every figure from the
// database, allocates stock with conditional updates (nothing is written if any line falls short),
// records the coupon, the ledger and the order, and empties the cart. Idempotent per key.
import { Prisma, type PrismaClient } from '@prisma/client';
import type { z } from 'zod';
import { AppError, badRequest } from '../../shared/errors';
import { checkCoupon } from '../../shared/domain/coupon';
import { hasPositivePrice, notForSaleMessage } from '../../shared/domain/pricing';
import { selectionProblem, type GiftSelection } from '../../shared/domain/gift-tiers';
import { availableStock } from '../../shared/domain/stock';
import { idempotencyKeySchema, type placeOrderInput } from '../../shared/schemas/order.schema';
import { isUniqueViolation } from '../db/errors';
import { catalogChanged } from '../lib/catalog-events';
import { cartSelect, priceCart, tiersOf } from './cart-view';
import { variantLabel } from './cart.service';
import { writeLedger, type LedgerEntry } from './ledger';
import { orderSelect, toOrderDto } from './order.mapper';
import { orderPayNowPayload } from './order-payment.service';
import { getPaymentOptions } from './payment-settings.service';
import { newOrderNumber } from './order-number';
import { loadGiftTiers } from './gift-tier-rules';
import { findCoupon } from './promotions.service';
import { loadShippingRules } from './shipping-rules.service';
import { withWriteLock } from './write-lock';
import { sessionsChanged } from '../auth/session-cache';
import { PACKING_LOW_STOCK } from '../../shared/constants';
import { lowStockEmail, type LowStockLine } from '../mail/templates/low-stock';
import { orderConfirmationEmail } from '../mail/templates/order-confirmation';
import { wakeOutbox } from '../outbox/outbox';
import { mailer, type MailSettings } from './mail.service';
import { recordStatusEvent } from './order-history';
import { ordersPlaced, stockConflicts } from '../lib/metrics';
import { webhookOrderPlaced } from '../webhooks/events';

type Input = z.infer<typeof placeOrderInput>;
type Tx = Prisma.TransactionClient;
const SCOPE = 'order';

export async function placeOrder(db: PrismaClient, user: { id: string; email: string }, input: Input, headerKey: string | null, mail: MailSettings) {
  const key = input.idempotency_key ?? (headerKey == null ? null : idempotencyKeySchema.parse(headerKey));
  if (key) {
    const done = await orderForKey(db, user.id, key);
    if (done) return done;
  }
  try {
    const order = await withWriteLock(db, () =>
      db.$transaction((tx) => placeInTx(tx, user, input, key, mail), { maxWait: 10_000, timeout: 20_000 }),
    );
    catalogChanged('stock');
    // The order may have recorded the user's last used address, which their session carries.
    sessionsChanged(db, { userId: user.id });
    wakeOutbox();
    ordersPlaced.inc();
    return toOrderDto(order);
  } catch (err) {
    // The same key placed concurrently: the other request made the order; answer with it.
    if (key && isUniqueViolation(err)) {
      const done = await orderForKey(db, user.id, key);
      if (done) return done;
    }
    throw err;
  }
}

async function orderForKey(db: PrismaClient, userId: string, key: string) {
  const row = await db.idempotencyKey.findUnique({
    where: { scope_owner_key: { scope: SCOPE, owner: userId, key } },
    select: { order: { select: orderSelect } },
  });
  return row?.order ? toOrderDto(row.order) : null;
}

async function placeInTx(tx: Tx, user: { id: string; email: string }, input: Input, key: string | null, mail: MailSettings) {
  const now = new Date();
  const userId = user.id;
  // Claimed first: a concurrent duplicate waits on this row and then fails as a unique violation.
  const claim = key ? await tx.idempotencyKey.create({ data: { scope: SCOPE, owner: userId, key }, select: { id: true } }) : null;

  // Two tabs placing the same cart: the second waits on this lock, then finds the cart emptied.
  const [cartRef] = await tx.$queryRaw<{ id: string }[]>`SELECT "id" FROM "Cart" WHERE "userId" = ${userId} FOR UPDATE`;
  if (!cartRef) throw badRequest('Your cart is empty');
  const cart = await tx.cart.findUniqueOrThrow({ where: { id: cartRef.id }, select: { ...cartSelect, couponCode: true } });
  if (cart.items.length === 0) throw badRequest('Your cart is empty');
  // A price may have been set to 0 after the line was carted: nothing is sold for nothing.
  const unpriced = cart.items.find((l) => !hasPositivePrice(tiersOf(l), l.quantity));
  if (unpriced) throw new AppError('CONFLICT', notForSaleMessage(variantLabel(unpriced.variant)));

  const address = input.shipping_address;
  const code = input.coupon_code?.trim() || cart.couponCode || null;
  const [tiers, rules, coupon] = await Promise.all([loadGiftTiers(tx), loadShippingRules(tx), code ? findCoupon(tx, code) : null]);
  const priced = priceCart(cart, { coupon, tiers, rules, country: address.country, now });
  if (code) {
    const check = checkCoupon(coupon, priced.totals.subtotalCents, now);
    if (!check.valid) throw badRequest(check.error);
  }

  const selections = input.selected_gifts ? assignGifts(priced.available, input.selected_gifts) : priced.selections;
  const problem = selectionProblem(priced.available, selections);
  if (problem) throw badRequest(problem);

  const giftById = new Map(tiers.flatMap((t) => t.items.map((g) => [g.id, g] as const)));
  const t = priced.totals;
  const tierName = new Map(tiers.map((x) => [x.id, x.name]));
  const order = await tx.order.create({
    data: {
      orderNumber: newOrderNumber(now),
      userId,
      email: user.email,
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
      items: {
        createMany: {
          data: cart.items.map((l, i) => ({
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
        },
      },
      gifts: {
        createMany: {
          data: selections.map((s) => ({ giftItemId: s.giftId, giftName: giftById.get(s.giftId)?.name ?? '', tierId: s.tierId, tierName: tierName.get(s.tierId) ?? null, quantity: 1 })),
        },
      },
    },
    // The answer is read inside the transaction: no second round trip after commit.
    select: orderSelect,
  });

  // Deleting the cart row empties it in one statement (items and gifts cascade, the coupon goes with
  // it); a second tab waiting on the row lock above then finds no cart. The next add makes a new one.
  await tx.cart.delete({ where: { id: cart.id } });
  if (claim) await tx.idempotencyKey.update({ where: { id: claim.id }, data: { orderId: order.id } });
  await recordLastUsedAddress(tx, userId, input);

  // Everything above locks only this shopper's rows. From here to the commit the stock rows are
  // locked, and concurrent orders for the same items queue on them: keep this part short.
  // Rows are locked in one order (by id) so that concurrent orders never deadlock.
  const ledger: LedgerEntry[] = [];
  const lowStock: LowStockLine[] = [];
  const lines = [...cart.items].sort((a, b) => (a.variant.id < b.variant.id ? -1 : 1));
  for (const line of lines) {
    const q = line.quantity;
    const rows = await tx.$queryRaw<{ allocated: number; available: number }[]>`
      UPDATE "Variant" SET "allocated" = "allocated" + ${q}, "updatedAt" = NOW()
      WHERE "id" = ${line.variant.id} AND "onHand" - "allocated" - "safetyStock" >= ${q}
      RETURNING "allocated", "onHand" - "allocated" - "safetyStock" AS "available"`;
    if (rows.length === 0) {
      const now = await tx.variant.findUnique({ where: { id: line.variant.id }, select: { onHand: true, allocated: true, safetyStock: true } });
      const left = now ? availableStock(now) : 0;
      const label = variantLabel(line.variant);
      stockConflicts.inc();
      throw new AppError('CONFLICT', left > 0 ? `Sorry, only ${left} left of ${label}` : `Sorry, ${label} is out of stock`);
    }
    const after = Number(rows[0].allocated);
    ledger.push({ variantId: line.variant.id, subject: line.variant.sku, field: 'allocated', reason: 'order_placed', before: after - q, after, userId, orderId: order.id });
    // Staff hear about a variant once, when an order takes it across the threshold, not on every order below it.
    const available = Number(rows[0].available);
    if (available <= PACKING_LOW_STOCK && available + q > PACKING_LOW_STOCK) {
      lowStock.push({ sku: line.variant.sku, name: line.variant.product.name, available });
    }
  }
  for (const s of [...selections].sort((a, b) => (a.giftId < b.giftId ? -1 : 1))) {
    const rows = await tx.$queryRaw<{ allocated: number }[]>`
      UPDATE "GiftItem" SET "allocated" = "allocated" + 1, "updatedAt" = NOW()
      WHERE "id" = ${s.giftId} AND "isActive" = true AND "stockQuantity" - "allocated" >= 1
      RETURNING "allocated"`;
    const name = giftById.get(s.giftId)?.name ?? 'this gift';
    if (rows.length === 0) {
      stockConflicts.inc();
      throw new AppError('CONFLICT', `Sorry, ${name} has just run out. Please choose another gift.`);
    }
    const after = Number(rows[0].allocated);
    ledger.push({ giftItemId: s.giftId, subject: name, field: 'allocated', reason: 'order_placed', before: after - 1, after, userId, orderId: order.id });
  }

  await writeLedger(tx, ledger);
  await recordStatusEvent(tx, { orderId: order.id, from: null, to: 'pending', userId, actorRole: 'customer' });
  // The e-mails are written in this transaction: an order is never committed without them.
  const m = await mailer(tx, mail);
  const payOptions = await getPaymentOptions(tx);
  const payment = { options: payOptions, paynowPayload: payOptions.paynow ? orderPayNowPayload(payOptions.paynow, order) : null };
  await m.queue('order_confirmation', user.email, orderConfirmationEmail(m.ctx, toOrderDto(order), now, payment), order.id);
  if (lowStock.length) await m.queue('low_stock', m.staffEmail, lowStockEmail(m.ctx, lowStock, order.orderNumber), order.id);
  await webhookOrderPlaced(tx, order, user.email, lowStock);
  if (priced.coupon && t.discountCents > 0) {
    await tx.couponRedemption.create({ data: { couponId: priced.coupon.id, orderId: order.id, userId, discountCents: t.discountCents } });
  }
  const soldByProduct = new Map<string, number>();
  for (const l of cart.items) soldByProduct.set(l.variant.product.id, (soldByProduct.get(l.variant.product.id) ?? 0) + l.quantity);
  for (const [productId, qty] of [...soldByProduct].sort(([x], [y]) => (x < y ? -1 : 1))) {
    await tx.$executeRaw`UPDATE "Product" SET "unitsSold" = "unitsSold" + ${qty} WHERE "id" = ${productId}`;
  }
  // Last, because every order queues on this one row until it commits: the invoice number comes
  // from a counter in this transaction, so a rolled-back order leaves no gap in the sequence.
  const [counter] = await tx.$queryRaw<{ value: number }[]>`
    INSERT INTO "Counter" ("name", "value") VALUES ('invoice', 1)
    ON CONFLICT ("name") DO UPDATE SET "value" = "Counter"."value" + 1
    RETURNING "value"`;
  await tx.order.update({ where: { id: order.id }, data: { invoiceNumber: Number(counter.value) }, select: { id: true } });
  return order;
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

async function recordLastUsedAddress(tx: Tx, userId: string, input: Input) {
  const a = input.shipping_address;
  const saved = input.address_id
    ? await tx.address.findFirst({ where: { id: input.address_id, userId }, select: { id: true } })
    : await tx.address.findFirst({
        where: { userId, addressLine1: a.addressLine1, postalCode: a.postalCode, country: a.country, fullName: a.fullName },
        select: { id: true },
      });
  if (saved) await tx.user.update({ where: { id: userId }, data: { lastUsedAddressId: saved.id } });
}
