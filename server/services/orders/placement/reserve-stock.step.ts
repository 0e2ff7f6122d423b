// Step 5: the order's stock taken. From here to the commit the order holds shared rows, so this is
// two statements: the variants locked in id order and checked, then allocated (with their ledger
// rows, and the products locked in id order and their units sold added). Every order locks variants,
// products, gifts (step 7) and a limited coupon (step 8) in that order: no deadlocks.
import { PACKING_LOW_STOCK } from '../../../../shared/constants';
import { availableStock } from '../../../../shared/domain/stock';
import { AppError } from '../../../../shared/errors';
import { stockConflicts } from '../../../lib/metrics';
import type { SqlClient } from '../../../db/sql-client';
import type { LowStockLine } from '../../../mail/templates/low-stock';
import type { CartLineRow } from '../../cart/cart-view';
import { variantLabel } from '../../cart/cart.service';
import { allocateLockedVariants, lockVariants } from './reserve-stock.sql';

/** Allocates every line or throws a CONFLICT naming the first that falls short; answers the lines this order took below the low-stock threshold. */
export async function reserveStockStep(tx: SqlClient, items: CartLineRow[], ref: { userId: string; orderId: string }): Promise<LowStockLine[]> {
  const locked = new Map((await lockVariants(tx, items.map((l) => l.variant.id))).map((v) => [v.id, v]));
  const lines = [...items].sort((a, b) => (a.variant.id < b.variant.id ? -1 : 1));
  for (const line of lines) {
    const v = locked.get(line.variant.id);
    const left = v ? availableStock(v) : 0;
    if (left < line.quantity) {
      const label = variantLabel(line.variant);
      stockConflicts.inc();
      throw new AppError('CONFLICT', left > 0 ? `Sorry, only ${left} left of ${label}` : `Sorry, ${label} is out of stock`);
    }
  }
  const allocated = await allocateLockedVariants(
    tx,
    lines.map((l) => ({ variantId: l.variant.id, productId: l.variant.product.id, quantity: l.quantity, sku: l.variant.sku })),
    ref,
  );
  // Staff hear about a variant once, when an order takes it across the threshold, not on every order below it.
  const lowStock: LowStockLine[] = [];
  for (const line of lines) {
    const available = availableStock({ ...locked.get(line.variant.id)!, allocated: allocated.get(line.variant.id)! });
    if (available <= PACKING_LOW_STOCK && available + line.quantity > PACKING_LOW_STOCK) {
      lowStock.push({ sku: line.variant.sku, name: line.variant.product.name, available });
    }
  }
  return lowStock;
}
