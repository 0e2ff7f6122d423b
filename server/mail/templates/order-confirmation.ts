import { formatCalendarDay, formatShopDateTime } from '../../../shared/domain/shop-time';
import { deliveryEstimate } from '../../../shared/domain/delivery-estimate';
import { formatMoney } from '../../../shared/domain/money';
import { countOf, packSizeOf } from '../../../shared/domain/product-options';
import type { OrderDto } from '../../../shared/schemas/order.schema';
import type { PaymentOptions } from '../../../shared/schemas/payment.schema';
import { renderEmail, type Block, type MailContext, type RenderedEmail } from '../render';

function addressLines(a: OrderDto['shipping_address']): string[] {
  const street = [a.address_line1, a.unit, a.address_line2].filter(Boolean).join(', ');
  return [a.full_name, street, `${a.city}${a.state ? `, ${a.state}` : ''} ${a.postal_code}`, a.country === 'MY' ? 'Malaysia' : 'Singapore', a.phone];
}

function orderTotalsBlock(o: OrderDto): Block {
  const rows: [string, string][] = [['Subtotal', formatMoney(o.subtotal)]];
  if (o.discount > 0) rows.push([`Discount${o.coupon_code ? ` (${o.coupon_code})` : ''}`, `-${formatMoney(o.discount)}`]);
  rows.push(['Shipping', o.shipping_fee === 0 ? 'Free' : formatMoney(o.shipping_fee)]);
  rows.push(['GST included (9%)', formatMoney(o.gst)]);
  rows.push(['Total', formatMoney(o.total)]);
  return { kind: 'totals', rows, strongLast: true };
}

function orderLinesBlock(o: OrderDto): Block {
  // Quantities are packs (or pieces, for pack size 1), as on the product page and in the cart.
  const rows = o.items.map((i) => [`${i.product_name}\nSKU ${i.sku}`, countOf(i.quantity, packSizeOf(i.attributes)), formatMoney(i.price), formatMoney(i.line_total)]);
  for (const g of o.gifts) rows.push([`Free gift: ${g.name}`, String(g.quantity), formatMoney(0), formatMoney(0)]);
  return { kind: 'table', head: ['Item', 'Quantity', 'Price each', 'Total'], rows, alignRight: [1, 2, 3] };
}

/** The order's payment instructions: PayNow (with the payload its QR code holds) and bank transfer, or neither. */
export interface ConfirmationPayment {
  options: PaymentOptions;
  paynowPayload: string | null;
}

const PAYNOW_QR_CID = 'paynow-qr';

const proxyLine = (p: NonNullable<PaymentOptions['paynow']>) => (p.proxy_type === 'uen' ? `UEN: ${p.proxy}` : `Mobile: ${p.proxy}`);

/** "How to pay": the specification's coming-soon note unless the owner has set PayNow or bank details. */
function howToPay(ctx: MailContext, o: OrderDto, payment: ConfirmationPayment | undefined): Block[] {
  if (o.invoice) return payOnInvoice(ctx, o, o.invoice, payment?.options.bank_transfer ?? null);
  const paynow = payment?.paynowPayload ? payment.options.paynow : null;
  const bank = payment?.options.bank_transfer ?? null;
  if (!paynow && !bank) {
    return [
      {
        kind: 'p',
        text: `How to pay: online card payment is coming soon. Your order is pending; we will contact you at this address with payment instructions before it ships. Questions? Reply to this e-mail or call ${ctx.shop.phone}.`,
      },
    ];
  }
  const total = formatMoney(o.total);
  const blocks: Block[] = [{ kind: 'heading', text: 'How to pay' }];
  if (paynow) {
    blocks.push(
      { kind: 'p', text: `Scan this PayNow QR code with your banking app: it fills in ${total} to ${paynow.payee_name} with your order number ${o.order_number} as the reference.` },
      { kind: 'image', cid: PAYNOW_QR_CID, alt: `PayNow QR code: ${total} to ${paynow.payee_name}, reference ${o.order_number}`, size: 220 },
      { kind: 'lines', title: 'PayNow', lines: [`Payee: ${paynow.payee_name}`, proxyLine(paynow), `Amount: ${total}`, `Reference: ${o.order_number}`] },
    );
  }
  if (bank) {
    blocks.push({
      kind: 'lines',
      title: paynow ? 'Or by bank transfer' : 'By bank transfer',
      lines: [`Bank: ${bank.bank_name}`, `Account name: ${bank.account_name}`, `Account number: ${bank.account_number}`, `Amount: ${total}`, `Reference: ${o.order_number}`],
    });
  }
  blocks.push({ kind: 'p', text: `Your order stays pending until your payment arrives; we e-mail you when it does. Questions? Reply to this e-mail or call ${ctx.shop.phone}.` });
  return blocks;
}

/** An order on the company's account (decision 0194): what is due by when, and where to pay it. */
function payOnInvoice(ctx: MailContext, o: OrderDto, invoice: NonNullable<OrderDto['invoice']>, bank: PaymentOptions['bank_transfer']): Block[] {
  const total = formatMoney(o.total);
  const lines = [`Amount due: ${total}`, `Due by: ${formatCalendarDay(invoice.due_date)}`];
  if (invoice.po_number) lines.push(`Your PO number: ${invoice.po_number}`);
  const blocks: Block[] = [
    { kind: 'heading', text: 'Pay on invoice' },
    { kind: 'p', text: `This order is on your company's account: we are preparing it now, and your tax invoice is due by ${formatCalendarDay(invoice.due_date)}.` },
    { kind: 'lines', title: 'Payment terms', lines },
  ];
  if (bank) {
    blocks.push({
      kind: 'lines',
      title: 'Pay by bank transfer',
      lines: [`Bank: ${bank.bank_name}`, `Account name: ${bank.account_name}`, `Account number: ${bank.account_number}`, `Reference: ${o.order_number}`],
    });
  }
  blocks.push({ kind: 'p', text: `Questions about your account? Reply to this e-mail or call ${ctx.shop.phone}.` });
  return blocks;
}

/** Sent when an order is placed, in the same transaction. */
export function orderConfirmationEmail(ctx: MailContext, o: OrderDto, placedAt: Date, payment?: ConfirmationPayment): RenderedEmail {
  const estimate = deliveryEstimate(placedAt);
  const name = o.shipping_address.first_name || o.shipping_address.full_name;
  const email = renderEmail(ctx, `Order ${o.order_number} confirmed`, [
    { kind: 'heading', text: `Thank you for your order, ${name}` },
    { kind: 'p', text: `We have received order ${o.order_number}, placed on ${formatShopDateTime(placedAt)}. Unit prices include the quantity discount for each line's tier.` },
    orderLinesBlock(o),
    orderTotalsBlock(o),
    { kind: 'lines', title: 'Shipping to', lines: addressLines(o.shipping_address) },
    { kind: 'p', text: `Estimated delivery: ${estimate.label} (between ${formatCalendarDay(estimate.earliest_date)} and ${formatCalendarDay(estimate.latest_date)}).` },
    ...howToPay(ctx, o, payment),
    { kind: 'button', label: 'View your order', url: `${ctx.publicUrl}/orders/${o.id}` },
  ]);
  const qr = payment?.options.paynow ? payment.paynowPayload : null;
  return qr ? { ...email, inlineImages: [{ cid: PAYNOW_QR_CID, filename: `paynow-${o.order_number}.png`, qr }] } : email;
}
