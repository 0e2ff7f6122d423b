// Goods given back with a refund return to stock through the ledger (decision 0166). Where they go
// depends on where the goods are: a shipped (or delivered) order's units come back to the shelf
// (on_hand += q, they had left it when the order shipped); a paid order not shipped yet still holds
// its allocation, which is released for those units (allocated -= q), and when the order later ships
// or is cancelled only the units not restocked leave the shelf or are released
// (server/services/inventory/order-stock.ts reads restockedQuantities below).
import type { OrderStatus, Prisma } from '@prisma/client';
import { noteCatalogueChanged } from '../../db/unit-of-work';
import { writeLedger, type LedgerEntry } from '../catalogue/ledger';
import { lockVariantStock } from '../../db/stock-locks.sql';

type Tx = Prisma.TransactionClient;

export interface RefundLine {
  item_id: string;
  quantity: number;
}

const asLines = (v: Prisma.JsonValue | null): RefundLine[] => (Array.isArray(v) ? (v as unknown as RefundLine[]) : []);

/** Units per order line already named by the order's refunds that did not fail (pending ones included). */
export async function refundedQuantities(tx: Tx, orderId: string): Promise<Map<string, number>> {
  const rows = await tx.refund.findMany({ where: { orderId, status: { not: 'failed' } }, select: { lines: true } });
  return sumLines(rows.flatMap((r) => asLines(r.lines)));
}

/** Units per order line given back to stock by the order's succeeded restocking refunds. */
export async function restockedQuantities(tx: Tx, orderId: string): Promise<Map<string, number>> {
  const rows = await tx.refund.findMany({ where: { orderId, status: 'succeeded', restock: true }, select: { lines: true } });
  return sumLines(rows.flatMap((r) => asLines(r.lines)));
}

function sumLines(lines: RefundLine[]): Map<string, number> {
  const m = new Map<string, number>();
  for (const l of lines) m.set(l.item_id, (m.get(l.item_id) ?? 0) + l.quantity);
  return m;
}

/** Gives the refunded lines' units back, inside the refund's transaction (the order row is locked by the caller). */
export async function restockInTx(tx: Tx, orderId: string, status: OrderStatus, lines: RefundLine[], userId: string | null): Promise<void> {
  if (!lines.length) return;
  const shipped = status === 'shipped' || status === 'delivered';
  noteCatalogueChanged(tx, 'stock');
  const items = await tx.orderItem.findMany({ where: { orderId, id: { in: lines.map((l) => l.item_id) }, variantId: { not: null } }, select: { id: true, variantId: true } });
  const variantOf = new Map(items.map((i) => [i.id, i.variantId!]));
  const perVariant = new Map<string, number>();
  for (const l of lines) {
    const v = variantOf.get(l.item_id);
    if (v) perVariant.set(v, (perVariant.get(v) ?? 0) + l.quantity);
  }
  const ledger: LedgerEntry[] = [];
  // Locked in id order, as every stock writer does, so two writers never deadlock.
  for (const [variantId, q] of [...perVariant].sort(([a], [b]) => a.localeCompare(b))) {
    const v = await lockVariantStock(tx, variantId);
    if (!v) continue;
    const onHand = shipped ? v.onHand + q : v.onHand;
    const allocated = shipped ? v.allocated : Math.max(0, v.allocated - q);
    await tx.variant.update({ where: { id: variantId }, data: { onHand, allocated }, select: { id: true } });
    const base = { variantId, subject: v.sku, reason: 'order_refunded', userId, orderId };
    if (onHand !== v.onHand) ledger.push({ ...base, field: 'on_hand', before: v.onHand, after: onHand });
    if (allocated !== v.allocated) ledger.push({ ...base, field: 'allocated', before: v.allocated, after: allocated });
  }
  await writeLedger(tx, ledger);
}
