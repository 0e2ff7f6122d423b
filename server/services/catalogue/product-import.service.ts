import type { Prisma, PrismaClient } from '@prisma/client';
import { conflict } from '../../../shared/errors';
import { isForeignKeyViolation, isUniqueViolation, postgresCode } from '../../db/errors';
import { noteCatalogueChanged, unitOfWork } from '../../db/unit-of-work';
import { announce } from '../../outbox/business-events';
import { readCsv } from '../../lib/csv-read';
import type { ImageSource } from './product-images.service';
import { readImageCells } from './product-import-images';
import { plan, type Planned } from './product-import-plan';
import { writePlan } from './product-import-write';
import { PRODUCT_IMPORT_COLUMNS, PRODUCT_IMPORT_OPTIONAL, type ImportReport } from '../../../shared/schemas/csv-import.schema';

// Products and variants from a CSV, created or updated by SKU (the SKU follows from category, type,
// colour, size and pack size). Each row goes through the product form's own schema and rules;
// new variants join the product of the same name, category, type and colour, or a new one.
// Stock is not set here (that is the stock count import, which writes the ledger).
// A non-empty images cell (stored paths or https:// addresses, separated by |) sets the images of
// the row's product; the dry run fetches and checks each address, the apply also stores it.

export { PRODUCT_IMPORT_COLUMNS };
const OPTIONAL = PRODUCT_IMPORT_OPTIONAL;

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
    await announce('productsImported', tx, planned);
  });
  return report(planned, true);
}
