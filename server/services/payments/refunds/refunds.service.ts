// Refunds (decision 0166): money given back for an order, full or partial, never more than is left.
// A Stripe payment is refunded through Stripe's Refunds API: the refund is reserved first (its row
// 'pending' and the order's refundedCents raised, with the order row locked, so two refunds of the
// last dollars cannot both pass), Stripe is called outside any transaction with the refund's id as
// the idempotency key, and a second transaction settles it. A PayNow, bank transfer or manual payment
// is refunded by the shop's own transfer and recorded here with its reference, in one transaction.
import { createHash } from 'node:crypto';
import type { OrderStatus, Prisma, PrismaClient } from '@prisma/client';
import Stripe from 'stripe';
import { formatMoney, toCents, toDollars } from '../../../../shared/domain/money';
import { formatCreditNoteNumber } from '../../../../shared/domain/payment-state';
import { badRequest, conflict, notFound } from '../../../../shared/errors';
import type { RefundInput } from '../../../../shared/schemas/refunds.schema';
import { newId } from '../../../db/ids';
import { unitOfWork } from '../../../db/unit-of-work';
import { logger } from '../../../lib/log';
import type { MailSettings } from '../../../mail/mail.service';
import { announce } from '../../../outbox/business-events';
import { paymentData } from '../../../webhooks/events';
import { orderSelect, toOrderDto } from '../../orders/order.mapper';
import { numberDueInvoices } from '../../orders/invoice-numbering';
import { recordStatusEvent } from '../../orders/order-history';
import { issueCreditNoteInTx } from '../../orders/credit-notes/credit-notes.service';
import { lockOrderStatus } from '../../orders/credit-notes/credit-notes.sql';
import { stripeClient, stripeFailure } from '../../stripe/client';
import type { StripeSettings } from '../../stripe/config';
import { refundedQuantities, restockInTx, type RefundLine } from '../../inventory/restock';

type Tx = Prisma.TransactionClient;

export interface RefundDeps {
  stripe: StripeSettings | null;
  mail: MailSettings;
}

export interface RefundActor {
  userId: string | null;
  role: string;
}

const PROVIDER_NAME: Record<string, string> = { stripe: 'Stripe', paynow: 'PayNow', bank_transfer: 'bank transfer', manual: 'recorded by staff' };

const refundSelect = {
  id: true,
  orderId: true,
  amountCents: true,
  reason: true,
  provider: true,
  reference: true,
  providerRefundId: true,
  status: true,
  restock: true,
  lines: true,
  createdAt: true,
  creditNote: { select: { number: true } },
} as const satisfies Prisma.RefundSelect;

type RefundRow = Prisma.RefundGetPayload<{ select: typeof refundSelect }>;

function toRefundDto(r: RefundRow) {
  const number = r.creditNote ? formatCreditNoteNumber(r.creditNote.number) : null;
  return {
    id: r.id,
    order_id: r.orderId,
    amount: toDollars(r.amountCents),
    reason: r.reason,
    provider: r.provider,
    reference: r.reference,
    provider_refund_id: r.providerRefundId,
    status: r.status as 'pending' | 'succeeded' | 'failed',
    restock: r.restock,
    lines: Array.isArray(r.lines) ? (r.lines as unknown as RefundLine[]) : null,
    created_at: r.createdAt.toISOString(),
    credit_note: number ? { number, pdf_url: `/api/admin/orders/${r.orderId}/credit-notes/${number}.pdf` } : null,
  };
}

/**
 * Payments received less refunds that did not fail (pending ones hold their money), in cents. An
 * order marked paid by staff without a payment row (by hand, or before payments were recorded)
 * counts as paid its total, by hand ('manual').
 */
async function moneyOf(tx: Tx | PrismaClient, orderId: string) {
  const [order, paid, refunded] = await Promise.all([
    tx.order.findUnique({ where: { id: orderId }, select: { paidAt: true, totalCents: true } }),
    tx.payment.aggregate({ where: { orderId }, _sum: { amountCents: true }, _count: true }),
    tx.refund.aggregate({ where: { orderId, status: { not: 'failed' } }, _sum: { amountCents: true } }),
  ]);
  const byHand = paid._count === 0 && order?.paidAt != null;
  const paidCents = byHand ? order!.totalCents : (paid._sum.amountCents ?? 0);
  const refundedCents = refunded._sum.amountCents ?? 0;
  return { paidCents, refundedCents, refundableCents: Math.max(0, paidCents - refundedCents), byHand };
}

