import { formatMoney } from '../../../shared/domain/money';
import { renderEmail, type Block, type MailContext } from '../render';

export interface RefundEmailInput {
  orderId: string;
  orderNumber: string;
  customerName: string;
  amountCents: number;
  reason: string;
  /** Stripe: back to the card or wallet paid with; otherwise a transfer with this reference. */
  provider: string;
  reference: string | null;
  creditNoteNumber: string | null;
}

/** The buyer is told of every refund: how much, why, and how the money comes back. */
export function refundEmail(ctx: MailContext, r: RefundEmailInput) {
  const amount = `S${formatMoney(r.amountCents / 100)}`;
  const blocks: Block[] = [
    { kind: 'heading', text: `Hello ${r.customerName}` },
    { kind: 'p', text: `We have refunded ${amount} for order ${r.orderNumber}.` },
    { kind: 'p', text: `Reason: ${r.reason}` },
    {
      kind: 'p',
      text:
        r.provider === 'stripe'
          ? 'The money goes back to the card or account you paid with; your bank usually shows it within 5-10 working days.'
          : `We have sent it by bank transfer${r.reference ? ` (reference ${r.reference})` : ''}.`,
    },
  ];
  if (r.creditNoteNumber) blocks.push({ kind: 'p', text: `Credit note ${r.creditNoteNumber} for your tax invoice is on your order page.` });
  blocks.push({ kind: 'button', label: 'View your order', url: `${ctx.publicUrl}/orders/${r.orderId}` });
  return renderEmail(ctx, `Refund for order ${r.orderNumber}: ${amount}`, blocks);
}
