import { describe, expect, it } from 'vitest';
import { DEFAULT_SHOP_PROFILE } from '../../shared/schemas/admin/shop-profile.schema';
import { pdfPages } from '../../tests/setup/pdf-text';
import { renderTaxInvoice, type InvoiceData } from './tax-invoice';

const base: InvoiceData = {
  invoiceNumber: 7,
  orderNumber: 'PS-20261123-ABCDEF',
  issuedAt: new Date('2026-11-23T02:00:00Z'),
  buyer: { name: 'Tan Mei Ling', email: 'mei@example.com', lines: ['1 Orchard Road, #05-01', 'Singapore 238801, Singapore'] },
  items: [],
  gifts: [],
  subtotalCents: 0,
  discountCents: 0,
  couponCode: null,
  shippingCents: 0,
  gstCents: 0,
  totalCents: 0,
};

describe('renderTaxInvoice', () => {
  it('puts 100 lines on several A4 pages, every line and the totals readable', async () => {
    const items = Array.from({ length: 100 }, (_, i) => ({ name: `Mailer ${i + 1}`, sku: `SKU-${String(i + 1).padStart(3, '0')}`, quantity: 1, unitPriceCents: 100, lineTotalCents: 100 }));
    const pdf = await renderTaxInvoice({ ...DEFAULT_SHOP_PROFILE, gst_registration_number: '201912345K' }, { ...base, items, subtotalCents: 10000, totalCents: 10000, gstCents: 826 });
    const pages = await pdfPages(pdf);
    expect(pages.length).toBeGreaterThan(1);
    const all = pages.join(' ');
    for (let i = 1; i <= 100; i++) expect(all).toContain(`SKU-${String(i).padStart(3, '0')}`);
    expect(pages[0]).toContain('TAX INVOICE');
    expect(pages[0]).toContain('Invoice No.: INV-000007');
    expect(pages[0]).toContain('GST Reg. No.: 201912345K');
    expect(pages[0]).toContain('23 November 2026');
    expect(pages.at(-1)).toContain('GST included at 9% $8.26');
    expect(pages.at(-1)).toContain('Total (incl. GST) $100.00');
    // Every continued page repeats the column headings.
    for (const p of pages) expect(p).toContain('Unit price');
  });
});
