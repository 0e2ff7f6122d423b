// The bank lines waiting for a person (decision 0168): the review list, and a person's decisions on
// a line, applying it to an order (which pays the order, in the transaction that marks the line) or
// dismissing it. Uploading a statement and matching its lines is bank-statements.service.ts.
import type { PrismaClient } from '@prisma/client';
import { formulaSafe as safeText } from '../../../../shared/domain/formula-safe';
import { toDollars } from '../../../../shared/domain/money';
import { badRequest, conflict, notFound } from '../../../../shared/errors';
import { unitOfWork } from '../../../db/unit-of-work';
import type { MailSettings } from '../../../mail/mail.service';
import { markOrderPaidInTx } from '../mark-paid';
import { lockLine } from './bank-statements.sql';
import { evidenceOf, lineProblem, paidAtOf, providerOf } from './line-payment';

type LineStatus = 'review' | 'matched' | 'applied' | 'dismissed';

export interface BankLineDto {
  id: string;
  bank: string;
  date: string;
  amount: number;
  description: string;
  reference: string;
  status: string;
  problem: string | null;
  order_id: string | null;
  order_number: string | null;
  order_total: number | null;
  order_status: string | null;
  created_at: string;
  decided_at: string | null;
}

type LineRow = {
  id: string;
  bank: string;
  bookedOn: Date;
  description: string;
  reference: string;
  amountCents: number;
  status: string;
  problem: string | null;
  orderId: string | null;
  createdAt: Date;
  decidedAt: Date | null;
};

async function toDtos(db: PrismaClient, rows: LineRow[]): Promise<BankLineDto[]> {
  const ids = [...new Set(rows.map((r) => r.orderId).filter((x): x is string => !!x))];
  const orders = ids.length ? await db.order.findMany({ where: { id: { in: ids } }, select: { id: true, orderNumber: true, totalCents: true, status: true } }) : [];
  const byId = new Map(orders.map((o) => [o.id, o]));
  return rows.map((r) => {
    const o = r.orderId ? byId.get(r.orderId) : undefined;
    return {
      id: r.id,
      bank: r.bank,
      date: r.bookedOn.toISOString().slice(0, 10),
      amount: toDollars(r.amountCents),
      description: safeText(r.description, 500),
      reference: safeText(r.reference, 200),
      status: r.status,
      problem: r.problem,
      order_id: o?.id ?? null,
      order_number: o?.orderNumber ?? null,
      order_total: o ? toDollars(o.totalCents) : null,
      order_status: o?.status ?? null,
      created_at: r.createdAt.toISOString(),
      decided_at: r.decidedAt?.toISOString() ?? null,
    };
  });
}

const lineSelect = { id: true, bank: true, bookedOn: true, description: true, reference: true, amountCents: true, status: true, problem: true, orderId: true, createdAt: true, decidedAt: true } as const;

export async function listBankLines(db: PrismaClient, q: { status: LineStatus; page: number; page_size: number }) {
  const where = { status: q.status };
  const [total, rows] = await Promise.all([
    db.bankStatementLine.count({ where }),
    db.bankStatementLine.findMany({ where, select: lineSelect, orderBy: [{ bookedOn: 'desc' }, { createdAt: 'desc' }, { id: 'asc' }], skip: (q.page - 1) * q.page_size, take: q.page_size }),
  ]);
  return { items: await toDtos(db, rows), total, page: q.page, pages: Math.max(1, Math.ceil(total / q.page_size)) };
}

const fmt = (cents: number) => `S$${toDollars(cents).toFixed(2)}`;

/** Locks a line waiting for review; any other state is a 409 (applied twice, dismissed, matched). */
async function lockReviewLine(tx: Parameters<Parameters<typeof unitOfWork>[1]>[0], id: string): Promise<LineRow> {
  if (!(await lockLine(tx, id))) throw notFound('Bank statement line not found');
  const line = await tx.bankStatementLine.findUniqueOrThrow({ where: { id }, select: lineSelect });
  if (line.status !== 'review') throw conflict(`This bank line is already ${line.status}; only lines waiting for review can be applied or dismissed`);
  return line;
}

const orderSelect = { id: true, orderNumber: true, totalCents: true, status: true, paymentMethod: true, paidCents: true } as const;

export async function applyBankLine(db: PrismaClient, mail: MailSettings, userId: string | null, input: { id: string; order_id?: string; order_number?: string }): Promise<BankLineDto> {
  if (!input.order_id && !input.order_number) throw badRequest('Give order_id or order_number: the order this money pays');
  const row = await unitOfWork(db, async (tx) => {
    const line = await lockReviewLine(tx, input.id);
    const order = input.order_id
      ? await tx.order.findUnique({ where: { id: input.order_id }, select: orderSelect })
      : await tx.order.findUnique({ where: { orderNumber: input.order_number!.trim().toUpperCase() }, select: orderSelect });
    if (!order) throw notFound('Order not found');
    const problem = lineProblem(order, line.amountCents);
    if (order.status === 'cancelled') throw conflict(`Order ${order.orderNumber} is cancelled; it cannot be paid`);
    if (problem && order.paymentMethod === 'invoice') {
      throw conflict(
        problem === 'over_payment'
          ? `The bank line is ${fmt(line.amountCents)} but the invoice of order ${order.orderNumber} owes ${fmt(order.totalCents - order.paidCents)}`
          : `The invoice of order ${order.orderNumber} is already paid`,
      );
    }
    if (order.status !== 'pending') throw conflict(`Order ${order.orderNumber} is already paid (${order.status})`);
    if (problem) {
      throw conflict(`The bank line is ${fmt(line.amountCents)} but order ${order.orderNumber} totals ${fmt(order.totalCents)}; only an equal amount can pay it`);
    }
    const provider = providerOf(line);
    const date = line.bookedOn.toISOString().slice(0, 10);
    const outcome = await markOrderPaidInTx(
      tx,
      {
        orderId: order.id,
        provider,
        method: provider,
        amountCents: line.amountCents,
        currency: 'SGD',
        providerRef: line.id,
        reference: line.reference || line.description.slice(0, 100) || null,
        evidence: evidenceOf(line.bank, { ...line, date }, line.id),
        paidAt: paidAtOf(date),
        byUserId: userId,
      },
      mail,
    );
    if (outcome !== 'applied') throw conflict(`Order ${order.orderNumber} cannot be paid by this line (${outcome.replace('_', ' ')})`);
    return tx.bankStatementLine.update({ where: { id: line.id }, data: { status: 'applied', problem: null, orderId: order.id, byUserId: userId, decidedAt: new Date() }, select: lineSelect });
  });
  return (await toDtos(db, [row]))[0];
}

export async function dismissBankLine(db: PrismaClient, userId: string | null, input: { id: string; note?: string }): Promise<BankLineDto> {
  const row = await unitOfWork(db, async (tx) => {
    await lockReviewLine(tx, input.id);
    return tx.bankStatementLine.update({ where: { id: input.id }, data: { status: 'dismissed', byUserId: userId, decidedAt: new Date() }, select: lineSelect });
  });
  return (await toDtos(db, [row]))[0];
}
