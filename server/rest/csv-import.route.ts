import express, { type Request, type Response } from 'express';
import { z } from 'zod';
import { AppError } from '../../shared/errors';
import { MAX_IMPORT_BYTES, MAX_IMPORT_ROWS } from '../../shared/schemas/csv-import.schema';
import { imageSourceOf, type AppDeps } from '../deps';
import { applyProductImport, dryRunProductImport, PRODUCT_IMPORT_COLUMNS } from '../services/catalogue/product-import.service';
import { applyStockImport, dryRunStockImport, STOCK_COLUMNS, type ImportReport } from '../services/inventory/stock-import.service';
import { backOffice, userOf, type PlainRoute } from './plain-route';

// CSV uploads: the file is the request body as it is (Content-Type text/csv), so `curl
// --data-binary @file.csv` and the back office's fetch(file) both work. The gate runs before a
// byte of the body is read; the body is capped at 20 MB.

const readBody = express.raw({ type: () => true, limit: MAX_IMPORT_BYTES });
const modeQuery = z.object({
  mode: z.enum(['dry_run', 'apply'], { error: "mode must be 'dry_run' or 'apply'" }).default('dry_run'),
});

function body(req: Request, res: Response): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    readBody(req, res, (err: unknown) => {
      if ((err as { type?: string } | undefined)?.type === 'entity.too.large') return reject(new AppError('PAYLOAD_TOO_LARGE', 'The file is larger than 20 MB; split it'));
      if (err) return reject(err);
      resolve(Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0));
    }),
  );
}

interface ImportSpec {
  path: string;
  /** Names the operation in the OpenAPI document, as procedures are named (area-verb). */
  operationId: string;
  tag: string;
  summary: string;
  columns: string;
  dryRun(deps: AppDeps, bytes: Buffer): Promise<ImportReport>;
  apply(deps: AppDeps, userId: string, bytes: Buffer): Promise<ImportReport>;
}

const IMPORTS: ImportSpec[] = [
  {
    path: '/admin/import/products',
    operationId: 'admin-products-importCsv',
    tag: 'admin: products',
    summary: 'Import products and variants from CSV: create or update by SKU, price tiers included',
    columns:
      `Columns: ${PRODUCT_IMPORT_COLUMNS.join(', ')} (required) and sku, description, weight_grams, safety_stock, order_minimum, order_multiple, order_maximum, images. price_tiers is minimum:price pairs ` +
      'separated by |, e.g. 25:12.50|100:10. order_minimum, order_multiple (a carton) and order_maximum are the order quantity rules: an empty cell is no rule, ' +
      'a file without these columns leaves the rules as they are. ' +
      'The SKU follows from category, type, colour, size and pack size; a row whose SKU exists updates that ' +
      'variant, any other creates it in the product of the same name, category, type and colour (or a new product). The products export is a valid import file. ' +
      'images (optional) sets the product\'s images: stored /uploads/... paths or https:// addresses separated by |; each address is fetched and checked ' +
      '(JPEG, PNG, WebP or GIF, at most 10 MB, no redirects) by the dry run and stored by the apply; a refused image is that row\'s error.',
    dryRun: (deps, bytes) => dryRunProductImport(deps.db, bytes, imageSourceOf(deps)),
    apply: (deps, _userId, bytes) => applyProductImport(deps.db, bytes, imageSourceOf(deps)),
  },
  {
    path: '/admin/import/stock',
    operationId: 'admin-inventory-importCsv',
    tag: 'admin: inventory',
    summary: 'Import stock counts from CSV: set on_hand by SKU',
    columns: `Columns: ${STOCK_COLUMNS.join(', ')} (required) and notes. on_hand is the counted figure; reason is one of the stock adjustment reasons (e.g. recount). Each change is written to the stock ledger.`,
    dryRun: (deps, bytes) => dryRunStockImport(deps.db, bytes),
    apply: (deps, userId, bytes) => applyStockImport(deps.db, userId, bytes),
  },
];

const rowSchema = {
  type: 'object',
  properties: {
    line: { type: 'integer' },
    sku: { type: 'string' },
    action: { type: 'string', enum: ['create', 'change', 'unchanged', 'refuse'] },
    changes: { type: 'array', items: { type: 'string' } },
    errors: { type: 'array', items: { type: 'string' } },
  },
};
const reportSchema = {
  type: 'object',
  properties: {
    applied: { type: 'boolean' },
    summary: { type: 'object', properties: { create: { type: 'integer' }, change: { type: 'integer' }, unchanged: { type: 'integer' }, refuse: { type: 'integer' } } },
    rows: { type: 'array', items: rowSchema },
  },
} as const;

export const csvImportRoutes: PlainRoute[] = IMPORTS.map((spec) => ({
  method: 'POST',
  path: spec.path,
  gate: backOffice,
  // The gate has run before a byte of the body is read.
  handle: async (deps, req, res, caller) => {
    const { mode } = modeQuery.parse(req.query);
    const bytes = await body(req, res);
    if (mode === 'dry_run') return void res.json(await spec.dryRun(deps, bytes));
    const result = await spec.apply(deps, userOf(caller).id, bytes);
    if (result.applied) return void res.json(result);
    // Refused rows: nothing was written; the report says which and why.
    res.status(409).json({ detail: `Nothing was imported: ${result.summary.refuse} row(s) refused`, ...result });
  },
  openapi: {
    operationId: spec.operationId,
    tags: [spec.tag],
    summary: spec.summary,
    description:
      `The request body is the CSV file itself (Content-Type: text/csv, UTF-8, header row, at most 20 MB and ${MAX_IMPORT_ROWS.toLocaleString('en-US')} rows). ${spec.columns}\n\n` +
      '`mode=dry_run` (the default) answers row by row what would be created, changed or refused and why, and writes nothing. ' +
      '`mode=apply` checks again and applies every row in one transaction, or nothing (409 with the same report) if any row is refused.',
    parameters: [{ name: 'mode', in: 'query', required: false, schema: { type: 'string', enum: ['dry_run', 'apply'], default: 'dry_run' } }],
    requestBody: { required: true, content: { 'text/csv': { schema: { type: 'string' } } } },
    responses: {
      '200': { description: 'The row-by-row report', content: { 'application/json': { schema: reportSchema } } },
      '400': { description: `{ detail } : empty file, not UTF-8, missing columns, not CSV, more than ${MAX_IMPORT_ROWS.toLocaleString('en-US')} rows` },
      '409': { description: 'Apply refused: { detail, applied: false, summary, rows }; nothing was written' },
      '413': { description: '{ detail: "The file is larger than 20 MB; split it" }' },
    },
  },
}));
