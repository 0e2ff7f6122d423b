// The outbox sender's statements: a claim with FOR UPDATE SKIP LOCKED and a lease, which Prisma
// cannot write, and the bulk "keep" when no SMTP server is configured. Rows are checked by zod.
import { z } from 'zod';
import { newId } from '../db/ids';
import type { SqlClient } from '../db/sql-client';
import { int } from '../db/sql-rows';
import type { InlineImage } from '../mail/render';
import type { OneTimeSecret } from './secrets';

/**
 * One message into the outbox. The id and updatedAt are made here, as Prisma would (its client fills
 * in cuid() and @updatedAt); the other times keep their database defaults.
 */
export async function insertOutboxMessage(
  tx: SqlClient,
  m: { template: string; to: string; subject: string; html: string; text: string; orderId?: string | null; inlineImages?: InlineImage[]; secret?: OneTimeSecret },
): Promise<void> {
  const attachments = m.inlineImages?.length ? JSON.stringify(m.inlineImages) : null;
  const secret = m.secret ? JSON.stringify(m.secret) : null;
  await tx.$executeRaw`
    INSERT INTO "OutboxMessage" ("id", "template", "toAddress", "subject", "html", "text", "orderId", "attachments", "secret", "updatedAt")
    VALUES (${newId()}, ${m.template}, ${m.to}, ${m.subject}, ${m.html}, ${m.text}, ${m.orderId ?? null},
      ${attachments}::jsonb, ${secret}::jsonb, ${new Date().toISOString()}::timestamp)`;
}

const claimedRow = z.object({
  id: z.string(),
  toAddress: z.string(),
  subject: z.string(),
  html: z.string(),
  text: z.string(),
  attachments: z.unknown(),
  secret: z.unknown(),
  attempts: int,
  createdAt: z.coerce.date(),
});
export type ClaimedMessage = z.infer<typeof claimedRow>;

/** Marks every pending message 'kept' (read in the back office); answers how many. */
export async function keepPendingMessages(db: SqlClient): Promise<number> {
  return db.$executeRaw`
    UPDATE "OutboxMessage" SET "status" = 'kept'::"OutboxStatus", "updatedAt" = NOW()
    WHERE "status" = 'pending'::"OutboxStatus"`;
}

/**
 * Claims up to `batchSize` due messages (pending and due, or sending with a lapsed lease), oldest
 * first, skipping rows another sender holds: each is marked 'sending' for `leaseMs` and its attempt
 * counted. RETURNING has no order of its own, so the rows come back in no particular order.
 */
export async function claimDueMessages(db: SqlClient, batchSize: number, leaseMs: number): Promise<ClaimedMessage[]> {
  const rows = await db.$queryRaw<unknown[]>`
    UPDATE "OutboxMessage" m
    SET "status" = 'sending'::"OutboxStatus", "attempts" = m."attempts" + 1,
        "lockedUntil" = NOW() + ${leaseMs} * INTERVAL '1 millisecond', "updatedAt" = NOW()
    WHERE m."id" IN (
      SELECT "id" FROM "OutboxMessage"
      WHERE ("status" = 'pending'::"OutboxStatus" AND "nextAttemptAt" <= NOW())
         OR ("status" = 'sending'::"OutboxStatus" AND "lockedUntil" < NOW())
      ORDER BY "createdAt", "id"
      LIMIT ${batchSize}
      FOR UPDATE SKIP LOCKED
    )
    RETURNING m."id", m."toAddress", m."subject", m."html", m."text", m."attachments", m."secret", m."attempts", m."createdAt"`;
  return rows.map((r) => claimedRow.parse(r));
}
