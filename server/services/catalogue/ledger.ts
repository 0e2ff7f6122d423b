import type { Prisma } from '@prisma/client';
import { noteCatalogueChanged } from '../../db/unit-of-work';
import { newId } from '../../db/ids';

/** One row of the inventory ledger: every stock change keeps who, when, why, before and after. */
export interface LedgerEntry {
  variantId?: string | null;
  giftItemId?: string | null;
  /** SKU or gift name at the time, so the row survives deletes. */
  subject: string;
  field: 'on_hand' | 'allocated' | 'safety_stock' | 'stock_quantity';
  /** A stock adjustment reason, or order_placed / order_shipped / order_cancelled. */
  reason: string;
  notes?: string | null;
  before: number;
  after: number;
  userId?: string | null;
  orderId?: string | null;
}

/** Every change of stock goes through here, inside the transaction that made the change. */
export async function writeLedger(tx: Prisma.TransactionClient, entries: LedgerEntry[]): Promise<void> {
  if (entries.length === 0) return;
  // Stock is on every product page and in the cart's availability.
  noteCatalogueChanged(tx, 'stock');
  await tx.inventoryLedger.createMany({
    data: entries.map((e) => ({
      id: newId(),
      variantId: e.variantId ?? null,
      giftItemId: e.giftItemId ?? null,
      subject: e.subject,
      field: e.field,
      reason: e.reason,
      notes: e.notes ?? null,
      delta: e.after - e.before,
      before: e.before,
      after: e.after,
      userId: e.userId ?? null,
      orderId: e.orderId ?? null,
    })),
  });
}
