import type { PrismaClient } from '@prisma/client';
import type { FeedInput } from '../../../shared/schemas/feed.schema';
import { feedQuery, pageOf } from './feed-cursor';
import { orderDetailSelect, toOrderDetail } from '../orders/orders-admin.service';
import { adminProductSelect, toAdminProduct } from '../catalogue/product.mapper';

// Orders and products for integrators, by cursor (see feed-cursor.ts). A product's updated_at
// moves when the product form or the products import changes it or its variants; stock levels
// move with every order and are read from the inventory list, the stock ledger or webhooks.

export async function productFeed(db: PrismaClient, input: FeedInput) {
  const q = feedQuery(input);
  const rows = await db.product.findMany({ where: q.where, orderBy: q.orderBy, take: q.limit + 1, select: adminProductSelect });
  return pageOf(rows, q.limit, (p) => ({ ...toAdminProduct(p), created_at: p.createdAt.toISOString(), updated_at: p.updatedAt.toISOString() }));
}

export async function orderFeed(db: PrismaClient, input: FeedInput) {
  const q = feedQuery(input);
  const rows = await db.order.findMany({ where: q.where, orderBy: q.orderBy, take: q.limit + 1, select: { ...orderDetailSelect, updatedAt: true } });
  return pageOf(rows, q.limit, (o) => ({ ...toOrderDetail(o), updated_at: o.updatedAt.toISOString() }));
}
