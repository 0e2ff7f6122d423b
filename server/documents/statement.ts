// A company's statement of account (decisions 0198, 0199) in the tax invoice's look
// (server/documents/tax-invoice.ts): the shop's heading, the company it is for, the opening balance,
// the period's lines with debit, credit and the balance after each, the closing balance and how old
// what is owed is.
import { formatCalendarDay } from '../../shared/domain/shop-time';
import type { ShopProfile } from '../../shared/schemas/shop-profile.schema';
import type { StatementDto } from '../../shared/schemas/statement.schema';
import { a4Document, money as centsMoney, shopHeading, totalsBlock } from './tax-invoice';

const money = (dollars: number) => centsMoney(Math.round(dollars * 100));
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** "5 Nov 2026": short enough for a column. */
const shortDay = (day: string) => `${Number(day.slice(8, 10))} ${MONTHS[Number(day.slice(5, 7)) - 1]} ${day.slice(0, 4)}`;

const KIND_LABEL: Record<StatementDto['lines'][number]['kind'], string> = { invoice: 'Invoice', credit_note: 'Credit note', payment: 'Payment', refund: 'Refund' };

// Column x positions and widths on A4 (595 pt wide, 50 pt margins).
const COLS = [
  { title: 'Date', x: 50, w: 60 },
  { title: 'Type', x: 112, w: 58 },
  { title: 'Reference', x: 172, w: 126 },
  { title: 'Due', x: 300, w: 60 },
  { title: 'Debit', x: 362, w: 58, right: true },
  { title: 'Credit', x: 422, w: 58, right: true },
  { title: 'Balance', x: 482, w: 63, right: true },
] as const;
const END = 545;

type Row = [string, string, string, string, string, string, string];

