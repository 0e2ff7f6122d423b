/** 'INV-000042': the tax invoice number printed on the PDF (a gap-free sequence, see decisions.md). */
export const formatInvoiceNumber = (n: number): string => `INV-${String(n).padStart(6, '0')}`;
