// The plan of a product import: each row checked by the product form's own schema and rules and
// compared with what the shop has, as create, change, unchanged or refuse.
import type { PrismaClient } from '@prisma/client';
import { buildSku } from '../../../shared/domain/sku';
import { AppError } from '../../../shared/errors';
import { hasRuleKeys, productInput, variantInput, type ProductInput, type VariantInput } from '../../../shared/schemas/products.schema';
import { isOutsideImageAddress } from '../../../shared/domain/product-images';
import { zodDetail } from '../../lib/http-error';
import { formatTiers } from '../../../shared/domain/pricing';
import type { CsvRecord } from '../../lib/csv-read';
import { checkRules, tierRows } from './products.service';
import { getSettings } from '../settings/settings.service';
import { productImageUrls, variantsBySku, type ExistingVariant } from './product-import.sql';
import type { ImageCell } from './product-import-images';
import type { ImportRow } from '../../../shared/schemas/csv-import.schema';

const productFields = productInput.omit({ variants: true });

/** The product a new variant joins: one of the same name, category, type and colour. */
export const productKey = (p: ProductInput) => JSON.stringify([p.name, p.category, p.type, p.color]);

export interface Planned extends ImportRow {
  /** The product's images from this row's images cell (undefined: the cell is empty). */
  images?: string[];
  product?: ProductInput;
  variant?: VariantInput;
  existingId?: string;
  productId?: string;
}

/** "25:12.5|100:10" -> tiers; anything else is null (told as a bad price). */
function parseTiers(cell: string): { min_quantity: number; price: number }[] | null {
  const parts = cell.split('|').map((p) => p.trim()).filter(Boolean);
  if (!parts.length) return null;
  const tiers = parts.map((p) => {
    const m = /^(\d+)\s*:\s*(\d+(?:\.\d{1,2})?)$/.exec(p);
    return m ? { min_quantity: Number(m[1]), price: Number(m[2]) } : null;
  });
  return tiers.every(Boolean) ? (tiers as { min_quantity: number; price: number }[]) : null;
}

/** A rule cell: an absent column is undefined (rules kept), an empty cell null (no rule). */
const ruleCell = (cell: string | undefined) => (cell === undefined ? undefined : cell.trim() === '' ? null : num(cell.trim()));

const num = (cell: string | undefined) => (cell === undefined || cell === '' ? undefined : /^-?\d+(\.\d+)?$/.test(cell) ? Number(cell) : NaN);

/** "order_multiple - -> 5": each rule the row changes (a dash is no rule). */
function ruleChanges(old: ExistingVariant, v: VariantInput): string[] {
  const pairs = [
    ['order_minimum', old.orderMinimum, v.order_minimum ?? null],
    ['order_multiple', old.orderMultiple, v.order_multiple ?? null],
    ['order_maximum', old.orderMaximum, v.order_maximum ?? null],
  ] as const;
  return pairs.filter(([, a, b]) => a !== b).map(([name, a, b]) => `${name} ${a ?? '-'} -> ${b ?? '-'}`);
}

const sameList = (a: string[], b: string[]) => a.length === b.length && a.every((v, i) => v === b[i]);

