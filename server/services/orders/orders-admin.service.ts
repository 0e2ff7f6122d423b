import type { Prisma, PrismaClient } from '@prisma/client';
import type { OrderStatus } from '../../../shared/constants';
import { courierName, trackingUrl } from '../../../shared/domain/couriers';
import { toDollars } from '../../../shared/domain/money';
import { packSizeOf } from '../../../shared/domain/product-options';
import { allowedNextStatuses, transitionError } from '../../../shared/domain/order-status';
import { badRequest, conflict, notFound } from '../../../shared/errors';
import { moveOrderStock } from '../inventory/order-stock';
import { creditCancellationInTx } from './credit-notes/credit-notes.service';
import { unitOfWork } from '../../db/unit-of-work';
import type { MailSettings } from '../../mail/mail.service';
import { recordStatusEvent } from './order-history';
import { announce } from '../../outbox/business-events';
import { orderMoney, orderMoneySelect, shipAddressSelect } from './order.mapper';
import { companyOf } from '../../auth/user.mapper';
import { shippingAddressOf } from './ship-address';

const summarySelect = {
  id: true,
  orderNumber: true,
  email: true,
  status: true,
  totalCents: true,
  createdAt: true,
  shipFullName: true,
  items: { select: { quantity: true } },
} as const satisfies Prisma.OrderSelect;

type SummaryRow = Prisma.OrderGetPayload<{ select: typeof summarySelect }>;

const toSummary = (o: SummaryRow) => ({
  id: o.id,
  order_number: o.orderNumber,
  email: o.email,
  customer_name: o.shipFullName,
  status: o.status,
  total: toDollars(o.totalCents),
  item_count: o.items.reduce((s, i) => s + i.quantity, 0),
  created_at: o.createdAt.toISOString(),
});

export async function listOrders(db: PrismaClient, input: { status?: OrderStatus; search?: string; page: number; page_size: number }) {
  const q = input.search ? { contains: input.search, mode: 'insensitive' as const } : undefined;
  const where: Prisma.OrderWhereInput = {
    ...(input.status ? { status: input.status } : {}),
    ...(q ? { OR: [{ orderNumber: q }, { email: q }] } : {}),
  };
  const [total, rows] = await Promise.all([
    db.order.count({ where }),
    db.order.findMany({ where, orderBy: { createdAt: 'desc' }, skip: (input.page - 1) * input.page_size, take: input.page_size, select: summarySelect }),
  ]);
  return { items: rows.map(toSummary), total, page: input.page, pages: Math.max(1, Math.ceil(total / input.page_size)) };
}

export const orderDetailSelect = {
  ...summarySelect,
  subtotalCents: true,
  discountCents: true,
  shippingCents: true,
  gstCents: true,
  couponCode: true,
  trackingNumber: true,
  courier: true,
  ...shipAddressSelect,
  paidAt: true,
  shippedAt: true,
  deliveredAt: true,
  cancelledAt: true,
  buyerCompany: true,
  items: { select: { id: true, variantId: true, productName: true, sku: true, attributes: true, productImage: true, quantity: true, unitPriceCents: true, lineTotalCents: true } },
  gifts: { select: { id: true, giftName: true, tierName: true, quantity: true } },
  ...orderMoneySelect,
} as const satisfies Prisma.OrderSelect;

/** A line's variant as it was ordered (the attributes written at placement), for the packer: size, colour, type. */
const attributeText = (attributes: Record<string, unknown> | null, key: string): string | null => {
  const v = attributes?.[key];
  return typeof v === 'string' && v.trim() ? v : null;
};

const iso = (d: Date | null) => d?.toISOString() ?? null;

export async function getOrder(db: PrismaClient, id: string) {
  const o = await db.order.findUnique({ where: { id }, select: orderDetailSelect });
  if (!o) throw notFound('Order not found');
  return toOrderDetail(o);
}

