import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';

export interface SlipData {
  orderNumber: string;
  placedAt: Date;
  shipTo: string[];
  items: { name: string; sku: string; quantity: number }[];
  gifts: { name: string; quantity: number }[];
}

export type SlipSize = 'a4' | 'label';

// A4, or a 4x6 inch shipping label (288 x 432 pt).
const PAGE = { a4: { size: 'A4' as const, margin: 40, font: 10, qr: 90 }, label: { size: [288, 432] as [number, number], margin: 14, font: 8, qr: 64 } };

const sgDate = (d: Date) => d.toLocaleDateString('en-SG', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'Asia/Singapore' });

/** The order number as a QR code drawn with vector squares (scannable at any print size). */
function drawQr(doc: PDFKit.PDFDocument, text: string, x: number, y: number, size: number) {
  const qr = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const n = qr.modules.size;
  const cell = size / (n + 8); // 4-module quiet zone on each side
  doc.save().fillColor('#000000');
  for (let r = 0; r < n; r++) {
    for (let c = 0; c < n; c++) {
      if (qr.modules.get(r, c)) doc.rect(x + (c + 4) * cell, y + (r + 4) * cell, cell, cell).fill();
    }
  }
  doc.restore();
}

/** One or more orders' packing slips in one PDF: each order starts on a new page. */
export function renderPackingSlips(shopName: string, slips: SlipData[], size: SlipSize): Promise<Buffer> {
  const p = PAGE[size];
  const doc = new PDFDocument({ size: p.size, margin: p.margin, autoFirstPage: false, info: { Title: `Packing slips (${slips.length})`, Author: shopName } });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  for (const slip of slips) {
    doc.addPage();
    const left = p.margin;
    const width = doc.page.width - 2 * p.margin;
    const qrX = doc.page.width - p.margin - p.qr;
    drawQr(doc, slip.orderNumber, qrX, p.margin - 6, p.qr);
    doc.font('Helvetica-Bold').fontSize(p.font + 6).fillColor('#000000').text('PACKING SLIP', left, p.margin, { width: width - p.qr });
    doc.font('Helvetica-Bold').fontSize(p.font + 2).text(slip.orderNumber, { width: width - p.qr });
    doc.font('Helvetica').fontSize(p.font).text(`${shopName} · placed ${sgDate(slip.placedAt)}`, { width: width - p.qr });
    doc.moveDown(0.6);
    doc.font('Helvetica-Bold').text('Ship to', { width: width - p.qr });
    doc.font('Helvetica');
    for (const l of slip.shipTo) doc.text(l, { width: width - p.qr });

    let y = Math.max(doc.y, p.margin + p.qr) + p.font;
    const qtyW = 34;
    const skuW = size === 'a4' ? 170 : 96;
    const nameW = width - qtyW - skuW - 24;
    const header = () => {
      doc.font('Helvetica-Bold').fontSize(p.font);
      doc.text('Qty', left, y, { width: qtyW }).text('SKU', left + qtyW + 8, y, { width: skuW }).text('Item', left + qtyW + skuW + 16, y, { width: nameW });
      y += p.font + 6;
      doc.moveTo(left, y - 3).lineTo(left + width, y - 3).strokeColor('#000000').lineWidth(0.5).stroke();
      doc.font('Helvetica');
    };
    const row = (qty: number, sku: string, name: string) => {
      const h = Math.max(doc.heightOfString(sku, { width: skuW }), doc.heightOfString(name, { width: nameW }));
      if (y + h > doc.page.height - p.margin) {
        doc.addPage();
        y = p.margin;
        doc.font('Helvetica-Bold').fontSize(p.font).text(`${slip.orderNumber} (continued)`, left, y);
        y += p.font + 8;
        header();
      }
      doc.font('Helvetica-Bold').text(String(qty), left, y, { width: qtyW });
      doc.font('Helvetica').text(sku, left + qtyW + 8, y, { width: skuW }).text(name, left + qtyW + skuW + 16, y, { width: nameW });
      y += h + 4;
    };
    header();
    for (const i of slip.items) row(i.quantity, i.sku, i.name);
    for (const g of slip.gifts) row(g.quantity, 'GIFT', `Free gift: ${g.name}`);
    const units = slip.items.reduce((s, i) => s + i.quantity, 0);
    if (y + p.font * 2 > doc.page.height - p.margin) {
      doc.addPage();
      y = p.margin;
    }
    doc.font('Helvetica-Bold').text(`${units} pack${units === 1 ? '' : 's'}${slip.gifts.length ? ` + ${slip.gifts.length} gift${slip.gifts.length === 1 ? '' : 's'}` : ''}`, left, y + 4, { width });
  }
  doc.end();
  return done;
}
