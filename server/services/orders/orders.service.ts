import type { PrismaClient } from '@prisma/client';
import { notFound } from '../../../shared/errors';
import { unitOfWork } from '../../db/unit-of-work';
import { changeStatusInTx } from './orders-admin.service';
import type { MailSettings } from '../../mail/mail.service';
import { orderSelect, toOrderDto } from './order.mapper';

/** One of the user's own orders; anyone else's id answers like an unknown one. */
export async function getOrder(db: PrismaClient, userId: string, id: string) {
  const row = await db.order.findFirst({ where: { id, userId }, select: orderSelect });
  if (!row) throw notFound('Order not found');
  return toOrderDto(row);
}

/**
 * The owner cancels their own order while it is still pending: the allocation and gifts are
 * released, the history records it and the e-mail is queued, all in one transaction.
 */
export async function cancelOwnOrder(db: PrismaClient, userId: string, input: { id: string; reason?: string }, mail: MailSettings) {
  const owned = await db.order.count({ where: { id: input.id, userId } });
  if (!owned) throw notFound('Order not found');
  await unitOfWork(db, (tx) => changeStatusInTx(tx, { userId, role: 'customer' }, { id: input.id, status: 'cancelled', note: input.reason || undefined }, mail, ['pending']));
  return getOrder(db, userId, input.id);
}
