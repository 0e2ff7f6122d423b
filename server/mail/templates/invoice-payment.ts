import { formatMoney } from '../../../shared/domain/money';
import { formatCalendarDay } from '../../../shared/domain/shop-time';
import { renderEmail, type Block, type MailContext } from '../render';

export interface InvoicePaymentEmailInput {
  orderId: string;
  orderNumber: string;
  customerName: string;
  amountCents: number;
  /** What the invoice still owes after this payment; 0 when it is paid in full. */
  dueCents: number;
  /** The Singapore calendar day (YYYY-MM-DD) the rest falls due, as the invoice says. */
  dueDay: string;
  reference: string | null;
}

const sgd = (cents: number) => `S${formatMoney(cents / 100)}`;

/** The buyer of an order on invoice is told of every payment recorded against it (decision 0201). */
export function invoicePaymentEmail(ctx: MailContext, p: InvoicePaymentEmailInput) {
  const blocks: Block[] = [
    { kind: 'heading', text: `Hello ${p.customerName}` },
    { kind: 'p', text: `Thank you: we have received ${sgd(p.amountCents)} for the invoice of order ${p.orderNumber}${p.reference ? ` (reference ${p.reference})` : ''}.` },
    {
      kind: 'p',
      text: p.dueCents > 0 ? `${sgd(p.dueCents)} of this invoice is still due by ${formatCalendarDay(p.dueDay)}.` : 'This invoice is now paid in full.',
    },
    { kind: 'button', label: 'View your order', url: `${ctx.publicUrl}/orders/${p.orderId}` },
  ];
  return renderEmail(ctx, `Payment received for order ${p.orderNumber}: ${sgd(p.amountCents)}`, blocks);
}
