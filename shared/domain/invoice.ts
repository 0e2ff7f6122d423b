/**
 * 'INV-000042': the tax invoice number printed on the PDF. Gap-free, as a tax invoice number must
 * be, so it comes from a counter rather than a PostgreSQL sequence.
 */
export const formatInvoiceNumber = (n: number): string => `INV-${String(n).padStart(6, '0')}`;
