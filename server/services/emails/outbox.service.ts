import type { Prisma, PrismaClient } from '@prisma/client';
import type { OUTBOX_STATUSES } from '../../../shared/schemas/outbox.schema';
import { conflict, notFound } from '../../../shared/errors';
import { htmlWithInlineImages, inlineImagesOf } from '../../outbox/attachments';
import { noteOutboxQueued, unitOfWork } from '../../db/unit-of-work';
import { canIssue, hideLink } from '../../outbox/secrets';

const PAGE_SIZE = 50;

export const RESEND_GONE = 'This reset link was already used or has expired, so the e-mail is not sent again. The customer can ask for a new link from the sign-in page.';

const rowSelect = {
  id: true,
  template: true,
  toAddress: true,
  subject: true,
  status: true,
  attempts: true,
  lastError: true,
  nextAttemptAt: true,
  sentAt: true,
  orderId: true,
  createdAt: true,
} as const satisfies Prisma.OutboxMessageSelect;

type Row = Prisma.OutboxMessageGetPayload<{ select: typeof rowSelect }>;

const toRow = (m: Row) => ({
  id: m.id,
  template: m.template,
  to: m.toAddress,
  subject: m.subject,
  status: m.status,
  attempts: m.attempts,
  last_error: m.lastError,
  next_attempt_at: m.nextAttemptAt.toISOString(),
  sent_at: m.sentAt?.toISOString() ?? null,
  order_id: m.orderId,
  created_at: m.createdAt.toISOString(),
});

export async function listOutbox(
  db: PrismaClient,
  input: { status?: (typeof OUTBOX_STATUSES)[number]; search?: string; page: number },
  smtpConfigured: boolean,
) {
  const q = input.search ? { contains: input.search, mode: 'insensitive' as const } : undefined;
  const where: Prisma.OutboxMessageWhereInput = {
    ...(input.status ? { status: input.status } : {}),
    ...(q ? { OR: [{ toAddress: q }, { subject: q }] } : {}),
  };
  const [total, rows] = await Promise.all([
    db.outboxMessage.count({ where }),
    db.outboxMessage.findMany({ where, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], skip: (input.page - 1) * PAGE_SIZE, take: PAGE_SIZE, select: rowSelect }),
  ]);
  return { items: rows.map(toRow), total, page: input.page, pages: Math.max(1, Math.ceil(total / PAGE_SIZE)), smtp_configured: smtpConfigured };
}

export async function getOutboxMessage(db: PrismaClient, id: string) {
  const m = await db.outboxMessage.findUnique({ where: { id }, select: { ...rowSelect, html: true, text: true, attachments: true, secret: true } });
  if (!m) throw notFound('Message not found');
  // Staff see what the customer receives: inline images (the PayNow code) drawn in place. A
  // one-time link was never stored (server/outbox/secrets.ts); its place says so.
  const bodies = hideLink(m);
  return { ...toRow(m), html: await htmlWithInlineImages(bodies.html, inlineImagesOf(m.attachments)), text: bodies.text };
}

/**
 * Puts a message back in the queue for delivery now, with a fresh set of attempts. A message with a
 * one-time link gets a fresh link at delivery (the one sent before stops working); once its link
 * was used or has expired, the resend is refused: the customer asks for a new one.
 */
export async function resendOutboxMessage(db: PrismaClient, id: string) {
  const m = await db.outboxMessage.findUnique({ where: { id }, select: { status: true, secret: true } });
  if (!m) throw notFound('Message not found');
  if (m.secret !== null && !(await canIssue(db, m.secret))) throw conflict(RESEND_GONE);
  // A row being sent right now is left alone: resending it would deliver it twice.
  await unitOfWork(db, async (tx) => {
    noteOutboxQueued(tx);
    const { count } = await tx.outboxMessage.updateMany({
      where: { id, status: { not: 'sending' } },
      data: { status: 'pending', attempts: 0, nextAttemptAt: new Date(), lastError: null, lockedUntil: null },
    });
    if (!count) throw conflict('This message is being sent right now; try again in a moment');
  });
  return getOutboxMessage(db, id);
}