/** The order detail's shape, shared by the back office and the integrators' order list. */
export function toOrderDetail(o: Prisma.OrderGetPayload<{ select: typeof orderDetailSelect }>) {
  return {
    ...toSummary(o),
    payment_method: o.paymentMethod,
    subtotal: toDollars(o.subtotalCents),
    discount: toDollars(o.discountCents),
    shipping: toDollars(o.shippingCents),
    gst: toDollars(o.gstCents),
    coupon_code: o.couponCode,
    tracking_number: o.trackingNumber,
    courier: courierName(o.courier),
    tracking_url: trackingUrl(o.courier, o.trackingNumber),
    shipping_address: shippingAddressOf(o),
    // The buyer's company as it was when the order was placed (what the tax invoice bills).
    company: companyOf(o.buyerCompany),
    items: o.items.map((i) => ({
      id: i.id,
      variant_id: i.variantId,
      product_name: i.productName,
      sku: i.sku,
      product_image: i.productImage,
      quantity: i.quantity,
      size: attributeText(i.attributes as Record<string, unknown> | null, 'size'),
      color: attributeText(i.attributes as Record<string, unknown> | null, 'color'),
      type: attributeText(i.attributes as Record<string, unknown> | null, 'type'),
      // Units in the line: the quantity counts packs of this many (1 for items sold singly).
      pack_size: packSizeOf(i.attributes as Record<string, unknown> | null),
      unit_price: toDollars(i.unitPriceCents),
      line_total: toDollars(i.lineTotalCents),
    })),
    gifts: o.gifts.map((g) => ({ id: g.id, gift_name: g.giftName, tier_name: g.tierName, quantity: g.quantity })),
    paid_at: iso(o.paidAt),
    shipped_at: iso(o.shippedAt),
    delivered_at: iso(o.deliveredAt),
    cancelled_at: iso(o.cancelledAt),
    allowed_next: [...allowedNextStatuses(o.status)],
    ...orderMoney(o, `/api/admin/orders/${o.id}/credit-notes`),
  };
}

const STAMP: Partial<Record<OrderStatus, 'paidAt' | 'shippedAt' | 'deliveredAt' | 'cancelledAt'>> = {
  paid: 'paidAt',
  shipped: 'shippedAt',
  delivered: 'deliveredAt',
  cancelled: 'cancelledAt',
};

/** Who changes a status, for the history and for the e-mail's wording. */
export interface StatusActor {
  userId: string | null;
  role: string;
}

export interface StatusChange {
  id: string;
  status: OrderStatus;
  tracking_number?: string;
  courier?: string;
  note?: string;
}

/**
 * Moves an order one step, inside the caller's transaction: the status history row and the
 * customer's e-mail are written with the change. The status is switched with a conditional update
 * (WHERE status = the one we read), so two staff clicking Ship at once move the stock only once.
 * Returns whether stock moved.
 */
export async function changeStatusInTx(tx: Prisma.TransactionClient, actor: StatusActor, input: StatusChange, mail: MailSettings, allowedFrom?: OrderStatus[]) {
  const order = await tx.order.findUnique({ where: { id: input.id }, select: { status: true, orderNumber: true, email: true, shipFullName: true } });
  if (!order) throw notFound('Order not found');
  if (allowedFrom && !allowedFrom.includes(order.status)) throw conflict(`This order is ${order.status} and can no longer be cancelled`);
  const refusal = transitionError(order.status, input.status);
  if (refusal) throw conflict(refusal);
  if (input.status === 'shipped' && !input.tracking_number) throw badRequest('Please enter a tracking number to ship this order');
  const stamp = STAMP[input.status];
  const shipped = input.status === 'shipped';
  const courier = shipped && input.courier && input.courier !== 'other' ? input.courier : null;
  const { count } = await tx.order.updateMany({
    where: { id: input.id, status: order.status },
    data: {
      status: input.status,
      ...(stamp ? { [stamp]: new Date() } : {}),
      ...(shipped ? { trackingNumber: input.tracking_number, courier } : {}),
    },
  });
  if (!count) throw conflict('This order was changed by someone else just now; please reload it');
  await recordStatusEvent(tx, {
    orderId: input.id,
    from: order.status,
    to: input.status,
    userId: actor.userId,
    actorRole: actor.role,
    note: input.note || null,
    trackingNumber: shipped ? input.tracking_number : null,
    courier,
  });
  await announce('orderStatusChanged', tx, mail, {
    order: { id: input.id, ...order },
    from: order.status,
    to: input.status,
    by: actor.role,
    note: input.note,
    trackingNumber: input.tracking_number,
    courier,
  });
  // A cancelled order with a tax invoice gets a credit note for what is not credited yet (decision 0166).
  if (input.status === 'cancelled') await creditCancellationInTx(tx, input.id, input.note);
  if (input.status === 'shipped' || input.status === 'cancelled') {
    await moveOrderStock(tx, input.id, input.status, actor.userId);
    return true;
  }
  return false;
}

export async function changeStatus(db: PrismaClient, actor: StatusActor, input: StatusChange, mail: MailSettings) {
  await unitOfWork(db, (tx) => changeStatusInTx(tx, actor, input, mail));
  return getOrder(db, input.id);
}
