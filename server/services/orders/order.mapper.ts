import type { Prisma } from '@prisma/client';
import { splitFullName } from '../../../shared/domain/address';
import { courierName, trackingUrl } from '../../../shared/domain/couriers';
import { toDollars } from '../../../shared/domain/money';
import type { OrderDto } from '../../../shared/schemas/order.schema';
import type { OrderStatus } from '../../../shared/constants';
import { invoiceState } from '../../../shared/domain/net-terms';
import { formatCreditNoteNumber, paymentState } from '../../../shared/domain/payment-state';
import { shippingAddressOf } from './ship-address';

/** The shipping address columns of an order, for every read that shows or prints it. */
export const shipAddressSelect = {
  shipFullName: true,
  shipPhone: true,
  shipLine1: true,
  shipLine2: true,
  shipUnit: true,
  shipPostalCode: true,
  shipCity: true,
  shipState: true,
  shipCountry: true,
} as const satisfies Prisma.OrderSelect;

/** What an order answer says about its money: checkout, refunds, credit notes (decision 0165). */
export const orderMoneySelect = {
  paymentMethod: true,
  paidCents: true,
  poNumber: true,
  dueDate: true,
  checkoutUrl: true,
  checkoutState: true,
  refundedCents: true,
  refunds: { orderBy: { createdAt: 'asc' }, select: { id: true, amountCents: true, reason: true, status: true, createdAt: true } },
  creditNotes: { orderBy: { number: 'asc' }, select: { number: true, amountCents: true, issuedAt: true } },
} satisfies Prisma.OrderSelect;

type MoneyRow = Prisma.OrderGetPayload<{ select: typeof orderMoneySelect }> & { id: string; status: OrderStatus; totalCents: number };

/**
 * The money fields of an order answer. `pdfBase` is where the credit notes' PDFs are read: the
 * buyer's `/api/orders/{id}/credit-notes` or the back office's `/api/admin/orders/{id}/credit-notes`.
 */
export function orderMoney(o: MoneyRow, pdfBase = `/api/orders/${o.id}/credit-notes`) {
  const state = paymentState(o);
  return {
    payment_state: state,
    payment_url: o.status === 'pending' && o.checkoutState === 'open' ? o.checkoutUrl : null,
    amount_refunded: toDollars(o.refundedCents),
    refunds: o.refunds.map((r) => ({ id: r.id, amount: toDollars(r.amountCents), reason: r.reason, status: r.status, created_at: r.createdAt.toISOString() })),
    credit_notes: o.creditNotes.map((c) => {
      const number = formatCreditNoteNumber(c.number);
      return { number, amount: toDollars(c.amountCents), issued_at: c.issuedAt.toISOString(), pdf_url: `${pdfBase}/${number}.pdf` };
    }),
    invoice: invoiceTerms(o),
  };
}

/** An order paid on invoice: its PO number, due day and payments so far (decision 0194); null otherwise. */
function invoiceTerms(o: MoneyRow) {
  if (o.paymentMethod !== 'invoice' || !o.dueDate) return null;
  return {
    po_number: o.poNumber,
    due_date: o.dueDate.toISOString().slice(0, 10),
    amount_paid: toDollars(o.paidCents),
    amount_due: toDollars(Math.max(0, o.totalCents - o.paidCents)),
    state: invoiceState(o),
  };
}

export const orderSelect = {
  id: true,
  orderNumber: true,
  createdAt: true,
  status: true,
  subtotalCents: true,
  discountCents: true,
  shippingCents: true,
  gstCents: true,
  totalCents: true,
  totalWeightGrams: true,
  couponCode: true,
  ...shipAddressSelect,
  trackingNumber: true,
  courier: true,
  items: {
    orderBy: { id: 'asc' },
    select: { productId: true, variantId: true, productName: true, sku: true, attributes: true, productImage: true, unitPriceCents: true, quantity: true, lineTotalCents: true },
  },
  gifts: { orderBy: { id: 'asc' }, select: { giftItemId: true, giftName: true, tierName: true, quantity: true } },
  ...orderMoneySelect,
} satisfies Prisma.OrderSelect;

export type OrderRow = Prisma.OrderGetPayload<{ select: typeof orderSelect }>;

export function toOrderDto(o: OrderRow): OrderDto {
  return {
    id: o.id,
    order_number: o.orderNumber,
    created_at: o.createdAt.toISOString(),
    status: o.status,
    payment_method: o.paymentMethod,
    items: o.items.map((i) => ({
      product_id: i.productId,
      variant_id: i.variantId,
      product_name: i.productName,
      sku: i.sku,
      attributes: (i.attributes ?? {}) as Record<string, unknown>,
      product_image: i.productImage,
      quantity: i.quantity,
      price: toDollars(i.unitPriceCents),
      line_total: toDollars(i.lineTotalCents),
    })),
    item_count: o.items.reduce((s, i) => s + i.quantity, 0),
    subtotal: toDollars(o.subtotalCents),
    discount: toDollars(o.discountCents),
    coupon_code: o.couponCode,
    gst: toDollars(o.gstCents),
    shipping_fee: toDollars(o.shippingCents),
    total: toDollars(o.totalCents),
    total_weight_grams: o.totalWeightGrams,
    shipping_address: { ...splitFullName(o.shipFullName), ...shippingAddressOf(o) },
    tracking_number: o.trackingNumber,
    courier: courierName(o.courier),
    tracking_url: trackingUrl(o.courier, o.trackingNumber),
    gifts: o.gifts.map((g) => ({ gift_id: g.giftItemId, name: g.giftName, tier_name: g.tierName, quantity: g.quantity })),
    ...orderMoney(o),
  };
}
