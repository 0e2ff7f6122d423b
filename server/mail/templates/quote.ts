import { formatCalendarDay } from '../../../shared/domain/shop-time';
import { formatMoney } from '../../../shared/domain/money';
import type { QuoteDto } from '../../../shared/schemas/quote.schema';
import { renderEmail, type Block, type MailContext, type RenderedEmail } from '../render';

const longDate = (date: string) => formatCalendarDay(date);

function linesBlock(q: QuoteDto, priced: boolean): Block {
  const rows = q.lines.map((l) => {
    const item = `${l.product_name}\nSKU ${l.sku}`;
    return priced ? [item, String(l.quantity), formatMoney(l.unit_price ?? 0), formatMoney(l.line_total ?? 0)] : [item, String(l.quantity)];
  });
  return priced
    ? { kind: 'table', head: ['Item', 'Packs', 'Price each', 'Total'], rows, alignRight: [1, 2, 3] }
    : { kind: 'table', head: ['Item', 'Packs'], rows, alignRight: [1] };
}

/** Sent to the buyer when staff send the priced quote, in the same transaction. */
export function quoteSentEmail(ctx: MailContext, q: QuoteDto, customerName: string): RenderedEmail {
  const blocks: Block[] = [
    { kind: 'heading', text: `Hello ${customerName}` },
    { kind: 'p', text: `Here is your quote ${q.quote_number}. It is valid until ${longDate(q.valid_until!)}; accept it in your account to place the order at these prices.` },
  ];
  if (q.message) blocks.push({ kind: 'p', text: q.message });
  blocks.push(linesBlock(q, true), {
    kind: 'totals',
    rows: [
      ['Subtotal', formatMoney(q.subtotal ?? 0)],
      ['Shipping', q.shipping_fee === 0 ? 'Free' : formatMoney(q.shipping_fee ?? 0)],
      ['GST included (9%)', formatMoney(q.gst ?? 0)],
      ['Total', formatMoney(q.total ?? 0)],
    ],
    strongLast: true,
  });
  blocks.push({ kind: 'button', label: 'View and accept your quote', url: `${ctx.publicUrl}/quotes/${q.id}` });
  return renderEmail(ctx, `Your quote ${q.quote_number}`, blocks);
}

/** Tells staff a buyer asked for prices (or that a colleague started a quote), so the queue is not missed. */
export function quoteRequestedEmail(ctx: MailContext, q: QuoteDto, buyer: { name: string; email: string }): RenderedEmail {
  const blocks: Block[] = [
    { kind: 'heading', text: `Quote request ${q.quote_number}` },
    { kind: 'p', text: `${buyer.name} (${buyer.email})${q.company ? ` of ${q.company.name}` : ''} asks for prices on ${q.lines.length} line${q.lines.length === 1 ? '' : 's'}.` },
  ];
  if (q.target_date) blocks.push({ kind: 'p', text: `Wanted by ${longDate(q.target_date)}.` });
  if (q.note) blocks.push({ kind: 'p', text: `Note: ${q.note}` });
  blocks.push(linesBlock(q, false), { kind: 'button', label: 'Price it in the back office', url: `${ctx.publicUrl}/admin/quotes/${q.id}` });
  return renderEmail(ctx, `Quote request ${q.quote_number} from ${buyer.email}`, blocks);
}

/** Tells staff a quote was accepted and which order it placed (the order itself is confirmed to the buyer as any order). */
export function quoteAcceptedEmail(ctx: MailContext, q: { id: string; quoteNumber: string }, order: { id: string; orderNumber: string; totalCents: number }, buyerEmail: string): RenderedEmail {
  return renderEmail(ctx, `Quote ${q.quoteNumber} accepted: order ${order.orderNumber}`, [
    { kind: 'heading', text: `Quote ${q.quoteNumber} accepted` },
    { kind: 'p', text: `${buyerEmail} accepted the quote; order ${order.orderNumber} (${formatMoney(order.totalCents / 100)}) was placed at the quoted prices.` },
    { kind: 'button', label: 'Open the order', url: `${ctx.publicUrl}/admin/orders/${order.id}` },
  ]);
}
