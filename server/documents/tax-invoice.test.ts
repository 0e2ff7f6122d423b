import { describe, expect, it } from 'vitest';
import { DEFAULT_SHOP_PROFILE } from '../../shared/schemas/shop-profile.schema';
import { pdfPages } from '../../tests/setup/pdf-text';
import { renderTaxInvoice, type InvoiceData } from './tax-invoice';

const base: InvoiceData = {
  invoiceNumber: 7,
  orderNumber: 'PS-20261123-ABCDEF',
  issuedAt: new Date('2026-11-23T02:00:00Z'),
  buyer: { name: 'Tan Mei Ling', email: 'mei@example.com', lines: ['1 Orchard Road, #05-01', 'Singapore 238801, Singapore'] },
  company: null,
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

  it("bills a business buyer's company with its UEN and GST number, and ships to the buyer", async () => {
    const company = { name: 'Acme Packaging Pte. Ltd.', country: 'SG' as const, registration_number: '201912345K', tax_number: 'M90312345A', billing_address: '1 Raffles Place\n#20-01\nSingapore 048616' };
    const [page] = await pdfPages(await renderTaxInvoice(DEFAULT_SHOP_PROFILE, { ...base, company }));
    for (const text of ['Bill to', 'Acme Packaging Pte. Ltd.', 'UEN: 201912345K', 'GST Reg. No.: M90312345A', '1 Raffles Place', 'Singapore 048616', 'Attn: Tan Mei Ling', 'Ship to', '1 Orchard Road, #05-01']) {
      expect(page).toContain(text);
    }
  });

  it('names Malaysian numbers as SSM and SST, and bills to the shipping address when no billing address is kept', async () => {
    const company = { name: 'Kotak Sdn. Bhd.', country: 'MY' as const, registration_number: '202001012345', tax_number: null, billing_address: null };
    const [page] = await pdfPages(await renderTaxInvoice(DEFAULT_SHOP_PROFILE, { ...base, company }));
    expect(page).toContain('Company No. (SSM): 202001012345');
    expect(page).not.toContain('SST Reg. No.');
    expect(page.split('1 Orchard Road, #05-01').length - 1).toBe(2);
  });
});

describe('the tax invoice of an order on invoice', () => {
  it('prints the PO number, the due date, what is paid and the balance due', async () => {
    const items = [{ name: 'Polymailer 25 x 35 cm', sku: 'PM-2535-100', quantity: 10, unitPriceCents: 1290, lineTotalCents: 12900 }];
    const inv = { ...base, items, subtotalCents: 12900, totalCents: 12900, gstCents: 1065, terms: { poNumber: 'PO-7781', dueDay: '2026-12-23', paidCents: 5000 } };
    const pdf = await renderTaxInvoice(DEFAULT_SHOP_PROFILE, inv);
    const text = (await pdfPages(pdf)).join(' ');
    expect(text).toContain('Your PO No.: PO-7781');
    expect(text).toContain('Due date: 23 December 2026');
    expect(text).toMatch(/Amount paid\s+\$50\.00/);
    expect(text).toMatch(/Balance due\s+\$79\.00/);
    expect(text).toMatch(/please pay by 23 December 2026, quoting order PS-20261123-\s*ABCDEF and PO PO-7781/);
    // An order paid up front says none of it.
    const plain = (await pdfPages(await renderTaxInvoice(DEFAULT_SHOP_PROFILE, { ...inv, terms: null }))).join(' ');
    expect(plain).not.toContain('Due date');
    expect(plain).not.toContain('Balance due');
  });
});
