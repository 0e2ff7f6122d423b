import type { Prisma } from '@prisma/client';
import { noteCatalogueChanged } from '../../db/unit-of-work';
import { writeLedger, type LedgerEntry } from '../catalogue/ledger';
import { lockGiftStock, lockVariantStock, takeBackUnitsSold } from '../../db/stock-locks.sql';
import { restockedQuantities } from './restock';

type Tx = Prisma.TransactionClient;

/**
 * Stock effects of shipping or cancelling an order, inside the caller's transaction so that stock
 * moves only if the order's change commits.
 * Shipping: the allocated units leave the shelf (on_hand -= q, allocated -= q).
 * Cancelling: the allocation is released (allocated -= q). Gift items follow the same rules.
 * Rows are locked first, and figures never go below zero even if an old order predates allocation.
 */
export async function moveOrderStock(tx: Tx, orderId: string, to: 'shipped' | 'cancelled', userId: string | null) {
  const reason = to === 'shipped' ? 'order_shipped' : 'order_cancelled';
  // Stock figures and (for a cancellation) best sellers change, whether or not the ledger gets rows.
  noteCatalogueChanged(tx, 'stock');
  const ledger: LedgerEntry[] = [];
  const items = await tx.orderItem.findMany({ where: { orderId, variantId: { not: null } }, select: { id: true, variantId: true, productId: true, quantity: true } });
  // Units given back to stock by a refund before shipping have had their allocation released already
  // (server/services/inventory/restock.ts): only the rest ships or is released here.
  const restocked = await restockedQuantities(tx, orderId);
  const perVariant = new Map<string, number>();
  for (const i of items) {
    const q = i.quantity - Math.min(i.quantity, restocked.get(i.id) ?? 0);
    if (q > 0) perVariant.set(i.variantId!, (perVariant.get(i.variantId!) ?? 0) + q);
  }

  for (const [variantId, q] of [...perVariant].sort(([a], [b]) => a.localeCompare(b))) {
    const v = await lockVariantStock(tx, variantId);
    if (!v) continue;
    const allocated = Math.max(0, v.allocated - q);
    const onHand = to === 'shipped' ? Math.max(0, v.onHand - q) : v.onHand;
    await tx.variant.update({ where: { id: variantId }, data: { allocated, onHand }, select: { id: true } });
    const base = { variantId, subject: v.sku, reason, userId, orderId };
    if (allocated !== v.allocated) ledger.push({ ...base, field: 'allocated', before: v.allocated, after: allocated });
    if (onHand !== v.onHand) ledger.push({ ...base, field: 'on_hand', before: v.onHand, after: onHand });
  }

  const gifts = await tx.orderGift.findMany({ where: { orderId, giftItemId: { not: null } }, select: { giftItemId: true, quantity: true } });
  for (const g of gifts) {
    const row = await lockGiftStock(tx, g.giftItemId!);
    if (!row) continue;
    const allocated = Math.max(0, row.allocated - g.quantity);
    const stock = to === 'shipped' ? Math.max(0, row.stockQuantity - g.quantity) : row.stockQuantity;
    await tx.giftItem.update({ where: { id: g.giftItemId! }, data: { allocated, stockQuantity: stock }, select: { id: true } });
    const base = { giftItemId: g.giftItemId, subject: row.name, reason, userId, orderId };
    if (allocated !== row.allocated) ledger.push({ ...base, field: 'allocated', before: row.allocated, after: allocated });
    if (stock !== row.stockQuantity) ledger.push({ ...base, field: 'stock_quantity', before: row.stockQuantity, after: stock });
  }

  // best_sellers counts units that were sold; a cancelled order's units were not.
  if (to === 'cancelled') {
    const perProduct = new Map<string, number>();
    for (const i of items) if (i.productId) perProduct.set(i.productId, (perProduct.get(i.productId) ?? 0) + i.quantity);
    for (const [productId, q] of perProduct) {
      await takeBackUnitsSold(tx, productId, q);
    }
  }
  await writeLedger(tx, ledger);
}
