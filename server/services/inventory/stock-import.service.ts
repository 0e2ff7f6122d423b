import type { Prisma, PrismaClient } from '@prisma/client';
import { STOCK_ADJUSTMENT_REASONS } from '../../../shared/constants';
import { noteCatalogueChanged, unitOfWork } from '../../db/unit-of-work';
import { announce } from '../../outbox/business-events';
import { STOCK_IMPORT_COLUMNS, STOCK_IMPORT_OPTIONAL, type ImportReport, type ImportRow } from '../../../shared/schemas/csv-import.schema';
import { readCsv, type CsvRecord } from '../../lib/csv-read';
import { lockVariantStockBySku, readVariantStockBySku, setOnHandCounts } from '../../db/stock-locks.sql';

// Stock counts from a CSV: set on_hand by SKU, with a reason, each change written to the ledger.
// The dry run and the apply share one planner; apply plans again inside its transaction, against
// the rows it has locked, so what it writes is checked against the figures it changes.

export const STOCK_COLUMNS = STOCK_IMPORT_COLUMNS;
export type { ImportReport };

interface Current {
  id: string;
  sku: string;
  onHand: number;
  allocated: number;
}

interface Planned extends ImportRow {
  write?: { variantId: string; before: number; after: number; reason: string; notes: string };
}

const WHOLE = /^\d+$/;

function plan(records: CsvRecord[], bySku: Map<string, Current>): Planned[] {
  const seen = new Map<string, number>();
  return records.map(({ line, cells }) => {
    const sku = cells.sku.toUpperCase();
    const errors: string[] = [];
    const row: Planned = { line, sku, action: 'refuse', changes: [], errors };
    if (!sku) errors.push('SKU is missing');
    else if (seen.has(sku)) errors.push(`Duplicate SKU: also on row ${seen.get(sku)}`);
    else seen.set(sku, line);
    const current = sku ? bySku.get(sku) : undefined;
    if (sku && !current) errors.push(`Unknown SKU ${sku}`);
    const onHand = WHOLE.test(cells.on_hand) ? Number(cells.on_hand) : NaN;
    if (!Number.isSafeInteger(onHand) || onHand > 1_000_000) errors.push(`on_hand must be a whole number from 0 to 1000000 (got "${cells.on_hand}")`);
    const reason = cells.reason.toLowerCase();
    if (!(STOCK_ADJUSTMENT_REASONS as readonly string[]).includes(reason)) errors.push(`Reason must be one of: ${STOCK_ADJUSTMENT_REASONS.join(', ')}`);
    if (current && Number.isSafeInteger(onHand) && onHand < current.allocated) {
      errors.push(`on_hand ${onHand} is below the ${current.allocated} unit(s) allocated to open orders`);
    }
    const notes = (cells.notes ?? '').slice(0, 500) || 'CSV stock count';
    if (errors.length || !current) return row;
    if (onHand === current.onHand) return { ...row, action: 'unchanged' };
    return {
      ...row,
      action: 'change',
      changes: [`on_hand ${current.onHand} -> ${onHand}`],
      write: { variantId: current.id, before: current.onHand, after: onHand, reason, notes },
    };
  });
}

function report(rows: Planned[], applied: boolean): ImportReport {
  const summary = { create: 0, change: 0, unchanged: 0, refuse: 0 };
  for (const r of rows) summary[r.action] += 1;
  return { applied, summary, rows: rows.map(({ write: _write, ...r }) => r) };
}

async function currentBySku(db: Prisma.TransactionClient | PrismaClient, skus: string[], lock: boolean): Promise<Map<string, Current>> {
  const unique = [...new Set(skus.filter(Boolean))];
  const rows = lock ? await lockVariantStockBySku(db, unique) : await readVariantStockBySku(db, unique);
  return new Map(rows.map((r) => [r.sku, r]));
}

const skusOf = (records: CsvRecord[]) => records.map((r) => r.cells.sku.toUpperCase());

export async function dryRunStockImport(db: PrismaClient, bytes: Buffer): Promise<ImportReport> {
  const records = readCsv(bytes, STOCK_COLUMNS, STOCK_IMPORT_OPTIONAL);
  return report(plan(records, await currentBySku(db, skusOf(records), false)), false);
}

/** All or nothing: when any row is refused, nothing is written and the report says why. */
export async function applyStockImport(db: PrismaClient, userId: string, bytes: Buffer): Promise<ImportReport> {
  const records = readCsv(bytes, STOCK_COLUMNS, STOCK_IMPORT_OPTIONAL);
  return unitOfWork(
    db,
    async (tx) => {
      const planned = plan(records, await currentBySku(tx, skusOf(records), true));
      if (planned.some((r) => r.action === 'refuse')) return report(planned, false);
      // One statement for every row and its ledger row: a file may change 50,000 variants.
      const counts = planned.flatMap((r) => (r.write ? [{ ...r.write, sku: r.sku }] : []));
      if (counts.length) noteCatalogueChanged(tx, 'stock');
      await setOnHandCounts(tx, counts, userId, new Date().toISOString());
      // Its webhook events in bulk too: one emit a row took minutes for 20,000 rows (503).
      await announce('stockCounted', tx, counts);
      return report(planned, true);
    },
    { timeout: 120_000, maxWait: 10_000 },
  );
}
