import { formatMoney } from '../../../shared/domain/money';
import { formatCalendarDay } from '../../../shared/domain/shop-time';
import { renderEmail, type MailContext } from '../render';

export interface InvoiceReminderInput {
  /** due: the invoice falls due today; overdue: it is 7 days past its due day (decision 0199). */
  stage: 'due' | 'overdue';
  customerName: string;
  companyName: string;
  /** The tax invoice number, or the order number while it has none. */
  invoice: string;
  orderNumber: string;
  totalCents: number;
  /** What is still owed on it: its total less payments and credit notes. */
  owedCents: number;
  /** YYYY-MM-DD, Singapore. */
  dueDay: string;
  /** Where the reader sees it: the statement (company admins) or the order (the buyer who placed it). */
  url: string;
  urlLabel: string;
}

const money = (cents: number) => formatMoney(cents / 100);

/**
 * Sent when an invoice paid on terms falls due and again 7 days after (decision 0199), to the
 * company's admins and the buyer who placed the order: what is owed, since when, how to pay.
 */
export function invoiceReminderEmail(ctx: MailContext, r: InvoiceReminderInput) {
  const due = formatCalendarDay(r.dueDay);
  const subject = r.stage === 'due' ? `Invoice ${r.invoice} is due today` : `Invoice ${r.invoice} is 7 days overdue`;
  const when = r.stage === 'due' ? `falls due today, ${due}` : `fell due on ${due} and is now 7 days overdue`;
  return renderEmail(ctx, subject, [
    { kind: 'heading', text: `Hello ${r.customerName}` },
    { kind: 'p', text: `${r.companyName}'s invoice ${r.invoice} (order ${r.orderNumber}) ${when}.` },
    {
      kind: 'totals',
      rows: [
        ['Invoice total', money(r.totalCents)],
        ['Still to pay', money(r.owedCents)],
      ],
      strongLast: true,
    },
    { kind: 'p', text: `Please pay by bank transfer or PayNow and quote ${r.invoice} as the reference, so we can match your payment.` },
    { kind: 'button', label: r.urlLabel, url: r.url },
    { kind: 'p', text: `Already paid? Thank you: payments can take a day or two to reach us, and then there is nothing to do. Questions? Reply to this e-mail or call ${ctx.shop.phone}.` },
  ]);
}
