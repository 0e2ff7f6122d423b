import type { Prisma, PrismaClient } from '@prisma/client';
import { buildSku } from '../../../shared/domain/sku';
import { AppError, conflict } from '../../../shared/errors';
import { isUniqueViolation } from '../../db/errors';
import { productInput, variantInput, type ProductInput, type VariantInput } from '../../../shared/schemas/admin/products.schema';
import { zodDetail } from '../../lib/http-error';
import { catalogChanged } from '../../lib/catalog-events';
import { withWriteLock } from '../write-lock';
import { webhookProductsImported } from '../../webhooks/events';
import { formatTiers } from './csv-export.service';
import { readCsv, type CsvRecord } from './csv-read';
import { checkRules, tierRows, variantData } from './products.service';
import { getSettings } from './settings.service';
import type { ImportReport, ImportRow } from './stock-import.service';

// Products and variants from a CSV, created or updated by SKU (the SKU follows from category, type,
// colour, size and pack size). Each row goes through the product form's own schema and rules;
// new variants join the product of the same name, category, type and colour, or a new one.
// Stock is not set here (that is the stock count import, which writes the ledger).

export const PRODUCT_IMPORT_COLUMNS = ['product_name', 'category', 'type', 'color', 'width_cm', 'height_cm', 'pack_size', 'price_tiers'] as const;
const OPTIONAL = ['sku', 'description', 'weight_grams', 'safety_stock'] as const;

const productFields = productInput.omit({ variants: true });

interface Planned extends ImportRow {
  product?: ProductInput;
  variant?: VariantInput;
  existingId?: string;
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

const num = (cell: string | undefined) => (cell === undefined || cell === '' ? undefined : /^-?\d+(\.\d+)?$/.test(cell) ? Number(cell) : NaN);

type Existing = { id: string; sku: string; safetyStock: number; weightGrams: number; priceTiers: { minQuantity: number; priceCents: number }[] };

async function plan(db: PrismaClient, records: CsvRecord[]): Promise<Planned[]> {
  const settings = await getSettings(db);
  const seen = new Map<string, number>();
  const rows: Planned[] = records.map(({ line, cells }) => {
    const errors: string[] = [];
    const row: Planned = { line, sku: (cells.sku ?? '').toUpperCase(), action: 'refuse', changes: [], errors };
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
  const valid = rows.filter((r) => r.action !== 'refuse');
  const existing = await db.variant.findMany({
    where: { sku: { in: valid.map((r) => r.sku) } },
    select: { id: true, sku: true, safetyStock: true, weightGrams: true, priceTiers: { select: { minQuantity: true, priceCents: true } } },
  });
  const bySku = new Map<string, Existing>(existing.map((e) => [e.sku, e]));
  for (const r of valid) {
    const old = bySku.get(r.sku);
    if (!old) {
      r.changes = [`new variant of "${r.product!.name}"`];
      continue;
    }
    r.existingId = old.id;
    const v = r.variant!;
    const newTiers = formatTiers(tierRows(v));
    const oldTiers = formatTiers(old.priceTiers);
    const changes: string[] = [];
    if (newTiers !== oldTiers) changes.push(`price_tiers ${oldTiers} -> ${newTiers}`);
    if (v.safety_stock !== old.safetyStock) changes.push(`safety_stock ${old.safetyStock} -> ${v.safety_stock}`);
    if (v.weight_grams !== undefined && v.weight_grams !== old.weightGrams) changes.push(`weight_grams ${old.weightGrams} -> ${v.weight_grams}`);
    r.changes = changes;
    r.action = changes.length ? 'change' : 'unchanged';
  }
  return rows;
}

/** One transaction for the whole file; another writer taking one of its SKUs meanwhile is a 409. */
async function inTransaction(db: PrismaClient, fn: (tx: Prisma.TransactionClient) => Promise<void>) {
  try {
    await db.$transaction(fn, { timeout: 120_000, maxWait: 10_000 });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict('A SKU in the file was created by someone else meanwhile; run the dry run again');
    throw err;
  }
}

function report(rows: Planned[], applied: boolean): ImportReport {
  const summary = { create: 0, change: 0, unchanged: 0, refuse: 0 };
  for (const r of rows) summary[r.action] += 1;
  return { applied, summary, rows: rows.map(({ line, sku, action, changes, errors }) => ({ line, sku, action, changes, errors })) };
}

export async function dryRunProductImport(db: PrismaClient, bytes: Buffer): Promise<ImportReport> {
  return report(await plan(db, readCsv(bytes, PRODUCT_IMPORT_COLUMNS, OPTIONAL)), false);
}

/** All or nothing, in one transaction; the plan is made again at apply time. */
export async function applyProductImport(db: PrismaClient, bytes: Buffer): Promise<ImportReport> {
  const records = readCsv(bytes, PRODUCT_IMPORT_COLUMNS, OPTIONAL);
  const result = await withWriteLock(db, async () => {
    const planned = await plan(db, records);
    if (planned.some((r) => r.action === 'refuse')) return report(planned, false);
    await inTransaction(db, async (tx) => {
        const productIds = new Map<string, string>();
        for (const r of planned) {
          const p = r.product!;
          const v = r.variant!;
          if (r.action === 'change') {
            await tx.variant.update({ where: { id: r.existingId }, data: variantData(p, v), select: { id: true } });
            await tx.priceTier.deleteMany({ where: { variantId: r.existingId } });
            await tx.priceTier.createMany({ data: tierRows(v).map((t) => ({ ...t, variantId: r.existingId! })) });
          } else if (r.action === 'create') {
            const key = JSON.stringify([p.name, p.category, p.type, p.color]);
            let productId = productIds.get(key);
            if (!productId) {
              const found = await tx.product.findFirst({ where: { name: p.name, category: p.category, type: p.type, color: p.color }, select: { id: true } });
              productId = found?.id ?? (await tx.product.create({ data: { name: p.name, description: p.description, category: p.category, type: p.type, color: p.color }, select: { id: true } })).id;
              productIds.set(key, productId);
            }
            await tx.variant.create({ data: { ...variantData(p, v), productId, priceTiers: { create: tierRows(v) } }, select: { id: true } });
          }
        }
        await webhookProductsImported(tx, planned);
      });
    return report(planned, true);
  });
  if (result.applied) catalogChanged('product');
  return result;
}
