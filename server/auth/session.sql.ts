// The session write Prisma cannot express (an expiry capped by a figure of the row itself), and the
// session read behind every signed-in request that the session cache does not answer.
import type { PrismaClient } from '@prisma/client';
import { z } from 'zod';
import type { SqlClient } from '../db/sql-client';
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
  memberRole: z.enum(['admin', 'buyer']).nullable(),
  companyId: z.string().nullable(),
  companyName: z.string().nullable(),
  companyCountry: z.string().nullable(),
  companyRegistration: z.string().nullable(),
  companyTax: z.string().nullable(),
  companyBilling: z.string().nullable(),
  companyPriceList: z.string().nullable(),
});

/**
 * A session by its stored (hashed) id with its user as userSelect reads it (user.mapper.ts), in
 * plain SQL: run through the pg pool it costs a fraction of Prisma's per-statement work, on every
 * signed-in request the session cache misses (docs/decisions/0148).
 */
export async function readSessionWithUser(db: SqlClient, rowId: string): Promise<{ userId: string; expiresAt: Date; createdAt: Date; user: AppUser } | null> {
  const rows = await db.$queryRaw<unknown[]>`
    SELECT s."userId", s."expiresAt", s."createdAt", u."id", u."email", u."role"::text AS "role", u."firstName", u."lastName",
      u."displayName", u."phone", u."lastUsedAddressId", m."role"::text AS "memberRole", m."companyId",
      c."name" AS "companyName", c."country" AS "companyCountry", c."registrationNumber" AS "companyRegistration",
      c."taxNumber" AS "companyTax", c."billingAddress" AS "companyBilling", c."priceListId" AS "companyPriceList"
    FROM "Session" s JOIN "User" u ON u."id" = s."userId"
    LEFT JOIN "CompanyMember" m ON m."userId" = u."id" LEFT JOIN "Company" c ON c."id" = m."companyId"
    WHERE s."id" = ${rowId}`;
  if (rows.length === 0) return null;
  const { userId, expiresAt, createdAt, memberRole, companyId, companyName, companyCountry, companyRegistration, companyTax, companyBilling, companyPriceList, ...user } = sessionRow.parse(rows[0]);
  const membership =
    memberRole && companyId
      ? {
          role: memberRole,
          companyId,
          company: { name: companyName ?? '', country: companyCountry ?? '', registrationNumber: companyRegistration ?? '', taxNumber: companyTax, billingAddress: companyBilling, priceListId: companyPriceList },
        }
      : null;
  return { userId, expiresAt, createdAt, user: { ...user, membership } };
}

/** Sets a session's expiry, never past its createdAt + maxDays. `rowId` is the stored (hashed) id. */
export async function extendSession(db: PrismaClient, rowId: string, expiresAt: Date, maxDays: number): Promise<void> {
  await db.$executeRaw`
    UPDATE "Session" SET "expiresAt" = LEAST(${expiresAt}::timestamp, "createdAt" + make_interval(days => ${maxDays}::int))
    WHERE "id" = ${rowId}`;
}
