import type { PrismaClient } from '@prisma/client';
import { notFound } from '../../../shared/errors';

const select = { id: true, name: true, email: true, message: true, isRead: true, createdAt: true } as const;
type Row = { id: string; name: string; email: string; message: string; isRead: boolean; createdAt: Date };
const toWire = (m: Row) => ({ id: m.id, name: m.name, email: m.email, message: m.message, is_read: m.isRead, created_at: m.createdAt.toISOString() });

export async function listMessages(db: PrismaClient, unreadOnly = false) {
  const [rows, unread] = await Promise.all([
    db.contactMessage.findMany({ where: unreadOnly ? { isRead: false } : {}, orderBy: { createdAt: 'desc' }, take: 200, select }),
    db.contactMessage.count({ where: { isRead: false } }),
  ]);
  return { items: rows.map(toWire), unread };
}

export async function markMessage(db: PrismaClient, id: string, isRead: boolean) {
  const exists = await db.contactMessage.count({ where: { id } });
  if (!exists) throw notFound('Message not found');
  return toWire(await db.contactMessage.update({ where: { id }, data: { isRead }, select }));
}
