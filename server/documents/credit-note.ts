// A credit note (decision 0166): the tax invoice's look (server/documents/tax-invoice.ts), titled
// CREDIT NOTE, naming the invoice it corrects, with the lines or amount credited, the GST in it and
// the reason.
import { GST_RATE_PERCENT_LABEL } from './labels';
import { formatInvoiceNumber } from '../../shared/domain/invoice';
import { formatCreditNoteNumber } from '../../shared/domain/payment-state';
import type { ShopProfile } from '../../shared/schemas/shop-profile.schema';
import { a4Document, billTo, itemTable, money, sgDate, shopHeading, totalsBlock, type InvoiceData } from './tax-invoice';

export interface CreditNoteData extends Pick<InvoiceData, 'buyer' | 'company'> {
  number: number;
  invoiceNumber: number;
  orderNumber: string;
  issuedAt: Date;
  /** refund | cancellation */
  kind: string;
  reason: string;
  lines: { name: string; sku: string; quantity: number; unit_price_cents: number; line_total_cents: number }[];
  amountCents: number;
  gstCents: number;
}

export function renderCreditNote(shop: ShopProfile, cn: CreditNoteData): Promise<Buffer> {
  const number = formatCreditNoteNumber(cn.number);
  const invoice = formatInvoiceNumber(cn.invoiceNumber);
  const { doc, done } = a4Document(`Credit note ${number}`, shop.legal_name);
  shopHeading(doc, shop, 'CREDIT NOTE', [`Credit note No.: ${number}`, `Date: ${sgDate(cn.issuedAt)}`, `Order: ${cn.orderNumber}`]);
  let y = billTo(doc, cn);
  doc.font('Helvetica-Bold').fontSize(10).fillColor('#111827').text(`Credit note for tax invoice ${invoice} (order ${cn.orderNumber})`, 50, y, { width: 495 });
  y = doc.y + 12;
  y = itemTable(
    doc,
    y,
    cn.lines.map((l) => [l.name, l.sku, String(l.quantity), money(l.unit_price_cents), money(l.line_total_cents)]),
  );
  y = totalsBlock(doc, y, [
    [`GST included at ${GST_RATE_PERCENT_LABEL}`, money(cn.gstCents)],
    ['Amount excluding GST', money(cn.amountCents - cn.gstCents)],
    ['Total credited (incl. GST)', money(cn.amountCents)],
  ]);
  doc.font('Helvetica').fontSize(9).fillColor('#374151');
  doc.text(`Reason: ${cn.reason}`, 50, y + 16, { width: 495 });
  doc.font('Helvetica').fontSize(8).fillColor('#6b7280');
  doc.text(
    `This credit note ${cn.kind === 'cancellation' ? 'cancels' : 'reduces'} the amount of tax invoice ${invoice}. All amounts are in Singapore dollars and include GST at ${GST_RATE_PERCENT_LABEL}.`,
    50,
    doc.y + 12,
    { width: 495 },
  );
  doc.end();
  return done;
}