function table(doc: PDFKit.PDFDocument, top: number, rows: { cells: Row; bold?: boolean }[]): number {
  let y = top;
  const header = () => {
    doc.font('Helvetica-Bold').fontSize(9).fillColor('#111827');
    for (const c of COLS) doc.text(c.title, c.x, y, { width: c.w, align: 'right' in c ? 'right' : 'left' });
    y += 14;
    doc.moveTo(50, y).lineTo(END, y).strokeColor('#d1d5db').stroke();
    y += 6;
  };
  header();
  for (const row of rows) {
    doc.font(row.bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(9).fillColor(row.bold ? '#111827' : '#374151');
    const h = Math.max(...row.cells.map((text, i) => doc.heightOfString(text, { width: COLS[i]!.w })));
    if (y + h > doc.page.height - 90) {
      doc.addPage();
      y = 50;
      header();
      doc.font(row.bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(9).fillColor(row.bold ? '#111827' : '#374151');
    }
    row.cells.forEach((text, i) => {
      const c = COLS[i]!;
      doc.text(text, c.x, y, { width: c.w, align: 'right' in c ? 'right' : 'left' });
    });
    y += h + 6;
  }
  return y;
}

/** The company the statement is for, with the numbers an accounts clerk files it by. */
function statementFor(doc: PDFKit.PDFDocument, s: StatementDto): number {
  const c = s.company;
  const sg = c.country === 'SG';
  doc.font('Helvetica-Bold').fontSize(10).fillColor('#111827').text('Statement for', 50, 140, { width: 240 });
  doc.font('Helvetica-Bold').fontSize(9).text(c.name, { width: 240 });
  doc.font('Helvetica').fontSize(9).fillColor('#374151');
  doc.text(`${sg ? 'UEN' : 'Company No. (SSM)'}: ${c.registration_number}`, { width: 240 });
  if (c.tax_number) doc.text(`${sg ? 'GST' : 'SST'} Reg. No.: ${c.tax_number}`, { width: 240 });
  for (const l of (c.billing_address ?? '').split('\n').map((x) => x.trim()).filter(Boolean)) doc.text(l, { width: 240 });
  const left = doc.y;
  doc.font('Helvetica-Bold').fontSize(10).fillColor('#111827').text('Summary', 305, 140, { width: 240 });
  doc.font('Helvetica').fontSize(9).fillColor('#374151');
  doc.text(`Opening balance on ${formatCalendarDay(s.from)}: ${money(s.opening_balance)}`, { width: 240 });
  doc.text(`Closing balance on ${formatCalendarDay(s.to)}: ${money(s.closing_balance)}`, { width: 240 });
  doc.text(`Overdue: ${money(s.overdue)}`, { width: 240 });
  return Math.max(left + 20, doc.y + 20, 220);
}

function ageingTable(doc: PDFKit.PDFDocument, top: number, s: StatementDto): number {
  let y = top;
  if (y + 70 > doc.page.height - 50) {
    doc.addPage();
    y = 50;
  }
  const a = s.ageing;
  const cols: [string, number][] = [
    ['Current', a.current],
    ['1-30 days', a.days_1_30],
    ['31-60 days', a.days_31_60],
    ['61-90 days', a.days_61_90],
    ['Over 90 days', a.over_90],
    ['Total due', s.closing_balance],
  ];
  doc.font('Helvetica-Bold').fontSize(10).fillColor('#111827').text(`Ageing on ${formatCalendarDay(s.to)} (days past the due date)`, 50, y, { width: 495 });
  y = doc.y + 8;
  const w = (END - 50) / cols.length;
  doc.fontSize(9);
  cols.forEach(([label], i) => doc.font('Helvetica-Bold').fillColor('#111827').text(label, 50 + i * w, y, { width: w - 6, align: 'right' }));
  y += 14;
  doc.moveTo(50, y).lineTo(END, y).strokeColor('#d1d5db').stroke();
  y += 6;
  cols.forEach(([label, value], i) => doc.font(label === 'Total due' ? 'Helvetica-Bold' : 'Helvetica').fillColor('#374151').text(money(value), 50 + i * w, y, { width: w - 6, align: 'right' }));
  return y + 20;
}

export function renderStatement(shop: ShopProfile, s: StatementDto): Promise<Buffer> {
  const { doc, done } = a4Document(`Statement of account: ${s.company.name}, ${s.from} to ${s.to}`, shop.legal_name);
  shopHeading(doc, shop, 'STATEMENT', [
    'Statement of account',
    `Period: ${shortDay(s.from)} to ${shortDay(s.to)}`,
    `Payment terms: ${s.company.payment_terms_days ? `${s.company.payment_terms_days} days` : 'payment up front'}`,
  ]);
  let y = statementFor(doc, s);
  const rows: { cells: Row; bold?: boolean }[] = [
    { cells: [shortDay(s.from), '', 'Opening balance', '', '', '', money(s.opening_balance)], bold: true },
    ...s.lines.map((l) => ({
      cells: [shortDay(l.date), KIND_LABEL[l.kind], l.kind === 'invoice' ? l.reference : `${l.reference} (${l.invoice})`, l.due_date ? shortDay(l.due_date) : '', l.debit ? money(l.debit) : '', l.credit ? money(l.credit) : '', money(l.balance)] as Row,
    })),
  ];
  y = table(doc, y, rows);
  if (!s.lines.length) {
    doc.font('Helvetica').fontSize(9).fillColor('#6b7280').text('No invoices, credit notes or payments in this period.', 50, y, { width: 495 });
    y = doc.y + 8;
  }
  y = totalsBlock(doc, y, [['Total owed on the closing day', money(s.closing_balance)]]);
  y = ageingTable(doc, y + 16, s);
  doc.font('Helvetica').fontSize(8).fillColor('#6b7280');
  doc.text(
    `All amounts are in Singapore dollars and include GST. A negative balance is a credit in your favour. Please quote the invoice number with your payment. Questions about this statement: ${shop.email} or ${shop.phone}.`,
    50,
    y + 8,
    { width: 495 },
  );
  doc.end();
  return done;
}
