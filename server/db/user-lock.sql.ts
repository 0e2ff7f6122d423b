// Row locks on a user, taken by writes that check a per-user limit (addresses, saved lists) so two
// at once take turns instead of both passing it.
import type { Prisma } from '@prisma/client';

/** Locks the user's row until the transaction ends. */
export async function lockUser(tx: Prisma.TransactionClient, userId: string): Promise<void> {
  await tx.$queryRaw`SELECT 1 FROM "User" WHERE "id" = ${userId} FOR UPDATE`;
}
