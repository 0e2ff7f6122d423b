import express, { type Request, type Response } from 'express';
import { parsePriceListRows, priceListRowsText } from '../../shared/domain/price-list-rows';
import { AppError, badRequest } from '../../shared/errors';
import { idSchema } from '../../shared/schemas/common.schema';
import { updatePriceListInput } from '../../shared/schemas/price-lists.schema';
import { getPriceList, updatePriceList } from '../services/price-lists/price-lists-admin.service';
import { backOffice, type PlainRoute } from './plain-route';

// A price list's listed prices as CSV (decision 0193): `sku,price,min_quantity`, one tier a row, the
// same rows the back office's form shows (shared/domain/price-list-rows.ts). The export is a valid
// import; an import replaces the list's listed prices whole, checked exactly as PATCH checks them.

const MAX_BYTES = 2 * 1024 * 1024;
const readBody = express.raw({ type: () => true, limit: MAX_BYTES });

function body(req: Request, res: Response): Promise<string> {
  return new Promise((resolve, reject) =>
    readBody(req, res, (err: unknown) => {
      if ((err as { type?: string } | undefined)?.type === 'entity.too.large') return reject(new AppError('PAYLOAD_TOO_LARGE', 'The file is larger than 2 MB'));
      if (err) return reject(err);
      resolve((Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0)).toString('utf8').replace(/^\uFEFF/, ''));
    }),
  );
}

const idOf = (req: Request) => {
  const id = idSchema.safeParse(req.params.id);
  if (!id.success) throw badRequest(id.error.issues[0]?.message ?? 'Invalid id');
  return id.data;
};

const idParameter = { name: 'id', in: 'path' as const, required: true, schema: { type: 'string' as const } };

export const priceListsCsvRoutes: PlainRoute[] = [
  {
    method: 'GET',
    path: '/admin/price-lists/{id}/export',
    gate: backOffice,
    checkText: true,
    handle: async (deps, req, res) => {
      const list = await getPriceList(deps.db, idOf(req));
      const safe = list.name.replace(/[^A-Za-z0-9_-]+/g, '-').slice(0, 60) || 'price-list';
      res.setHeader('Content-Type', 'text/csv; charset=utf-8');
      res.setHeader('Content-Disposition', `attachment; filename="price-list-${safe}.csv"`);
      res.send(`\uFEFF${priceListRowsText(list.items)}\n`);
    },
    openapi: {
      operationId: 'admin-priceLists-exportCsv',
      tags: ['admin: price lists'],
      summary: "Export a price list's listed prices as CSV: sku,price,min_quantity, one tier a row",
      parameters: [idParameter],
      responses: { '200': { description: 'The CSV file', content: { 'text/csv': { schema: { type: 'string' } } } }, '404': { description: '{ detail: "Price list not found" }' } },
    },
  },
  {
    method: 'POST',
    path: '/admin/price-lists/{id}/import',
    gate: backOffice,
    checkText: true,
    handle: async (deps, req, res) => {
      const id = idOf(req);
      const parsed = parsePriceListRows(await body(req, res));
      if ('error' in parsed) throw badRequest(parsed.error);
      const input = updatePriceListInput.safeParse({ id, items: parsed.items });
      if (!input.success) throw badRequest(input.error.issues[0]?.message ?? 'The file is not a price list');
      res.json(await updatePriceList(deps.db, input.data));
    },
    openapi: {
      operationId: 'admin-priceLists-importCsv',
      tags: ['admin: price lists'],
      summary: "Replace a price list's listed prices from CSV (the export's columns: sku,price,min_quantity; min_quantity 1 when empty)",
      description: 'The body is the CSV file as it is (Content-Type text/csv), at most 2 MB. Prices are dollars with at most two decimals and more than 0; every SKU must exist; each listed SKU needs a tier starting at 1. Nothing is changed when any row is refused.',
      parameters: [idParameter],
      requestBody: { required: true, content: { 'text/csv': { schema: { type: 'string' } } } },
      responses: { '200': { description: 'The price list with its listed prices' }, '400': { description: '{ detail: "Row 3: the price must be an amount in dollars." }' }, '404': { description: '{ detail: "Price list not found" }' } },
    },
  },
];
