import type { PrismaClient } from '@prisma/client';
import { buildPayNowPayload } from '../../../shared/domain/paynow';
import { toDollars } from '../../../shared/domain/money';
import { notFound } from '../../../shared/errors';
import type { OrderPayment, PaymentOptions } from '../../../shared/schemas/payment.schema';
import { getPaymentOptions } from '../settings/payment-settings.service';
import { qrSvg } from '../../documents/qr-image';

export interface PayableOrder {
  orderNumber: string;
  totalCents: number;
}

/**
 * The PayNow code for one order: the exact total, not editable, the order number as the bill
 * reference (field 62-01), so the payment arrives already matched to its order.
 */
export function orderPayNowPayload(paynow: NonNullable<PaymentOptions['paynow']>, order: PayableOrder): string {
  return buildPayNowPayload({
    proxyType: paynow.proxy_type,
    proxy: paynow.proxy,
    merchantName: paynow.payee_name,
    amountCents: order.totalCents,
    editable: false,
    reference: order.orderNumber,
  });
}

/** How to pay one of the user's orders; anyone else's id answers like an unknown one. */
export async function orderPayment(db: PrismaClient, userId: string, orderId: string): Promise<OrderPayment> {
  const order = await db.order.findFirst({ where: { id: orderId, userId }, select: { id: true, orderNumber: true, status: true, totalCents: true } });
  if (!order) throw notFound('Order not found');
  // Instructions only while the order waits for its money: a paid or cancelled order must not
  // invite a second payment.
  const awaiting = order.status === 'pending';
  const options = awaiting ? await getPaymentOptions(db) : { paynow: null, bank_transfer: null };
  const payload = options.paynow ? orderPayNowPayload(options.paynow, order) : null;
  return {
    order_id: order.id,
    order_number: order.orderNumber,
    status: order.status,
    amount: toDollars(order.totalCents),
    reference: order.orderNumber,
    awaiting_payment: awaiting,
    paynow: options.paynow && payload ? { ...options.paynow, payload, qr_svg: await qrSvg(payload) } : null,
    bank_transfer: options.bank_transfer,
  };
}
