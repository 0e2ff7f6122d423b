import type { PrismaClient } from '@prisma/client';
import { inlineImagesOf, renderInlineImages } from './attachments';
import { backoffMs, MAX_ATTEMPTS } from './backoff';
import { onOutboxWake } from './outbox';
import { fillLink, issueOneTimeLink, SecretGoneError } from './secrets';
import type { MailTransport } from './transport';
import { logger } from '../lib/log';
import { pollWorker } from '../lib/poll-worker';
import { plainSql } from '../db/sql-client';
import { claimDueMessages, keepPendingMessages, type ClaimedMessage } from './outbox.sql';

export interface SenderOptions {
  /** null: no SMTP server configured; messages are kept for reading in the back office. */
  transport: MailTransport | null;
  from: string;
  batchSize?: number;
  pollMs?: number;
  /** How long a claim holds before another sender may take the row (a sender that died mid-send). */
  leaseMs?: number;
}

type Claimed = ClaimedMessage;

export interface RunResult {
  sent: number;
  failed: number;
  kept: number;
}

/**
 * Delivers the outbox (docs/decisions/0092-email-outbox.md). Every instance runs one; rows are
 * claimed in one statement with FOR UPDATE SKIP LOCKED and marked 'sending' with a lease, so two
 * instances never take the same row and a row claimed by a crashed instance comes back when its
 * lease ends. The SMTP conversation happens outside any transaction: a slow server never holds a
 * lock.
 */
export function createOutboxSender(db: PrismaClient, options: SenderOptions) {
  const batchSize = options.batchSize ?? 10;
  const leaseMs = options.leaseMs ?? 120_000;

  // The claim and the keep run after every order (the sender is woken by each): on the pool's plain
  // connection, past Prisma's per-statement work (docs/decisions/0148).
  const sql = plainSql(db);

  async function keepAll(): Promise<number> {
    return keepPendingMessages(sql);
  }

  async function claim(): Promise<Claimed[]> {
    const rows = await claimDueMessages(sql, batchSize, leaseMs);
    // RETURNING has no order of its own; a customer should read "shipped" before "delivered".
    return rows.sort((x, y) => x.createdAt.getTime() - y.createdAt.getTime() || (x.id < y.id ? -1 : 1));
  }

  async function deliver(transport: MailTransport, row: Claimed): Promise<boolean> {
    try {
      const attachments = await renderInlineImages(inlineImagesOf(row.attachments));
      // A one-time link is issued now, for this delivery only, and never written to the row.
      const bodies = row.secret ? fillLink(row, await issueOneTimeLink(db, row.secret)) : row;
      await transport.send({ id: row.id, from: options.from, to: row.toAddress, subject: row.subject, html: bodies.html, text: bodies.text, attachments });
      await db.outboxMessage.update({
        where: { id: row.id },
        data: { status: 'sent', sentAt: new Date(), lockedUntil: null, lastError: null },
        select: { id: true },
      });
      return true;
    } catch (err) {
      const attempts = Number(row.attempts);
      // A link that was used or expired meanwhile will not come back: no point retrying.
      const giveUp = attempts >= MAX_ATTEMPTS || err instanceof SecretGoneError;
      await db.outboxMessage.update({
        where: { id: row.id },
        data: {
          status: giveUp ? 'failed' : 'pending',
          lockedUntil: null,
          lastError: (err instanceof Error ? err.message : String(err)).slice(0, 1000),
          nextAttemptAt: new Date(Date.now() + backoffMs(attempts)),
        },
        select: { id: true },
      });
      return false;
    }
  }

  /** One pass: claims due rows batch by batch until none are left. */
  async function pass(): Promise<RunResult> {
    const result: RunResult = { sent: 0, failed: 0, kept: 0 };
    const transport = options.transport;
    if (!transport) {
      result.kept = await keepAll();
      return result;
    }
    for (;;) {
      const rows = await claim();
      if (rows.length === 0) return result;
      for (const row of rows) {
        if (await deliver(transport, row)) result.sent++;
        else result.failed++;
      }
    }
  }

  // Polls, and is woken right after a commit that queued an e-mail (server/after-commit.ts).
  const worker = pollWorker({
    pass,
    everyMs: options.pollMs ?? 5_000,
    wakeOn: [onOutboxWake],
    onError: (err) => logger().warn({ err }, 'outbox: e-mail delivery pass failed'),
  });

  return {
    runOnce: worker.runOnce,
    start: worker.start,
    async stop() {
      await worker.stop();
      options.transport?.close();
    },
  };
}

export type OutboxSender = ReturnType<typeof createOutboxSender>;
