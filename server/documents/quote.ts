import { GST_RATE_PERCENT_LABEL } from './labels';
import type { ShopProfile } from '../../shared/schemas/shop-profile.schema';
import type { QuoteDto } from '../../shared/schemas/quote.schema';
import { a4Document, billTo, itemTable, money, sgDate, shopHeading, totalsBlock } from './tax-invoice';

const cents = (dollars: number | null) => Math.round((dollars ?? 0) * 100);

/** A priced quote on the tax invoice's layout: supplier, quote number and validity, the buyer or its company, lines, GST. */
export function renderQuote(shop: ShopProfile, q: QuoteDto, buyer: { name: string; email: string }): Promise<Buffer> {
  const { doc, done } = a4Document(`Quote ${q.quote_number}`, shop.legal_name);
  const refs = [`Quote No.: ${q.quote_number}`, `Date: ${sgDate(new Date(q.quoted_at ?? q.created_at))}`];
  if (q.valid_until) refs.push(`Valid until: ${sgDate(new Date(`${q.valid_until}T12:00:00+08:00`))}`);
  if (q.order_number) refs.push(`Order: ${q.order_number}`);
  shopHeading(doc, shop, 'QUOTATION', refs);

  let y = billTo(doc, { buyer: { ...buyer, lines: [] }, company: q.company }, { shipTo: false });
  if (q.message) {
    doc.font('Helvetica').fontSize(9).fillColor('#374151').text(q.message, 50, y, { width: 495 });
    y = doc.y + 14;
  }
  y = itemTable(
    doc,
    y,
    q.lines.map((l) => [l.product_name, l.sku, String(l.quantity), money(cents(l.unit_price)), money(cents(l.line_total))]),
  );
  y = totalsBlock(doc, y, [
    ['Subtotal', money(cents(q.subtotal))],
    ['Shipping', money(cents(q.shipping_fee))],
    ['Total (incl. GST)', money(cents(q.total))],
    [`GST included at ${GST_RATE_PERCENT_LABEL}`, money(cents(q.gst))],
  ]);
  doc.font('Helvetica').fontSize(8).fillColor('#6b7280');
  doc.text(
    `All prices are in Singapore dollars and include GST at ${GST_RATE_PERCENT_LABEL}. Prices hold for the quantities above until the date shown, subject to stock when the quote is accepted. This is not a tax invoice.`,
    50,
    y + 20,
    { width: 495 },
  );
  doc.end();
  return done;
}
