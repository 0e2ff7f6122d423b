import { SHOP_TIME_ZONE } from '../../../shared/domain/shop-time';
import { formatMoney } from '../../../shared/domain/money';
import { renderEmail, type MailContext } from '../render';

export interface PaymentReminderInput {
  orderId: string;
  orderNumber: string;
  customerName: string;
  totalCents: number;
  /** When the order will be cancelled if still unpaid. */
  cancelAt: Date;
}

// The shop's clock (Singapore), as the buyer reads it: "Sunday, 30 November 2026 at 2:15 pm".
const when = new Intl.DateTimeFormat('en-SG', { timeZone: SHOP_TIME_ZONE, weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', hour: 'numeric', minute: '2-digit', hour12: true });

/** Formats the cancellation time in the shop's time zone, naming it. */
export const formatCancelAt = (d: Date) => `${when.format(d).replace(/\b(am|pm)\b/i, (m) => m.toLowerCase())} (Singapore time)`;

/**
 * Sent at half the unpaid-order time (decision 0167): how much, where to pay (the order page shows
 * every way the shop takes: the online payment page, PayNow, bank transfer), and when the order is
 * cancelled if nothing arrives, so nobody loses an order without a warning.
 */
export function paymentReminderEmail(ctx: MailContext, r: PaymentReminderInput) {
  const total = formatMoney(r.totalCents / 100);
  return renderEmail(ctx, `Order ${r.orderNumber}: payment reminder`, [
    { kind: 'heading', text: `Hello ${r.customerName}` },
    { kind: 'p', text: `We have not received payment for order ${r.orderNumber} yet. The total to pay is ${total}.` },
    { kind: 'p', text: 'Your order page shows how to pay. If you pay by PayNow or bank transfer, please use your order number as the reference.' },
    { kind: 'button', label: 'Pay for your order', url: `${ctx.publicUrl}/orders/${r.orderId}` },
    {
      kind: 'p',
      text: `If payment has not arrived by ${formatCancelAt(r.cancelAt)}, the order will be cancelled and its items released. Already paid? Then there is nothing to do; we e-mail you when your payment arrives. Questions? Reply to this e-mail or call ${ctx.shop.phone}.`,
    },
  ]);
}
