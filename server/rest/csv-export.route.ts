import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { stringify } from 'csv-stringify';
import type { Request, Response } from 'express';
import { z } from 'zod';
import { badRequest } from '../../shared/errors';
import type { AppDeps } from '../deps';
import { exportLedger, exportOrders, exportProducts, type CsvExport, type DateRange } from '../services/reports/csv-export.service';
import { backOffice, type PlainRoute } from './plain-route';

// CSV downloads are files, not JSON, so they are plain routes (plain-route.ts) behind the back office's gate.

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const day = (label: string) =>
  z
    .string({ error: `${label} must be a date as YYYY-MM-DD` })
    .refine((s) => DAY.test(s) && !Number.isNaN(Date.parse(`${s}T00:00:00Z`)), `${label} must be a date as YYYY-MM-DD`)
    .optional();
const rangeQuery = z.object({ from: day('from'), to: day('to') });

const isoDay = (d: Date) => d.toISOString().slice(0, 10);

/** from and to are whole days (UTC), both included; by default the last 30 days. */
function parseRange(query: unknown): DateRange & { label: string } {
  const q = rangeQuery.parse(query);
  const today = isoDay(new Date());
  const toDay = q.to ?? today;
  const fromDay = q.from ?? isoDay(new Date(Date.parse(`${toDay}T00:00:00Z`) - 29 * 86_400_000));
  const from = new Date(`${fromDay}T00:00:00Z`);
  const to = new Date(Date.parse(`${toDay}T00:00:00Z`) + 86_400_000);
  if (from >= to) throw badRequest('from must not be after to');
  return { from, to, label: `${fromDay}_to_${toDay}` };
}

/**
 * Streams rows as CSV: UTF-8 with a byte-order mark (so Excel reads accents right), a header row,
 * and cells starting with = + - @ (tab, CR) prefixed with ' so a spreadsheet never runs them as
 * formulas. Numbers are left as numbers.
 */
async function sendCsv(res: Response, filename: string, data: CsvExport) {
  res.setHeader('Content-Type', 'text/csv; charset=utf-8');
  res.setHeader('Content-Disposition', `attachment; filename="${filename}"`);
  await pipeline(Readable.from(data.rows), stringify({ header: true, columns: data.columns, bom: true, escape_formulas: true }), res);
}

interface ExportSpec {
  path: string;
  /** Names the operation in the OpenAPI document, as procedures are named (area-verb). */
  operationId: string;
  tag: string;
  summary: string;
  dated: boolean;
  run(deps: AppDeps, req: Request): { filename: string; data: CsvExport };
}

const EXPORTS: ExportSpec[] = [
  {
    path: '/admin/export/products',
    operationId: 'admin-products-exportCsv',
    tag: 'admin: products',
    summary: 'Export products, variants, price tiers and stock as CSV',
    dated: false,
    run: (deps) => ({ filename: `products-${isoDay(new Date())}.csv`, data: exportProducts(deps.db) }),
  },
  {
    path: '/admin/export/orders',
    operationId: 'admin-orders-exportCsv',
    tag: 'admin: orders',
    summary: 'Export orders placed in a date range, one row per line, as CSV',
    dated: true,
    run: (deps, req) => {
      const range = parseRange(req.query);
      return { filename: `orders-${range.label}.csv`, data: exportOrders(deps.db, range) };
    },
  },
  {
    path: '/admin/export/stock-ledger',
    operationId: 'admin-inventory-exportLedgerCsv',
    tag: 'admin: inventory',
    summary: 'Export the stock ledger of a date range as CSV',
    dated: true,
    run: (deps, req) => {
      const range = parseRange(req.query);
      return { filename: `stock-ledger-${range.label}.csv`, data: exportLedger(deps.db, range) };
    },
  },
];

const dateParam = (name: string, what: string) => ({
  name,
  in: 'query' as const,
  required: false,
  description: what,
  schema: { type: 'string' as const, format: 'date' },
});

export const csvExportRoutes: PlainRoute[] = EXPORTS.map((spec) => ({
  method: 'GET',
  path: spec.path,
  gate: backOffice,
  handle: async (deps, req, res) => {
    const { filename, data } = spec.run(deps, req);
    // The caller going away mid-file stops the pipeline reading pages (plain-route.ts answers nothing then).
    await sendCsv(res, filename, data);
  },
  openapi: {
    operationId: spec.operationId,
    tags: [spec.tag],
    summary: spec.summary,
    description:
      'A CSV file (UTF-8 with byte-order mark, header row, comma separated). Cells starting with =, +, - or @ are prefixed with \' ' +
      'so that a spreadsheet shows them as text. Read in pages on the server and streamed.',
    parameters: spec.dated
      ? [dateParam('from', 'First day (UTC, YYYY-MM-DD), included; default 29 days before `to`'), dateParam('to', 'Last day (UTC, YYYY-MM-DD), included; default today')]
      : [],
    responses: {
      '200': { description: 'The CSV file', content: { 'text/csv': { schema: { type: 'string' } } } },
      '400': { description: '{ detail: "from must be a date as YYYY-MM-DD" }' },
    },
  },
}));
