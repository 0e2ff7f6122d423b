import type { Prisma, PrismaClient } from '@prisma/client';
import { userSelect } from '../../auth/user.mapper';
import type { Role } from '../../../shared/constants';
import { conflict, notFound } from '../../../shared/errors';
import { noteSessionsChanged, unitOfWork } from '../../db/unit-of-work';

// The app's user columns (user.mapper.ts) plus what the staff list adds.
const userRowSelect = {
  ...userSelect,
  createdAt: true,
  _count: { select: { orders: true } },
} as const satisfies Prisma.UserSelect;

type Row = Prisma.UserGetPayload<{ select: typeof userRowSelect }>;
const toRow = (u: Row) => ({
  id: u.id,
  email: u.email,
  name: u.displayName || `${u.firstName} ${u.lastName}`.trim(),
  role: u.role,
  order_count: u._count.orders,
  created_at: u.createdAt.toISOString(),
});

export async function listUsers(db: PrismaClient, input: { search?: string; role?: Role; page: number; page_size: number }) {
  const q = input.search ? { contains: input.search, mode: 'insensitive' as const } : undefined;
  const where: Prisma.UserWhereInput = {
    ...(input.role ? { role: input.role } : {}),
    ...(q ? { OR: [{ email: q }, { displayName: q }, { firstName: q }, { lastName: q }] } : {}),
  };
  const [total, rows] = await Promise.all([
    db.user.count({ where }),
    db.user.findMany({ where, orderBy: { createdAt: 'desc' }, skip: (input.page - 1) * input.page_size, take: input.page_size, select: userRowSelect }),
  ]);
  return { items: rows.map(toRow), total, page: input.page, pages: Math.max(1, Math.ceil(total / input.page_size)) };
}

/** An admin cannot demote themselves, so the shop can never lock its last admin out by accident. */
export async function changeRole(db: PrismaClient, actorId: string, input: { id: string; role: Role }) {
  if (input.id === actorId && input.role !== 'admin') throw conflict('You cannot remove your own admin role');
  const exists = await db.user.count({ where: { id: input.id } });
  if (!exists) throw notFound('User not found');
  const user = await unitOfWork(db, (tx) => {
    // Their sessions carry the role: the next request of theirs reads the new one.
    noteSessionsChanged(tx, { userId: input.id });
    return tx.user.update({ where: { id: input.id }, data: { role: input.role }, select: userRowSelect });
  });
  return toRow(user);
}
