import type { PrismaClient } from '@prisma/client';
import { notFound } from '../../shared/errors';
import { orderSelect, toOrderDto } from './order.mapper';

/** The signed-in user's orders, newest first. */
export async function listOrders(db: PrismaClient, userId: string) {
  const rows = await db.order.findMany({ where: { userId }, select: orderSelect, orderBy: { createdAt: 'desc' }, take: 200 });
  return rows.map(toOrderDto);
}

/** One of the user's own orders; anyone else's id answers like an unknown one. */
export async function getOrder(db: PrismaClient, userId: string, id: string) {
  const row = await db.order.findFirst({ where: { id, userId }, select: orderSelect });
  if (!row) throw notFound('Order not found');
  return toOrderDto(row);
}
