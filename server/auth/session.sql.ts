// The session write Prisma cannot express: an expiry capped by a figure of the row itself.
import type { PrismaClient } from '@prisma/client';

/** Sets a session's expiry, never past its createdAt + maxDays. `rowId` is the stored (hashed) id. */
export async function extendSession(db: PrismaClient, rowId: string, expiresAt: Date, maxDays: number): Promise<void> {
  await db.$executeRaw`
    UPDATE "Session" SET "expiresAt" = LEAST(${expiresAt}::timestamp, "createdAt" + make_interval(days => ${maxDays}::int))
    WHERE "id" = ${rowId}`;
}
