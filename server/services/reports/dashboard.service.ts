import type { PrismaClient } from '@prisma/client';
import { countStockLevels } from '../inventory/inventory.sql';
import { findUnstoredProductImages } from '../catalogue/image-audit.service';
import { receivablesTotals } from '../statements/receivables.service';

export async function dashboard(db: PrismaClient) {
  const [sku_count, order_count, customer_count, active_coupons, pending_orders, low, unread_messages, unstored, owed] = await Promise.all([
    db.variant.count(),
    db.order.count(),
    db.user.count({ where: { role: 'customer' } }),
    db.coupon.count({ where: { isActive: true } }),
    db.order.count({ where: { status: { in: ['pending', 'paid', 'processing'] } } }),
    // The same figures the inventory list flags: 0 available is out of stock, not low.
    countStockLevels(db),
    db.contactMessage.count({ where: { isRead: false } }),
    findUnstoredProductImages(db),
    // What companies owe on invoice today and the part past due: the receivables report's totals (decision 0199).
    receivablesTotals(db),
  ]);
  return {
    sku_count,
    order_count,
    customer_count,
    active_coupons,
    pending_orders,
    low_stock_count: low.low,
    out_of_stock_count: low.out,
    unread_messages,
    unstored_image_count: unstored.count,
    unstored_images: unstored.items,
    receivables: owed.receivables,
    overdue_receivables: owed.overdue,
  };
}
