// Step 3: the order, its lines, gifts and first timeline entry; the cart removed, the key and the
// address remembered: one statement, touching only this shopper's rows. The answer is built here
// from what was written. An accepted quote is marked accepted by the same order.
import { newId } from '../../../db/ids';
import type { SqlClient } from '../../../db/sql-client';
import { companyDetailsOf } from '../../../auth/user.mapper';
import type { OrderRow } from '../order.mapper';
import { shipColumnsOf } from '../ship-address';
import { newOrderNumber } from '../order-number';
import { writeOrder } from './create-order.sql';
import type { OnAccount } from './on-account.step';
import type { Buyer, PlaceOrderInput, QuotedSource } from './placement.types';
import type { PricedOrder } from './price-order.step';
import type { LinesToPlace } from './read-lines.step';

export async function createOrderStep<C extends SqlClient>(
  tx: C,
  user: Buyer,
  input: PlaceOrderInput,
  key: string | null,
  { cart, tiers }: LinesToPlace,
  { priced, selections }: PricedOrder,
  now: Date,
  quote: QuotedSource<C> | undefined,
  /** Paid on invoice: confirmed at once (processing, stock allocated as for a paid order), owed by its due day. */
  onAccount: OnAccount | null,
): Promise<OrderRow> {
  const ship = shipColumnsOf(input.shipping_address);
  const giftById = new Map(tiers.flatMap((t) => t.items.map((g) => [g.id, g] as const)));
  const tierName = new Map(tiers.map((x) => [x.id, x.name]));
  const t = priced.totals;
  const order: OrderRow = {
    id: newId(),
    orderNumber: newOrderNumber(now),
    createdAt: now,
    status: onAccount ? 'processing' : 'pending',
    paymentMethod: onAccount ? 'invoice' : 'stripe',
    poNumber: onAccount?.poNumber ?? null,
    dueDate: onAccount ? new Date(`${onAccount.dueDay}T00:00:00Z`) : null,
    paidCents: 0,
    subtotalCents: t.subtotalCents,
    discountCents: t.discountCents,
    shippingCents: t.shippingCents,
    gstCents: t.gstCents,
    totalCents: t.totalCents,
    totalWeightGrams: t.totalWeightGrams,
    couponCode: priced.coupon?.code ?? null,
    ...ship,
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
  await writeOrder(tx, {
    id: order.id,
    orderNumber: order.orderNumber,
    userId: user.id,
    email: user.email,
    createdAt: now,
    status: onAccount ? 'processing' : 'pending',
    paymentMethod: order.paymentMethod,
    poNumber: order.poNumber,
    dueDay: onAccount?.dueDay ?? null,
    totals: t,
    couponCode: order.couponCode,
    // The invoice bills the company as it was when the order was placed, not as it is edited later.
    buyerCompany: companySnapshot(user),
    // The company's admins see the orders placed for it (decision 0188).
    companyId: onAccount?.companyId ?? user.membership?.companyId ?? null,
    ship,
    // Ids made in line order: the order's lines read back "ORDER BY id" in the cart's order.
    items: order.items.map((i) => ({ id: newId(), ...i, attributes: i.attributes as Record<string, unknown> })),
    gifts: selections.map((s, i) => ({ id: newId(), tierId: s.tierId, ...order.gifts[i] })),
    cartId: cart.id,
    key,
    addressId: input.address_id ?? null,
  });
  if (quote) await quote.accepted(tx, order, now);
  return order;
}

function companySnapshot(user: Buyer) {
  return user.membership ? JSON.stringify(companyDetailsOf(user.membership.company)) : null;
}
