import type { Prisma, PrismaClient } from '@prisma/client';
import { buildSku } from '../../../shared/domain/sku';
import { AppError, badRequest, conflict } from '../../../shared/errors';
import { isForeignKeyViolation, isUniqueViolation, postgresCode } from '../../db/errors';
import { productImagesInput, productInput, variantInput, type ProductInput, type VariantInput } from '../../../shared/schemas/products.schema';
import { isOutsideImageAddress } from '../../../shared/domain/product-images';
import { zodDetail } from '../../lib/http-error';
import { newId } from '../../db/ids';
import { noteCatalogueChanged, unitOfWork } from '../../db/unit-of-work';
import { webhookProductsImported } from '../../webhooks/events';
import { formatTiers } from '../../../shared/domain/pricing';
import { readCsv, type CsvRecord } from '../../lib/csv-read';
import { checkRules, tierRows, variantData } from './products.service';
import { getSettings } from '../settings/settings.service';
import { deleteProductImages, insertPriceTiers, insertVariants, productImageUrls, productsNamed, touchProducts, updateVariantPrices, variantsBySku, insertProducts, type ExistingVariant, type NewProduct } from './product-import.sql';
import { fetchCheckedImage, storeOutsideImage, type ImageSource } from './product-images.service';
import { MAX_IMPORT_IMAGE_ADDRESSES, PRODUCT_IMPORT_COLUMNS, PRODUCT_IMPORT_OPTIONAL, type ImportReport, type ImportRow } from '../../../shared/schemas/csv-import.schema';

// Products and variants from a CSV, created or updated by SKU (the SKU follows from category, type,
// colour, size and pack size). Each row goes through the product form's own schema and rules;
// new variants join the product of the same name, category, type and colour, or a new one.
// Stock is not set here (that is the stock count import, which writes the ledger).
// A non-empty images cell (stored paths or https:// addresses, separated by |) sets the images of
// the row's product; the dry run fetches and checks each address, the apply also stores it.

export { PRODUCT_IMPORT_COLUMNS };
const OPTIONAL = PRODUCT_IMPORT_OPTIONAL;

const productFields = productInput.omit({ variants: true });

interface Planned extends ImportRow {
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

const num = (cell: string | undefined) => (cell === undefined || cell === '' ? undefined : /^-?\d+(\.\d+)?$/.test(cell) ? Number(cell) : NaN);

type ImageCell = { images: string[] } | { error: string };

/**
 * Every row's images cell, checked as the product form checks its images: stored paths stay, each
 * https:// address is fetched and checked (and, when `store`, stored; the cell then holds the stored
 * path). A refused value or a failed fetch is that row's error. Cells repeated on the rows of one
 * product fetch each address once.
 */
async function readImageCells(records: CsvRecord[], source: ImageSource, store: boolean): Promise<Map<number, ImageCell>> {
  const split = (cell: string | undefined) => (cell ?? '').split('|').map((v) => v.trim()).filter(Boolean);
  const addresses = new Set(records.flatMap((r) => split(r.cells.images).filter(isOutsideImageAddress)));
  if (addresses.size > MAX_IMPORT_IMAGE_ADDRESSES) {
    throw badRequest(`The file names ${addresses.size} image addresses; at most ${MAX_IMPORT_IMAGE_ADDRESSES} can be fetched in one import. Split the file.`);
  }
  // Every address starts at once through a pool of IMAGE_FETCHES_AT_ONCE; rows then wait for theirs.
  const pool = limiter(IMAGE_FETCHES_AT_ONCE);
  const fetched = new Map<string, Promise<string>>();
  const rows: { line: number; values: string[] }[] = [];
  const cells = new Map<number, ImageCell>();
  for (const { line, cells: row } of records) {
    const values = split(row.images);
    if (!values.length) continue;
    const parsed = productImagesInput.safeParse(values);
    if (!parsed.success) {
      cells.set(line, { error: zodDetail(parsed.error) });
      continue;
    }
    rows.push({ line, values });
    for (const [i, value] of values.entries()) {
      const key = `${i}\n${value}`;
      if (!isOutsideImageAddress(value) || fetched.has(key)) continue;
      const label = `Image ${i + 1}`;
      const got = pool(() => (store ? storeOutsideImage(source, value, label) : fetchCheckedImage(source, value, label).then(() => value)));
      got.catch(() => undefined); // awaited below; a refusal is that row's error
      fetched.set(key, got);
    }
  }
  for (const { line, values } of rows) {
    try {
      const images: string[] = [];
      for (const [i, value] of values.entries()) images.push(isOutsideImageAddress(value) ? await fetched.get(`${i}\n${value}`)! : value);
      cells.set(line, { images });
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      cells.set(line, { error: err.message });
    }
  }
  return cells;
}

const IMAGE_FETCHES_AT_ONCE = 4;

/** Runs at most n of the given tasks at a time. */
function limiter(n: number) {
  let active = 0;
  const waiting: (() => void)[] = [];
  return async <T>(task: () => Promise<T>): Promise<T> => {
    if (active >= n) await new Promise<void>((resolve) => waiting.push(resolve));
    active += 1;
    try {
      return await task();
    } finally {
      active -= 1;
      waiting.shift()?.();
    }
  };
}

const sameList = (a: string[], b: string[]) => a.length === b.length && a.every((v, i) => v === b[i]);

async function plan(db: PrismaClient, records: CsvRecord[], imageCells: Map<number, ImageCell>): Promise<Planned[]> {
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
    const before = currentImages.get(old.productId) ?? [];
    if (r.images && !sameList(r.images, before)) changes.push(imagesChange(r.images, before));
    else delete r.images;
    r.changes = changes;
    r.action = changes.length ? 'change' : 'unchanged';
  }
  return rows;
}

