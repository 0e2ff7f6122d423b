// The chat history read, written as SQL: Prisma's compile and mapping were about half of this
// read's CPU (docs/decisions/0088-cart-and-chat-history-sql.md). Rows are checked by zod.
import type { PrismaClient } from '@prisma/client';
import { z } from 'zod';
import { json } from '../../db/sql-rows';

const historyRow = z.object({
  id: z.string(),
  role: z.string(),
  content: z.string(),
  agentName: z.string().nullable(),
  actions: json(z.unknown()),
  suggestions: json(z.unknown()),
  createdAt: z.date(),
});
export type ChatHistoryRow = z.infer<typeof historyRow>;

/**
 * The latest `limit` messages of a session, newest first, only if the owner (a user, or a guest
 * whose session has no user) owns it: a missing owner id compares as NULL and matches nothing.
 */
export async function readOwnedHistory(db: PrismaClient, owner: { userId: string | null; guestId: string | null }, sessionId: string, limit: number): Promise<ChatHistoryRow[]> {
  const found = await db.$queryRaw<unknown[]>`
    SELECT m."id", m."role", m."content", m."agentName", m."actions", m."suggestions", m."createdAt"
    FROM "ChatMessage" m JOIN "ChatSession" s ON s."id" = m."sessionId"
    WHERE m."sessionId" = ${sessionId}
      AND (s."userId" = ${owner.userId} OR (s."guestId" = ${owner.guestId} AND s."userId" IS NULL))
    ORDER BY m."createdAt" DESC, m."id" DESC
    LIMIT ${limit}`;
  return z.array(historyRow).parse(found);
}
