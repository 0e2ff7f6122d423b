// The bulk reads and writes of a bank statement upload (decision 0168). Lists go as arrays, one
// parameter each, through unnest or `= ANY` (decision 0140): a 100,000-line file is a few statements.
import type { Prisma, PrismaClient } from '@prisma/client';
import { z } from 'zod';
import { int } from '../../../db/sql-rows';

type Tx = Prisma.TransactionClient;
type Db = PrismaClient | Tx;

const orderRow = z.object({ id: z.string(), orderNumber: z.string(), status: z.string(), totalCents: int, paymentMethod: z.string(), paidCents: int });
export type OrderRow = z.infer<typeof orderRow>;

/** The orders with these numbers (whatever their status). */
export async function ordersByNumber(db: Db, numbers: string[]): Promise<OrderRow[]> {
  const rows = await db.$queryRaw<unknown[]>`
    SELECT "id", "orderNumber", "status"::text AS "status", "totalCents", "paymentMethod", "paidCents" FROM "Order" WHERE "orderNumber" = ANY(${numbers}::text[])`;
  return rows.map((r) => orderRow.parse(r));
}

export interface NewLine {
  id: string;
  fingerprint: string;
  date: string;
  description: string;
  reference: string;
  amountCents: number;
  problem: string;
  orderId: string | null;
}

const idRow = z.object({ id: z.string() });

/** Inserts lines waiting for review; a fingerprint already kept is skipped. Returns the ids inserted. */
export async function insertReviewLines(db: Db, bank: string, uploadId: string, uploadedBy: string | null, lines: NewLine[]): Promise<Set<string>> {
  const col = <T>(f: (l: NewLine) => T) => lines.map(f);
  const rows = await db.$queryRaw<unknown[]>`
    INSERT INTO "BankStatementLine" ("id", "fingerprint", "bank", "bookedOn", "description", "reference", "amountCents", "status", "problem", "orderId", "uploadId", "byUserId")
    SELECT u."id", u."fingerprint", ${bank}, u."bookedOn", u."description", u."reference", u."amountCents", 'review', u."problem", u."orderId", ${uploadId}, ${uploadedBy}
    FROM unnest(${col((l) => l.id)}::text[], ${col((l) => l.fingerprint)}::text[], ${col((l) => l.date)}::date[], ${col((l) => l.description)}::text[],
                ${col((l) => l.reference)}::text[], ${col((l) => l.amountCents)}::int[], ${col((l) => l.problem)}::text[], ${col((l) => l.orderId)}::text[])
      AS u("id", "fingerprint", "bookedOn", "description", "reference", "amountCents", "problem", "orderId")
    ON CONFLICT ("fingerprint") DO NOTHING
    RETURNING "id"`;
  return new Set(rows.map((r) => idRow.parse(r).id));
}

/** Inserts one line as matched to its order; false when its fingerprint was kept before. */
export async function insertMatchedLine(tx: Tx, bank: string, uploadId: string, uploadedBy: string | null, l: Omit<NewLine, 'problem'> & { orderId: string }): Promise<boolean> {
  const rows = await tx.$queryRaw<unknown[]>`
    INSERT INTO "BankStatementLine" ("id", "fingerprint", "bank", "bookedOn", "description", "reference", "amountCents", "status", "orderId", "uploadId", "byUserId", "decidedAt")
    VALUES (${l.id}, ${l.fingerprint}, ${bank}, ${l.date}::date, ${l.description}, ${l.reference}, ${l.amountCents}, 'matched', ${l.orderId}, ${uploadId}, ${uploadedBy}, now())
    ON CONFLICT ("fingerprint") DO NOTHING RETURNING "id"`;
  return rows.length > 0;
}

/** Locks a line for a person's decision; false when there is no such line. */
export async function lockLine(tx: Tx, id: string): Promise<boolean> {
  const rows = await tx.$queryRaw<unknown[]>`SELECT "id" FROM "BankStatementLine" WHERE "id" = ${id} FOR UPDATE`;
  return rows.length > 0;
}