export async function listPayments(db: PrismaClient, orderId: string) {
  if (!(await db.order.count({ where: { id: orderId } }))) throw notFound('Order not found');
  const [rows, m] = await Promise.all([db.payment.findMany({ where: { orderId }, orderBy: { paidAt: 'asc' } }), moneyOf(db, orderId)]);
  return { paid: toDollars(m.paidCents), refunded: toDollars(m.refundedCents), refundable: toDollars(m.refundableCents), items: rows.map(paymentData) };
}

export async function listRefunds(db: PrismaClient, orderId: string) {
  if (!(await db.order.count({ where: { id: orderId } }))) throw notFound('Order not found');
  const [rows, m] = await Promise.all([db.refund.findMany({ where: { orderId }, orderBy: { createdAt: 'asc' }, select: refundSelect }), moneyOf(db, orderId)]);
  return { refundable: toDollars(m.refundableCents), items: rows.map(toRefundDto) };
}

/**
 * With an Idempotency-Key the refund's id is made from the caller, the order and the key, so the same
 * request sent again finds the refund it made (a second insert of that id fails) instead of paying twice.
 */
const refundIdFor = (userId: string | null, orderId: string, key: string) =>
  `rf${createHash('sha256').update(`${userId ?? ''}\n${orderId}\n${key}`).digest('hex').slice(0, 30)}`;

/**
 * Refunds `input.amount` of the order. Answers the refund (its credit note when one was issued).
 * Errors: 404 unknown order; 409 nothing paid, more than is left, restock of a cancelled order,
 * Stripe not configured or Stripe refusing; 400 bad lines or a missing reference.
 */
export async function refundOrder(db: PrismaClient, deps: RefundDeps, actor: RefundActor, orderId: string, input: Omit<RefundInput, 'id'>, idempotencyKey?: string | null) {
  const amountCents = toCents(input.amount);
  const id = idempotencyKey ? refundIdFor(actor.userId, orderId, idempotencyKey) : newId();
  if (idempotencyKey) {
    const done = await db.refund.findUnique({ where: { id }, select: refundSelect });
    if (done) return toRefundDto(done);
  }
  // The credit note needs the tax invoice number; numbering locks the order row from its own
  // connection, so an order still waiting for it is numbered before the refund's transaction.
  const due = await db.order.findUnique({ where: { id: orderId }, select: { invoiceDue: true, invoiceNumber: true } });
  if (!due) throw notFound('Order not found');
  if (due.invoiceDue && due.invoiceNumber == null) await numberDueInvoices(db);

  let reserved: Reserved;
  try {
    reserved = await unitOfWork(db, (tx) => reserveInTx(tx, deps, actor, orderId, id, amountCents, input));
  } catch (err) {
    // The same key sent twice at once: the second insert of the refund id lost; answer the first's refund.
    if (idempotencyKey && isUniqueViolation(err)) {
      const done = await db.refund.findUnique({ where: { id }, select: refundSelect });
      if (done) return toRefundDto(done);
    }
    throw err;
  }
  if (reserved.provider !== 'stripe') return refundAnswer(db, id);

  // Outside any transaction: Stripe may take seconds, and no row stays locked meanwhile.
  let outcome: { status: 'succeeded' | 'pending' | 'failed'; refundId: string | null; error?: string };
  try {
    const refund = await stripeClient(deps.stripe!).refunds.create(
      { payment_intent: reserved.paymentRef, amount: amountCents, reason: 'requested_by_customer', metadata: { order_id: orderId, refund_id: id } },
      { idempotencyKey: id },
    );
    outcome = { status: refund.status === 'succeeded' ? 'succeeded' : refund.status === 'pending' || refund.status === 'requires_action' ? 'pending' : 'failed', refundId: refund.id };
  } catch (err) {
    logger().warn({ stripe: stripeFailure(err), orderId, refundId: id }, 'Stripe refused or did not answer a refund');
    outcome = { status: 'failed', refundId: null, error: err instanceof Stripe.errors.StripeError ? err.message : 'Stripe did not answer' };
  }
  await unitOfWork(db, (tx) => settleStripeInTx(tx, deps, actor, orderId, id, outcome, input));
  if (outcome.status === 'failed') throw conflict(`Stripe did not refund the payment: ${outcome.error ?? 'the refund failed'}. Nothing was refunded; please try again or refund by bank transfer.`);
  return refundAnswer(db, id);
}

