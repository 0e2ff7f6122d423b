import PDFDocument from 'pdfkit';
import { GST_RATE_PERCENT_LABEL } from './labels';
import { formatMoney } from '../../shared/domain/money';
import { formatInvoiceNumber } from '../../shared/domain/invoice';
import { formatCalendarDay } from '../../shared/domain/shop-time';
import type { ShopProfile } from '../../shared/schemas/shop-profile.schema';
import type { UserDto } from '../../shared/schemas/user.schema';

export interface InvoiceData {
  invoiceNumber: number;
  orderNumber: string;
  issuedAt: Date;
  buyer: { name: string; email: string; lines: string[] };
  /** The buyer's company as it was when the order was placed: billed to it, with its numbers. */
  company: UserDto['company'];
  items: { name: string; sku: string; quantity: number; unitPriceCents: number; lineTotalCents: number }[];
  gifts: { name: string; quantity: number }[];
  subtotalCents: number;
  discountCents: number;
  couponCode: string | null;
  shippingCents: number;
  gstCents: number;
  totalCents: number;
  /** An order on invoice (decision 0194): the buyer's PO number, the day payment falls due and what has been paid. */
  terms?: { poNumber: string | null; dueDay: string; paidCents: number } | null;
}

export const money = (cents: number) => formatMoney(cents / 100);
export const sgDate = (d: Date) => d.toLocaleDateString('en-SG', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Asia/Singapore' });

// Column x positions on A4 (595 pt wide, 50 pt margins).
const COL = { item: 50, sku: 250, qty: 370, unit: 410, amount: 480, end: 545 };

/** What a Singapore tax invoice needs: supplier, GST number, invoice number and date, buyer, lines, GST. */
export function renderTaxInvoice(shop: ShopProfile, inv: InvoiceData): Promise<Buffer> {
  const { doc, done } = a4Document(`Tax invoice ${formatInvoiceNumber(inv.invoiceNumber)}`, shop.legal_name);
  const refs = [`Invoice No.: ${formatInvoiceNumber(inv.invoiceNumber)}`, `Date: ${sgDate(inv.issuedAt)}`, `Order: ${inv.orderNumber}`];
  if (inv.terms?.poNumber) refs.push(`Your PO No.: ${inv.terms.poNumber}`);
  if (inv.terms) refs.push(`Due date: ${formatCalendarDay(inv.terms.dueDay)}`);
  shopHeading(doc, shop, 'TAX INVOICE', refs);

  let y = billTo(doc, inv);
  y = itemTable(doc, y, [
    ...inv.items.map((i): Cells => [i.name, i.sku, String(i.quantity), money(i.unitPriceCents), money(i.lineTotalCents)]),
    ...inv.gifts.map((g): Cells => [`Free gift: ${g.name}`, '-', String(g.quantity), money(0), money(0)]),
  ]);

  const totals: [string, string][] = [['Subtotal', money(inv.subtotalCents)]];
  if (inv.discountCents > 0) totals.push([`Discount${inv.couponCode ? ` (${inv.couponCode})` : ''}`, `-${money(inv.discountCents)}`]);
  totals.push(['Shipping', money(inv.shippingCents)]);
  totals.push(['Total (incl. GST)', money(inv.totalCents)]);
  totals.push([`GST included at ${GST_RATE_PERCENT_LABEL}`, money(inv.gstCents)]);
  if (inv.terms) {
    totals.push(['Amount paid', money(inv.terms.paidCents)]);
    totals.push(['Balance due', money(Math.max(0, inv.totalCents - inv.terms.paidCents))]);
  }
  y = totalsBlock(doc, y, totals);
  doc.font('Helvetica').fontSize(8).fillColor('#6b7280');
  const terms = inv.terms
    ? ` Payment terms: please pay by ${formatCalendarDay(inv.terms.dueDay)}, quoting order ${inv.orderNumber}${inv.terms.poNumber ? ` and PO ${inv.terms.poNumber}` : ''}.`
    : '';
  doc.text(`All prices are in Singapore dollars and include GST at ${GST_RATE_PERCENT_LABEL}.${terms} Thank you for your business.`, 50, y + 20, { width: 495 });
  doc.end();
  return done;
}

/**
 * "Bill to": the buyer, or for a business buyer its company with the numbers it needs to claim the
 * tax back (and the goods' address beside it as "Ship to"). Answers where the lines start.
 */
export function billTo(doc: PDFKit.PDFDocument, inv: Pick<InvoiceData, 'buyer' | 'company'>, opts = { shipTo: true }): number {
  const block = (title: string, x: number, lines: string[], bold?: string) => {
    doc.font('Helvetica-Bold').fontSize(10).fillColor('#111827').text(title, x, 140, { width: 240 });
    if (bold) doc.font('Helvetica-Bold').fontSize(9).text(bold, { width: 240 });
    doc.font('Helvetica').fontSize(9).fillColor('#374151');
    for (const l of lines) doc.text(l, { width: 240 });
    return doc.y;
  };
  const c = inv.company;
  if (!c) return Math.max(block('Bill to', 50, [inv.buyer.name, ...inv.buyer.lines, inv.buyer.email]) + 20, 220);
  const sg = c.country === 'SG';
  const billed = [
    `${sg ? 'UEN' : 'Company No. (SSM)'}: ${c.registration_number}`,
    ...(c.tax_number ? [`${sg ? 'GST' : 'SST'} Reg. No.: ${c.tax_number}`] : []),
    ...(c.billing_address ? c.billing_address.split('\n').map((l) => l.trim()).filter(Boolean) : inv.buyer.lines),
    `Attn: ${inv.buyer.name}`,
    inv.buyer.email,
  ];
  const left = block('Bill to', 50, billed, c.name);
  if (!opts.shipTo) return Math.max(left + 20, 220);
  const right = block('Ship to', 305, [inv.buyer.name, ...inv.buyer.lines]);
  return Math.max(left + 20, right + 20, 220);
}

type Cells = [item: string, sku: string, qty: string, unit: string, amount: string];

/** The lines as a table (Item, SKU, Qty, Unit price, Amount), its header repeated on each new page. Answers where it ends. */
export function itemTable(doc: PDFKit.PDFDocument, top: number, rows: Cells[]): number {
  let y = top;
  const header = () => {
    doc.font('Helvetica-Bold').fontSize(9).fillColor('#111827');
    doc.text('Item', COL.item, y).text('SKU', COL.sku, y).text('Qty', COL.qty, y, { width: 30, align: 'right' });
    doc.text('Unit price', COL.unit, y, { width: 60, align: 'right' }).text('Amount', COL.amount, y, { width: COL.end - COL.amount, align: 'right' });
    y += 14;
    doc.moveTo(50, y).lineTo(COL.end, y).strokeColor('#d1d5db').stroke();
    y += 6;
    doc.font('Helvetica').fillColor('#374151');
  };
  header();
  for (const cells of rows) {
    const h = Math.max(doc.heightOfString(cells[0], { width: 190 }), doc.heightOfString(cells[1], { width: 115 }));
    if (y + h > doc.page.height - 90) {
      doc.addPage();
      y = 50;
      header();
    }
    doc.text(cells[0], COL.item, y, { width: 190 });
    doc.text(cells[1], COL.sku, y, { width: 115 });
    doc.text(cells[2], COL.qty, y, { width: 30, align: 'right' });
    doc.text(cells[3], COL.unit, y, { width: 60, align: 'right' });
    doc.text(cells[4], COL.amount, y, { width: COL.end - COL.amount, align: 'right' });
    y += h + 6;
  }
  return y;
}

/** Label and amount rows under the table, the total in bold. Answers where they end. */
export function totalsBlock(doc: PDFKit.PDFDocument, top: number, totals: [string, string][]): number {
  let y = top;
  if (y + totals.length * 16 + 40 > doc.page.height - 50) {
    doc.addPage();
    y = 50;
  }
  doc.moveTo(330, y).lineTo(COL.end, y).strokeColor('#d1d5db').stroke();
  y += 8;
  for (const [label, value] of totals) {
    const strong = label.startsWith('Total');
    doc.font(strong ? 'Helvetica-Bold' : 'Helvetica').fillColor(strong ? '#111827' : '#374151');
    doc.text(label, 330, y, { width: 140 }).text(value, COL.amount - 20, y, { width: COL.end - COL.amount + 20, align: 'right' });
    y += 16;
  }
  return y;
}

/** An A4 document and the bytes it will have once ended. */
export function a4Document(title: string, author: string) {
  const doc = new PDFDocument({ size: 'A4', margin: 50, info: { Title: title, Author: author } });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  return { doc, done };
}

/** The supplier (name, address, contact, GST number) on the left; the document's title and references on the right. */
export function shopHeading(doc: PDFKit.PDFDocument, shop: ShopProfile, title: string, refs: string[]) {
  doc.font('Helvetica-Bold').fontSize(16).text(shop.legal_name, 50, 50);
  doc.font('Helvetica').fontSize(9).fillColor('#374151');
  doc.text(shop.address);
  doc.text(`${shop.email} · ${shop.phone}`);
  doc.text(`GST Reg. No.: ${shop.gst_registration_number || 'not set in the settings'}`);
  doc.font('Helvetica-Bold').fontSize(20).fillColor('#111827').text(title, 350, 50, { width: 195, align: 'right' });
  doc.font('Helvetica').fontSize(9).fillColor('#374151');
  refs.forEach((r, i) => doc.text(r, 350, i === 0 ? 78 : undefined, { width: 195, align: 'right' }));
}