/** One transaction for the whole file; another writer taking one of its SKUs meanwhile is a 409. */
async function inTransaction(db: PrismaClient, fn: (tx: Prisma.TransactionClient) => Promise<void>) {
  try {
    await unitOfWork(db, fn, { timeout: 120_000, maxWait: 10_000 });
  } catch (err) {
    // Raw statements report PostgreSQL's code (P2010 on pg), Prisma's own ones P2002/P2003.
    if (isUniqueViolation(err) || postgresCode(err) === '23505') throw conflict('A SKU in the file was created by someone else meanwhile; run the dry run again');
    if (isForeignKeyViolation(err) || postgresCode(err) === '23503') throw conflict('A product or variant in the file was deleted by someone else meanwhile; run the dry run again');
    throw err;
  }
}

function report(rows: Planned[], applied: boolean): ImportReport {
  const summary = { create: 0, change: 0, unchanged: 0, refuse: 0 };
  for (const r of rows) summary[r.action] += 1;
  return { applied, summary, rows: rows.map(({ line, sku, action, changes, errors }) => ({ line, sku, action, changes, errors })) };
}

/** Checks every row; image addresses are fetched and checked but nothing is stored. */
export async function dryRunProductImport(db: PrismaClient, bytes: Buffer, images: ImageSource): Promise<ImportReport> {
  const records = readCsv(bytes, PRODUCT_IMPORT_COLUMNS, OPTIONAL);
  return report(await plan(db, records, await readImageCells(records, images, false)), false);
}

/**
 * All or nothing, in one transaction; the plan is made again at apply time. Image addresses are
 * fetched and stored first, outside the write lock (a refused file may leave those copies
 * unreferenced in the store, as an upload never saved in the form does).
 */
export async function applyProductImport(db: PrismaClient, bytes: Buffer, images: ImageSource): Promise<ImportReport> {
  const records = readCsv(bytes, PRODUCT_IMPORT_COLUMNS, OPTIONAL);
  const imageCells = await readImageCells(records, images, true);
  const planned = await plan(db, records, imageCells);
  if (planned.some((r) => r.action === 'refuse')) return report(planned, false);
  await inTransaction(db, async (tx) => {
    noteCatalogueChanged(tx, 'product');
    await writePlan(tx, planned);
    await webhookProductsImported(tx, planned);
  });
  return report(planned, true);
}

const productKey = (p: ProductInput) => JSON.stringify([p.name, p.category, p.type, p.color]);

/**
 * Writes a checked plan in a handful of set-wise statements, whatever the number of rows (one
 * statement a row took about 5 s per 1,000 rows on PGlite): new products, new variants, changed
 * variants, their price tiers, and the updated_at of every product touched (the integrators' list).
 */
async function writePlan(tx: Prisma.TransactionClient, planned: Planned[]) {
  const creates = planned.filter((r) => r.action === 'create');
  const changes = planned.filter((r) => r.action === 'change');

  // New variants join the product of the same name, category, type and colour, or a new one.
  const productIds = new Map<string, string>();
  const wanted = new Map(creates.map((r) => [productKey(r.product!), r.product!]));
  const newProducts: NewProduct[] = [];
  if (wanted.size) {
    const found = await productsNamed(tx, [...new Set([...wanted.values()].map((p) => p.name))]);
    for (const f of found) {
      const key = JSON.stringify([f.name, f.category, f.type, f.color]);
      if (wanted.has(key) && !productIds.has(key)) productIds.set(key, f.id);
    }
    for (const [key, p] of wanted) {
      if (productIds.has(key)) continue;
      const id = newId();
      productIds.set(key, id);
      newProducts.push({ id, name: p.name, description: p.description, category: p.category, type: p.type, color: p.color });
    }
  }
  // Products, variants and tiers go in as arrays in one statement each (product-import.sql.ts).
  const now = new Date().toISOString();
  if (newProducts.length) await insertProducts(tx, newProducts, now);
  const createdId = new Map(creates.map((r) => [r.sku, newId()]));
  if (creates.length) {
    await insertVariants(tx, creates.map((r) => ({ id: createdId.get(r.sku)!, productId: productIds.get(productKey(r.product!))!, ...variantData(r.product!, r.variant!) })), now);
  }

  if (changes.length) {
    // Price, safety stock and weight are what a row of an existing SKU can change (the rest makes the SKU).
    const updated = await updateVariantPrices(tx, changes.map((r) => ({ id: r.existingId!, ...variantData(r.product!, r.variant!) })), now);
    if (updated !== changes.length) throw conflict('A variant in the file was deleted by someone else meanwhile; run the dry run again');
  }
  const tiers = [
    ...creates.map((r) => ({ variantId: createdId.get(r.sku)!, v: r.variant! })),
    ...changes.map((r) => ({ variantId: r.existingId!, v: r.variant! })),
  ].flatMap(({ variantId, v }) => tierRows(v).map((t) => ({ ...t, variantId, id: newId() })));
  if (tiers.length) await insertPriceTiers(tx, tiers);

  // Images: a row's images cell replaces its product's list (plan() kept one list per product).
  const newImages = new Map<string, string[]>();
  for (const r of [...creates, ...changes]) if (r.images) newImages.set(r.productId ?? productIds.get(productKey(r.product!))!, r.images);
  if (newImages.size) {
    await deleteProductImages(tx, [...newImages.keys()]);
    await tx.productImage.createMany({ data: [...newImages].flatMap(([productId, urls]) => urls.map((url, position) => ({ id: newId(), productId, url, position }))) });
  }

  const touched = [...new Set([...changes.map((r) => r.productId!), ...creates.map((r) => productIds.get(productKey(r.product!))!)])];
  if (touched.length) await touchProducts(tx, touched, now);
}