async function refundAnswer(db: PrismaClient, id: string) {
  return toRefundDto(await db.refund.findUniqueOrThrow({ where: { id }, select: refundSelect }));
}

interface Reserved {
  provider: string;
  paymentRef: string;
}

/** Checks and writes the refund (pending for Stripe; done in full for other payments), the order row locked. */
async function reserveInTx(tx: Tx, deps: RefundDeps, actor: RefundActor, orderId: string, id: string, amountCents: number, input: Omit<RefundInput, 'id'>): Promise<Reserved> {
  const status = await lockOrderStatus(tx, orderId);
  if (!status) throw notFound('Order not found');
  const payments = await tx.payment.findMany({ where: { orderId }, orderBy: { paidAt: 'desc' }, select: { id: true, provider: true, providerRef: true } });
  const m = await moneyOf(tx, orderId);
  if (m.paidCents <= 0) throw conflict('This order has no payment to refund');
  if (m.refundableCents <= 0) throw conflict('This order has been refunded in full; nothing is left to refund');
  if (amountCents > m.refundableCents)
    throw conflict(`amount: at most S${formatMoney(m.refundableCents / 100)} can be refunded (paid S${formatMoney(m.paidCents / 100)}, refunded S${formatMoney(m.refundedCents / 100)})`);
  // The money goes back the way it came: the Stripe payment when there is one.
  const payment = payments.find((p) => p.provider === 'stripe') ?? payments[0] ?? { id: null, provider: 'manual', providerRef: '' };
  const stripe = payment.provider === 'stripe';
  if (stripe && !deps.stripe) throw conflict('This order was paid through Stripe, which is not configured now: refund it from the Stripe dashboard or by bank transfer');
  const reference = input.reference?.trim() || null;
  if (!stripe && !reference) throw badRequest(`reference: please enter the reference of the ${PROVIDER_NAME[payment.provider] ?? payment.provider} you sent the money back with`);
  if (input.restock && status === 'cancelled') throw conflict('restock: the stock of a cancelled order was given back when it was cancelled');

  const lines = await refundLines(tx, orderId, input.lines, input.restock);
  await tx.refund.create({
    data: {
      id,
      orderId,
      paymentId: payment.id,
      amountCents,
      reason: input.reason,
      restock: input.restock,
      lines: lines ? (lines as unknown as Prisma.InputJsonValue) : undefined,
      provider: payment.provider,
      reference,
      status: stripe ? 'pending' : 'succeeded',
      byUserId: actor.userId,
    },
    select: { id: true },
  });
  await tx.order.update({ where: { id: orderId }, data: { refundedCents: { increment: amountCents } }, select: { id: true } });
  if (!stripe) await completeInTx(tx, deps, actor, orderId, id, status);
  return { provider: payment.provider, paymentRef: payment.providerRef };
}

/**
 * The lines the refund is for: those named (each an item of this order, at most the units not
 * refunded yet), or with restock and none named, every unit not refunded yet. Null: an amount only.
 */
