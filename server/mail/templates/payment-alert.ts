import { renderEmail, type MailContext } from '../render';

/** Why a Stripe payment needs a person: its amount differs, or it came for a cancelled or already paid order. */
export type PaymentAlertReason = 'mismatch' | 'cancelled_order' | 'already_paid';

export interface PaymentAlert {
  reason: PaymentAlertReason;
  orderId: string;
  orderNumber: string;
  orderTotal: string;
  paid: string;
  paymentIntent: string | null;
  sessionId: string;
}

const WHAT: Record<PaymentAlertReason, { subject: string; text: string }> = {
  mismatch: {
    subject: 'amount does not match',
    text: 'Stripe reports a payment whose amount or currency differs from the order total. The order was NOT marked paid. Check the payment in the Stripe dashboard and refund it or settle the difference with the buyer.',
  },
  cancelled_order: {
    subject: 'paid after it was cancelled',
    text: 'Stripe reports a payment for an order that is cancelled. The payment is recorded on the order so it can be refunded from there; the order stays cancelled.',
  },
  already_paid: {
    subject: 'paid twice',
    text: 'Stripe reports a second payment for an order that was already paid. It is recorded on the order so it can be refunded from there.',
  },
};

/** To staff: a Stripe payment the shop did not take as the order's payment (decision 0165). */
export function paymentAlertEmail(ctx: MailContext, a: PaymentAlert) {
  const what = WHAT[a.reason];
  return renderEmail(ctx, `Payment for order ${a.orderNumber}: ${what.subject}`, [
    { kind: 'p', text: what.text },
    {
      kind: 'table',
      rows: [
        ['Order', a.orderNumber],
        ['Order total', a.orderTotal],
        ['Paid at Stripe', a.paid],
        ['Payment intent', a.paymentIntent ?? '(none)'],
        ['Checkout session', a.sessionId],
      ],
    },
    { kind: 'button', label: 'Open the order', url: `${ctx.publicUrl}/admin/orders/${a.orderId}` },
  ]);
}
