import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { stringify } from 'csv-stringify';
import { Router, type Request, type Response } from 'express';
import type { OpenAPIObject } from 'trpc-to-openapi';
import { z } from 'zod';
import { badRequest } from '../../shared/errors';
import type { ApiScope } from '../../shared/schemas/api-keys.schema';
import { requireBackOffice } from '../auth/back-office';
import { roleForRoute } from '../../shared/domain/permissions';
import type { AppDeps } from '../deps';
import { exportLedger, exportOrders, exportProducts, type CsvExport, type DateRange } from '../services/reports/csv-export.service';
import { contextFromRequest } from '../trpc/context';
import { sendError } from './errors';

// CSV downloads are files, not JSON, so they are plain routes; the gate is the back office's one.

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
  scope: ApiScope;
  tag: string;
  summary: string;
  dated: boolean;
  run(deps: AppDeps, req: Request): { filename: string; data: CsvExport };
}

const EXPORTS: ExportSpec[] = [
  {
    path: '/admin/export/products',
    operationId: 'admin-products-exportCsv',
    scope: 'catalog:read',
    tag: 'admin: products',
    summary: 'Export products, variants, price tiers and stock as CSV',
    dated: false,
    run: (deps) => ({ filename: `products-${isoDay(new Date())}.csv`, data: exportProducts(deps.db) }),
  },
  {
    path: '/admin/export/orders',
    operationId: 'admin-orders-exportCsv',
    scope: 'orders:read',
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
    scope: 'inventory:read',
    tag: 'admin: inventory',
    summary: 'Export the stock ledger of a date range as CSV',
    dated: true,
    run: (deps, req) => {
      const range = parseRange(req.query);
      return { filename: `stock-ledger-${range.label}.csv`, data: exportLedger(deps.db, range) };
    },
  },
];

export function csvExportRoutes(deps: AppDeps): Router {
  const r = Router();
  for (const spec of EXPORTS) {
    const role = roleForRoute(`GET ${spec.path}`);
    r.get(spec.path, async (req: Request, res: Response) => {
      try {
        await requireBackOffice(contextFromRequest(deps, req), { role, scope: spec.scope });
        const { filename, data } = spec.run(deps, req);
        await sendCsv(res, filename, data);
      } catch (err) {
        // The caller went away mid-file: the pipeline has stopped reading pages; nothing to answer or log.
        if ((err as { code?: string }).code === 'ERR_STREAM_PREMATURE_CLOSE' && res.headersSent) return;
        sendError(res, err, `GET ${spec.path}`);
      }
    });
  }
  return r;
}

const dateParam = (name: string, what: string) => ({
  name,
  in: 'query' as const,
  required: false,
  description: what,
  schema: { type: 'string' as const, format: 'date' },
});

type PathItem = NonNullable<OpenAPIObject['paths']>[string];

/** Hand-written OpenAPI entries, since these routes are not procedures. */
export const csvExportPaths: NonNullable<OpenAPIObject['paths']> = Object.fromEntries(
  EXPORTS.map((spec): [string, PathItem] => [
    spec.path,
    {
      get: {
        operationId: spec.operationId,
        tags: [spec.tag],
        summary: spec.summary,
        description:
          'A CSV file (UTF-8 with byte-order mark, header row, comma separated). Cells starting with =, +, - or @ are prefixed with \' ' +
          `so that a spreadsheet shows them as text. Read in pages on the server and streamed.\n\nAPI key scope: \`${spec.scope}\`.`,
        security: [{ Authorization: [] }, { ApiKey: [spec.scope] }],
        parameters: spec.dated
          ? [dateParam('from', 'First day (UTC, YYYY-MM-DD), included; default 29 days before `to`'), dateParam('to', 'Last day (UTC, YYYY-MM-DD), included; default today')]
          : [],
        responses: {
          '200': { description: 'The CSV file', content: { 'text/csv': { schema: { type: 'string' } } } },
          '400': { description: '{ detail: "from must be a date as YYYY-MM-DD" }' },
          '401': { description: 'Not signed in, or an invalid API key' },
          '403': { description: 'Not allowed for this role (docs/security.md), or an API key without the scope' },
        },
      },
    },
  ]),
);
