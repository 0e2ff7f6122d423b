// A price list's listed prices as rows of text, one tier a row: `sku, price, min_quantity` (the
// minimum quantity 1 when left out). The back office's price-list form and the CSV import/export
// read and write this one shape, so a sheet exported can be pasted or imported back unchanged.
// Prices are dollars as typed; the API's schema checks them (more than 0, whole cents).

export type PriceListRowItem = { sku: string; tiers: { min_quantity: number; price: number }[] };

const PRICE_LIST_CSV_HEADER = 'sku,price,min_quantity';

/** Rows → items grouped by SKU in first-seen order; the problem names the row (1-based) it is on. */
export function parsePriceListRows(text: string): { items: PriceListRowItem[] } | { error: string } {
  if (text.includes('\u0000')) return { error: 'The text cannot contain NUL characters.' };
  const items = new Map<string, PriceListRowItem>();
  const lines = text.split(/\r?\n/);
  for (const [i, raw] of lines.entries()) {
    const line = raw.trim();
    if (!line || line.toLowerCase().replace(/\s+/g, '') === PRICE_LIST_CSV_HEADER) continue;
    const cells = line.split(/[,\t;]/).map((c) => c.trim().replace(/^"|"$/g, ''));
    const [sku, priceText, minText = '1'] = cells;
    const row = `Row ${i + 1}`;
    if (!sku) return { error: `${row}: a SKU is required.` };
    if (!priceText || !/^-?\d+(\.\d+)?$/.test(priceText.replace(/^\$/, ''))) return { error: `${row}: the price must be an amount in dollars.` };
    if (!/^\d+$/.test(minText || '1')) return { error: `${row}: the minimum quantity must be a whole number.` };
    const key = sku.toUpperCase();
    const item = items.get(key) ?? { sku, tiers: [] };
    item.tiers.push({ min_quantity: Number(minText || '1'), price: Number(priceText.replace(/^\$/, '')) });
    items.set(key, item);
  }
  return { items: [...items.values()] };
}

/** Items → rows, lowest minimum first, with the header: what the CSV export and the form show. */
export function priceListRowsText(items: readonly PriceListRowItem[]): string {
  const rows = items.flatMap((it) => [...it.tiers].sort((a, b) => a.min_quantity - b.min_quantity).map((t) => `${it.sku},${t.price.toFixed(2)},${t.min_quantity}`));
  return [PRICE_LIST_CSV_HEADER, ...rows].join('\n');
}