export async function plan(db: PrismaClient, records: CsvRecord[], imageCells: Map<number, ImageCell>): Promise<Planned[]> {
  const settings = await getSettings(db);
  const seen = new Map<string, number>();
  const rows: Planned[] = records.map(({ line, cells }) => {
    const errors: string[] = [];
    const row: Planned = { line, sku: (cells.sku ?? '').toUpperCase(), action: 'refuse', changes: [], errors };
    const imageCell = imageCells.get(line);
    if (imageCell && 'error' in imageCell) errors.push(imageCell.error);
    else if (imageCell) row.images = imageCell.images;
    const p = productFields.safeParse({ name: cells.product_name, description: cells.description ?? '', category: cells.category, type: cells.type, color: cells.color });
    const tiers = parseTiers(cells.price_tiers);
    if (!tiers) errors.push(`Bad price tiers "${cells.price_tiers}": write minimum:price pairs separated by |, e.g. 25:12.50|100:10`);
    const v = variantInput.safeParse({
      width_cm: num(cells.width_cm),
      height_cm: num(cells.height_cm),
      pack_size: num(cells.pack_size),
      price_tiers: tiers ?? [],
      safety_stock: num(cells.safety_stock),
      weight_grams: num(cells.weight_grams),
      order_minimum: ruleCell(cells.order_minimum),
      order_multiple: ruleCell(cells.order_multiple),
      order_maximum: ruleCell(cells.order_maximum),
    });
    if (!v.success) errors.push(...(tiers ? [zodDetail(v.error)] : []).filter(Boolean));
    const product = p.success ? p.data : undefined;
    if (!p.success) errors.push(zodDetail(p.error));
    if (product) {
      if (!settings.available_colors.includes(product.color)) errors.push(`Unknown colour "${product.color}" (the shop's colours: ${settings.available_colors.join(', ')})`);
      if (!settings.available_types.includes(product.type)) errors.push(`Unknown type "${product.type}" (the shop's types: ${settings.available_types.join(', ')})`);
      if (!settings.available_categories.includes(product.category)) errors.push(`Unknown category "${product.category}" (the shop's categories: ${settings.available_categories.join(', ')})`);
    }
    if (!product || !v.success || errors.length) return row;
    const whole: ProductInput = { ...product, variants: [v.data] };
    try {
      checkRules(whole);
    } catch (err) {
      if (err instanceof AppError) return { ...row, errors: [err.message] };
      throw err;
    }
    const sku = buildSku({ category: product.category, type: product.type, color: product.color, widthCm: v.data.width_cm, heightCm: v.data.height_cm, packSize: v.data.pack_size });
    if (row.sku && row.sku !== sku) return { ...row, errors: [`SKU ${row.sku} does not match its category, type, colour, size and pack size (that makes ${sku})`] };
    if (seen.has(sku)) return { ...row, sku, errors: [`Duplicate SKU: also on row ${seen.get(sku)}`] };
    seen.set(sku, line);
    return { ...row, sku, action: 'create', product: whole, variant: v.data };
  });
  // A product's images come from one cell: rows of the same product may repeat it or leave it empty.
  const imagesFrom = new Map<string, Planned>();
  for (const r of rows) {
    if (r.action === 'refuse' || !r.images) continue;
    const first = imagesFrom.get(productKey(r.product!));
    if (!first) imagesFrom.set(productKey(r.product!), r);
    else if (!sameList(first.images!, r.images)) Object.assign(r, { action: 'refuse', errors: [`The images differ from row ${first.line} of the same product; give them on one row, or the same on each`] });
  }
  const valid = rows.filter((r) => r.action !== 'refuse');
  // Lists of SKUs and ids go to the database as one array each (product-import.sql.ts).
  const bySku = new Map<string, ExistingVariant>((await variantsBySku(db, valid.map((r) => r.sku))).map((e) => [e.sku, e]));
  const withImages = [...new Set(valid.filter((r) => r.images).map((r) => bySku.get(r.sku)?.productId).filter((id): id is string => !!id))];
  const currentImages = new Map<string, string[]>();
  for (const img of await productImageUrls(db, withImages)) {
    currentImages.set(img.productId, [...(currentImages.get(img.productId) ?? []), img.url]);
  }
  const imagesChange = (images: string[], before: string[]) => `images: ${before.length} -> ${images.length}${images.some(isOutsideImageAddress) ? ' (fetched from https:// addresses when applied)' : ''}`;
  for (const r of valid) {
    const old = bySku.get(r.sku);
    if (!old) {
      r.changes = [`new variant of "${r.product!.name}"`, ...(r.images ? [imagesChange(r.images, [])] : [])];
      continue;
    }
    r.existingId = old.id;
    r.productId = old.productId;
    const v = r.variant!;
    const newTiers = formatTiers(tierRows(v));
    const oldTiers = formatTiers(old.priceTiers);
    const changes: string[] = [];
    if (newTiers !== oldTiers) changes.push(`price_tiers ${oldTiers} -> ${newTiers}`);
    if (v.safety_stock !== old.safetyStock) changes.push(`safety_stock ${old.safetyStock} -> ${v.safety_stock}`);
    if (v.weight_grams !== undefined && v.weight_grams !== old.weightGrams) changes.push(`weight_grams ${old.weightGrams} -> ${v.weight_grams}`);
    if (hasRuleKeys(v)) changes.push(...ruleChanges(old, v));
    const before = currentImages.get(old.productId) ?? [];
    if (r.images && !sameList(r.images, before)) changes.push(imagesChange(r.images, before));
    else delete r.images;
    r.changes = changes;
    r.action = changes.length ? 'change' : 'unchanged';
  }
  return rows;
}
