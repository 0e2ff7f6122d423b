// The session write Prisma cannot express (an expiry capped by a figure of the row itself), and the
// session read behind every signed-in request that the session cache does not answer.
import type { PrismaClient } from '@prisma/client';
import { z } from 'zod';
import type { SqlClient } from '../db/sql-client';
import { json } from '../db/sql-rows';
import type { AppUser } from './user.mapper';

const sessionRow = z.object({
  userId: z.string(),
  expiresAt: z.date(),
  createdAt: z.date(),
  id: z.string(),
  email: z.string(),
  role: z.enum(['customer', 'staff', 'admin']),
  firstName: z.string(),
  lastName: z.string(),
  displayName: z.string(),
  phone: z.string().nullable(),
  lastUsedAddressId: z.string().nullable(),
  company: json(z.unknown()),
});

/**
 * A session by its stored (hashed) id with its user as userSelect reads it (user.mapper.ts), in
 * plain SQL: run through the pg pool it costs a fraction of Prisma's per-statement work, on every
 * signed-in request the session cache misses (docs/decisions/0148).
 */
export async function readSessionWithUser(db: SqlClient, rowId: string): Promise<{ userId: string; expiresAt: Date; createdAt: Date; user: AppUser } | null> {
  const rows = await db.$queryRaw<unknown[]>`
    SELECT s."userId", s."expiresAt", s."createdAt", u."id", u."email", u."role"::text AS "role", u."firstName", u."lastName",
      u."displayName", u."phone", u."lastUsedAddressId", u."company"
    FROM "Session" s JOIN "User" u ON u."id" = s."userId"
    WHERE s."id" = ${rowId}`;
  if (rows.length === 0) return null;
  const { userId, expiresAt, createdAt, ...user } = sessionRow.parse(rows[0]);
  return { userId, expiresAt, createdAt, user: { ...user, company: (user.company ?? null) as AppUser['company'] } };
}

/** Sets a session's expiry, never past its createdAt + maxDays. `rowId` is the stored (hashed) id. */
export async function extendSession(db: PrismaClient, rowId: string, expiresAt: Date, maxDays: number): Promise<void> {
  await db.$executeRaw`
    UPDATE "Session" SET "expiresAt" = LEAST(${expiresAt}::timestamp, "createdAt" + make_interval(days => ${maxDays}::int))
    WHERE "id" = ${rowId}`;
}