async function refundLines(tx: Tx, orderId: string, named: RefundLine[] | undefined, restock: boolean): Promise<RefundLine[] | null> {
  if (!named?.length && !restock) return null;
  const items = await tx.orderItem.findMany({ where: { orderId }, orderBy: { id: 'asc' }, select: { id: true, quantity: true, sku: true } });
  const done = await refundedQuantities(tx, orderId);
  if (!named?.length) {
    const rest = items.map((i) => ({ item_id: i.id, quantity: i.quantity - (done.get(i.id) ?? 0) })).filter((l) => l.quantity > 0);
    return rest.length ? rest : null;
  }
  const byId = new Map(items.map((i) => [i.id, i]));
  const asked = new Map<string, number>();
  for (const [n, l] of named.entries()) {
    const item = byId.get(l.item_id);
    if (!item) throw badRequest(`lines.${n}.item_id: not a line of this order`);
    asked.set(l.item_id, (asked.get(l.item_id) ?? 0) + l.quantity);
    const left = item.quantity - (done.get(l.item_id) ?? 0);
    if (asked.get(l.item_id)! > left) throw badRequest(`lines.${n}.quantity: at most ${left} of ${item.sku} can be refunded (ordered ${item.quantity})`);
  }
  return [...asked].map(([item_id, quantity]) => ({ item_id, quantity }));
}

/** A refund whose money has gone: goods back to stock, credit note, history, the buyer's e-mail, order.refunded. */
async function completeInTx(tx: Tx, deps: RefundDeps, actor: RefundActor, orderId: string, id: string, status: OrderStatus) {
  const r = await tx.refund.findUniqueOrThrow({ where: { id }, select: { amountCents: true, reason: true, restock: true, lines: true, provider: true, reference: true } });
  const lines = Array.isArray(r.lines) ? (r.lines as unknown as RefundLine[]) : [];
  if (r.restock) await restockInTx(tx, orderId, status, lines, actor.userId);
  const note = await issueCreditNoteInTx(tx, { orderId, kind: 'refund', refundId: id, amountCents: r.amountCents, lines: lines.length ? lines : null, reason: r.reason });
  const order = await tx.order.findUniqueOrThrow({ where: { id: orderId }, select: { orderNumber: true, email: true, shipFullName: true } });
  const amount = `S${formatMoney(r.amountCents / 100)}`;
  await recordStatusEvent(tx, {
    orderId,
    from: status,
    to: status,
    userId: actor.userId,
    actorRole: actor.role,
    note: `Refunded ${amount} (${PROVIDER_NAME[r.provider] ?? r.provider}${r.reference ? `, reference ${r.reference}` : ''}${r.restock ? ', goods back to stock' : ''}): ${r.reason}`.slice(0, 1000),
  });
  const creditNoteNumber = note ? formatCreditNoteNumber(note.number) : null;
  await announce('orderRefunded', tx, deps.mail, {
    ...order,
    refund: { orderId, orderNumber: order.orderNumber, amountCents: r.amountCents, reason: r.reason, provider: r.provider, reference: r.reference, creditNoteNumber },
    // order.refunded's data, read only when an endpoint wants it: the order and the refund as REST answers them.
    webhookData: async () => {
      const [o, refund] = await Promise.all([
        tx.order.findUniqueOrThrow({ where: { id: orderId }, select: { ...orderSelect, email: true } }),
        tx.refund.findUniqueOrThrow({ where: { id }, select: refundSelect }),
      ]);
      return { order: { ...toOrderDto(o), email: o.email }, refund: toRefundDto(refund) };
    },
  });
}

/** Stripe's answer, in a second transaction: done (as above), still pending at Stripe, or failed (its money given back to what is refundable). */
async function settleStripeInTx(
  tx: Tx,
  deps: RefundDeps,
  actor: RefundActor,
  orderId: string,
  id: string,
  outcome: { status: 'succeeded' | 'pending' | 'failed'; refundId: string | null },
  input: Omit<RefundInput, 'id'>,
) {
  const status = (await lockOrderStatus(tx, orderId))!;
  // Only a refund still pending is settled here (a Stripe webhook may have settled it meanwhile).
  const { count } = await tx.refund.updateMany({ where: { id, status: 'pending' }, data: { status: outcome.status, providerRefundId: outcome.refundId } });
  if (!count) return;
  if (outcome.status === 'failed') {
    await tx.order.update({ where: { id: orderId }, data: { refundedCents: { decrement: toCents(input.amount) } }, select: { id: true } });
    return;
  }
  if (outcome.status === 'succeeded') await completeInTx(tx, deps, actor, orderId, id, status);
}

function isUniqueViolation(err: unknown): boolean {
  return typeof err === 'object' && err !== null && 'code' in err && (err as { code: unknown }).code === 'P2002';
}
