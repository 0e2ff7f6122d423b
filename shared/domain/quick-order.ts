// Quick order by SKU: reading lines pasted from a spreadsheet or a CSV file into SKU and quantity
// rows. SKUs made by the specification's rule may contain spaces ('POLYMAILERS_NORMAL_BABY BLUE_25x35_50'),
// so the quantity is always the last field: `SKU<TAB>qty`, `SKU,qty` or `SKU qty`.

/** The most lines one quick order (and one POST /api/cart/bulk) may hold. */
export const MAX_QUICK_ORDER_LINES = 200;

export interface QuickOrderLine {
  sku: string;
  /** The quantity as typed, kept so that a refused row shows what the buyer wrote. */
  quantityText: string;
  /** The quantity when it is a whole number written with digits only; otherwise null. */
  quantity: number | null;
}

/** SKUs are upper case by the rule; a typed one is trimmed, its runs of spaces made one, and upper-cased. */
export const normalizeSku = (sku: string): string => sku.trim().replace(/\s+/g, ' ').toUpperCase();

/** A quantity typed by a buyer: digits only (thousands commas or spaces not allowed), else null. */
export function parseQuantity(text: string): number | null {
  const t = text.trim();
  if (!/^\d{1,9}$/.test(t)) return null;
  return Number(t);
}

/** Splits one CSV line on commas, honouring double-quoted fields ("a, b" and "" for a quote). */
function csvFields(line: string): string[] {
  const fields: string[] = [];
  let cur = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (quoted) {
      if (c === '"' && line[i + 1] === '"') {
        cur += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cur += c;
    } else if (c === '"' && cur.trim() === '') {
      quoted = true;
      cur = '';
    } else if (c === ',') {
      fields.push(cur);
      cur = '';
    } else cur += c;
  }
  fields.push(cur);
  return fields;
}

/**
 * One line: TAB-separated when it has a TAB, else comma-separated when it has a comma, else split at
 * its last run of spaces. With separators, the SKU is the first field and the quantity the last
 * non-empty one (a spreadsheet row may carry a name or price column between them). Null for a blank line.
 */
export function parseQuickOrderLine(raw: string): QuickOrderLine | null {
  const line = raw.replace(/\r$/, '');
  if (line.trim() === '') return null;
  let sku: string;
  let quantityText: string;
  if (line.includes('\t') || line.includes(',')) {
    const fields = (line.includes('\t') ? line.split('\t') : csvFields(line)).map((f) => f.trim());
    const last = fields.length - 1 - [...fields].reverse().findIndex((f) => f !== '');
    sku = fields[0];
    quantityText = last > 0 ? fields[last] : '';
  } else {
    const m = /^(.*\S)\s+(\S+)$/.exec(line.trim());
    if (m && parseQuantity(m[2]) !== null) [sku, quantityText] = [m[1], m[2]];
    else if (m && /^[\d.,-]+$/.test(m[2])) [sku, quantityText] = [m[1], m[2]];
    else [sku, quantityText] = [line.trim(), ''];
  }
  return { sku: normalizeSku(sku), quantityText: quantityText.trim(), quantity: parseQuantity(quantityText) };
}

/** A header row such as 'SKU,Quantity' or 'sku<TAB>qty': skipped when it is the first line. */
const isHeader = (l: QuickOrderLine) => l.quantity === null && /^(SKU|ITEM|PRODUCT|CODE|ITEM CODE|PRODUCT CODE|VARIANT)$/.test(l.sku) && /^[a-z ]*$/i.test(l.quantityText);

/** Every non-blank line of a paste or CSV file, in order; a first header row is dropped. */
export function parseQuickOrderText(text: string): QuickOrderLine[] {
  const lines = text
    .replace(/^\uFEFF/, '')
    .split('\n')
    .map(parseQuickOrderLine)
    .filter((l): l is QuickOrderLine => l !== null);
  if (lines.length > 0 && isHeader(lines[0])) lines.shift();
  return lines;
}
