import type { OutboxStatus, PrismaClient } from '@prisma/client';
import type { SqlClient } from '../db/sql-client';
import { noteOutboxQueued } from '../db/unit-of-work';
import type { InlineImage } from '../mail/render';
import { insertOutboxMessage } from './outbox.sql';
import type { OneTimeSecret } from './secrets';

export interface OutgoingEmail {
  template: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  orderId?: string | null;
  inlineImages?: InlineImage[];
  /** A one-time link the sender issues at delivery in place of ONE_TIME_LINK in the bodies (secrets.ts). */
  secret?: OneTimeSecret;
}

/**
 * Writes an e-mail to the outbox inside the caller's transaction, so that it exists exactly when
 * the change that caused it was committed. The sender delivers it afterwards.
 */
export async function enqueueEmail(tx: SqlClient, email: OutgoingEmail): Promise<void> {
  noteOutboxQueued(tx);
  // Raw SQL (outbox.sql.ts), so that it runs on a pg connection too (order placement, sqlUnitOfWork).
  await insertOutboxMessage(tx, email);
}

// The sender polls, and is also woken right after a request that queued something, so a
// confirmation leaves within a moment instead of at the next poll.
const wakers = new Set<() => void>();

export function onOutboxWake(fn: () => void): () => void {
  wakers.add(fn);
  return () => wakers.delete(fn);
}

/** Called after a commit that queued an e-mail, by the commit signal's subscriber (server/after-commit.ts). */
export function wakeOutbox(): void {
  for (const fn of wakers) fn();
}

/** What /metrics reports of the outbox: messages waiting to be delivered and how old the oldest is. */
export function outboxStats(db: PrismaClient) {
  return async () => {
    const where = { status: { in: ['pending', 'sending'] as OutboxStatus[] } };
    const [waiting, oldest] = await Promise.all([
      db.outboxMessage.count({ where }),
      db.outboxMessage.findFirst({ where, orderBy: { createdAt: 'asc' }, select: { createdAt: true } }),
    ]);
    return { waiting, oldestSeconds: oldest ? Math.max(0, (Date.now() - oldest.createdAt.getTime()) / 1000) : 0 };
  };
}
