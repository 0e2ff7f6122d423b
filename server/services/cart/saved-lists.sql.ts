// Row locks of saved lists. A list's row is locked before its lines are counted or changed.
import type { Prisma } from '@prisma/client';

/** Locks the user's list; false when the user has no list with this id. */
export async function lockSavedList(tx: Prisma.TransactionClient, userId: string, id: string): Promise<boolean> {
  const rows = await tx.$queryRaw<unknown[]>`SELECT 1 FROM "SavedList" WHERE "id" = ${id} AND "userId" = ${userId} FOR UPDATE`;
  return rows.length > 0;
}
