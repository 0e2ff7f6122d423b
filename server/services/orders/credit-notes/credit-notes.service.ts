// Credit notes (decision 0166): the document a GST-registered seller issues when it gives back money
// for, or cancels, an order that already has a tax invoice. Their own gap-free number series beside
// the invoices' (Counter 'credit_note'), taken in the transaction that issues the note; a note is
// never changed once issued. An invoice is never credited beyond its total.
import { Prisma, type PrismaClient } from '@prisma/client';
import { gstIncludedIn } from '../../../../shared/domain/gst';
import { formatInvoiceNumber } from '../../../../shared/domain/invoice';
import { toDollars } from '../../../../shared/domain/money';
import { formatCreditNoteNumber } from '../../../../shared/domain/payment-state';
import { notFound } from '../../../../shared/errors';
import { newId } from '../../../db/ids';
import { renderCreditNote } from '../../../documents/credit-note';
import { nextCreditNoteNumber } from './credit-notes.sql';
import { announce } from '../../../outbox/business-events';
import { companyOf } from '../../../auth/user.mapper';
import { getShopProfile } from '../../settings/shop-profile.service';
import { shipAddressSelect } from '../order.mapper';
import { shipAddressLines } from '../ship-address';
import { orderScopeWhere, type OrderScope } from '../order-scope';

type Tx = Prisma.TransactionClient;

/** One printed line of a credit note, as stored in CreditNote.lines. */
interface CreditLine {
  name: string;
  sku: string;
  quantity: number;
  unit_price_cents: number;
  line_total_cents: number;
}

export interface IssueCreditNote {
  orderId: string;
  kind: 'refund' | 'cancellation';
  refundId?: string | null;
  /** What is credited, GST included; cut down to what of the invoice is not credited yet. */
  amountCents: number;
  /** The order lines the credit is for (refunded goods); none: one amount line. */
  lines?: { item_id: string; quantity: number }[] | null;
  reason: string;
}

export interface IssuedCreditNote {
  id: string;
  number: number;
  amountCents: number;
  gstCents: number;
}

/**
 * Issues a credit note inside the caller's transaction, or answers null when there is nothing to
 * credit: the order has no tax invoice number, or its invoice is already credited in full (a refund
 * after a cancellation's note, a cancellation after refunds of everything). The caller holds the
 * order row locked (FOR UPDATE), so two notes of one order are decided one after the other.
 * An order still waiting for its invoice number must be numbered before the transaction
 * (numberDueInvoices): numbering locks the order row from its own connection.
 */
export async function issueCreditNoteInTx(tx: Tx, input: IssueCreditNote): Promise<IssuedCreditNote | null> {
  const order = await tx.order.findUnique({
    where: { id: input.orderId },
    select: {
      orderNumber: true,
      invoiceNumber: true,
      totalCents: true,
      gstCents: true,
      items: { select: { id: true, productName: true, sku: true, quantity: true, unitPriceCents: true } },
    },
  });
  if (!order || order.invoiceNumber == null) return null;
  const before = await tx.creditNote.aggregate({ where: { orderId: input.orderId }, _sum: { amountCents: true, gstCents: true } });
  const creditedCents = before._sum.amountCents ?? 0;
  const creditedGst = before._sum.gstCents ?? 0;
  const left = order.totalCents - creditedCents;
  const amountCents = Math.min(input.amountCents, left);
  if (amountCents <= 0) return null;
  // The GST in a GST-inclusive amount, as the order's own GST was worked out (9/109, rounded); the
  // note that credits what is left takes exactly the GST that is left, so all notes of an invoice add
  // up to its GST to the cent.
  const gstLeft = Math.max(0, order.gstCents - creditedGst);
  const gstCents = amountCents === left ? gstLeft : Math.min(gstIncludedIn(amountCents), gstLeft);

  const byId = new Map(order.items.map((i) => [i.id, i]));
  const named = (input.lines ?? []).map((l): CreditLine => {
    const i = byId.get(l.item_id);
    if (!i) throw notFound(`Order line not found: ${l.item_id}`);
    return { name: i.productName, sku: i.sku, quantity: l.quantity, unit_price_cents: i.unitPriceCents, line_total_cents: i.unitPriceCents * l.quantity };
  });
  const lines: CreditLine[] = named.length
    ? named
    : [
        {
          name: input.kind === 'cancellation' ? `Cancellation of order ${order.orderNumber}` : `Refund for order ${order.orderNumber}`,
          sku: '-',
          quantity: 1,
          unit_price_cents: amountCents,
          line_total_cents: amountCents,
        },
      ];

  // The number is taken here, in the transaction that writes the note: the counter row stays locked
  // until commit, so numbers are unique across instances, and a rolled-back note gives its number back.
  const number = await nextCreditNoteNumber(tx);
  const id = newId();
  const note = await tx.creditNote.create({
    data: {
      id,
      number,
      orderId: input.orderId,
      refundId: input.refundId ?? null,
      kind: input.kind,
      reason: input.reason,
      amountCents,
      gstCents,
      lines: lines as unknown as Prisma.InputJsonValue,
    },
    select: { issuedAt: true },
  });
  await announce('creditNoteIssued', tx, input.orderId, () => ({
    ...creditNoteData({ number, kind: input.kind, reason: input.reason, amountCents, gstCents, issuedAt: note.issuedAt, refundId: input.refundId ?? null }),
    order_id: input.orderId,
    order_number: order.orderNumber,
    invoice_number: formatInvoiceNumber(order.invoiceNumber!),
    pdf_url: `/api/admin/orders/${input.orderId}/credit-notes/${formatCreditNoteNumber(number)}.pdf`,
  }));
  return { id, number, amountCents, gstCents };
}

/** A credit note as REST answers it and credit_note.issued carries it. */
const creditNoteData = (c: { number: number; kind: string; reason: string; amountCents: number; gstCents: number; issuedAt: Date; refundId: string | null }) => ({
  number: formatCreditNoteNumber(c.number),
  kind: c.kind as 'refund' | 'cancellation',
  amount: toDollars(c.amountCents),
  gst: toDollars(c.gstCents),
  reason: c.reason,
  refund_id: c.refundId,
  issued_at: c.issuedAt.toISOString(),
});

/** 'CN-000042' (or '42') -> 42; anything else is no credit note (404 like an unknown one). */
function parseNumber(text: string): number {
  const m = /^(?:CN-)?(\d{1,9})$/i.exec(text.trim());
  if (!m) throw notFound('Credit note not found');
  return Number(m[1]);
}

/**
 * A credit note of an order as a PDF. With ownerId only that user's order is found; someone else's
 * order, an unknown note or a note of another order all answer 404 alike. Staff pass null.
 */
export async function creditNotePdf(db: PrismaClient, orderId: string, numberText: string, scope: OrderScope) {
  const number = parseNumber(numberText);
  const note = await db.creditNote.findFirst({
    where: { number, orderId, order: orderScopeWhere(scope) },
    select: {
      number: true,
      kind: true,
      reason: true,
      amountCents: true,
      gstCents: true,
      lines: true,
      issuedAt: true,
      order: { select: { orderNumber: true, invoiceNumber: true, email: true, buyerCompany: true, ...shipAddressSelect } },
    },
  });
  if (!note || note.order.invoiceNumber == null) throw notFound('Credit note not found');
  const o = note.order;
  const shop = await getShopProfile(db);
  const pdf = await renderCreditNote(shop, {
    number: note.number,
    invoiceNumber: o.invoiceNumber!,
    orderNumber: o.orderNumber,
    issuedAt: note.issuedAt,
    kind: note.kind,
    reason: note.reason,
    buyer: {
      name: o.shipFullName,
      email: o.email,
      lines: shipAddressLines(o),
    },
    company: companyOf(o.buyerCompany),
    lines: note.lines as unknown as CreditLine[],
    amountCents: note.amountCents,
    gstCents: note.gstCents,
  });
  return { pdf, filename: `credit-note-${formatCreditNoteNumber(note.number)}.pdf` };
}

/** The credit notes issued in [from, to] (days in the shop's time zone are the caller's), newest first, paged. */
export async function listCreditNotes(db: PrismaClient, input: { from?: Date; to?: Date; page: number; page_size: number }) {
  const where: Prisma.CreditNoteWhereInput = { issuedAt: { ...(input.from ? { gte: input.from } : {}), ...(input.to ? { lt: input.to } : {}) } };
  const [total, rows] = await Promise.all([
    db.creditNote.count({ where }),
    db.creditNote.findMany({
      where,
      orderBy: { number: 'desc' },
      skip: (input.page - 1) * input.page_size,
      take: input.page_size,
      select: { number: true, kind: true, reason: true, amountCents: true, gstCents: true, issuedAt: true, refundId: true, orderId: true, order: { select: { orderNumber: true, invoiceNumber: true } } },
    }),
  ]);
  return {
    items: rows.map((c) => ({
      ...creditNoteData(c),
      order_id: c.orderId,
      order_number: c.order.orderNumber,
      invoice_number: c.order.invoiceNumber == null ? null : formatInvoiceNumber(c.order.invoiceNumber),
      pdf_url: `/api/admin/orders/${c.orderId}/credit-notes/${formatCreditNoteNumber(c.number)}.pdf`,
    })),
    total,
    page: input.page,
    pages: Math.max(1, Math.ceil(total / input.page_size)),
  };
}

/**
 * A cancelled order that has a tax invoice gets a credit note for what of it is not credited yet
 * (refunds before may have credited part or all of it). Called by the status change, in its
 * transaction, after the order row was switched (and so locked).
 */
export async function creditCancellationInTx(tx: Tx, orderId: string, reason: string | null | undefined): Promise<void> {
  const o = await tx.order.findUnique({ where: { id: orderId }, select: { totalCents: true } });
  if (!o) return;
  await issueCreditNoteInTx(tx, { orderId, kind: 'cancellation', amountCents: o.totalCents, reason: reason?.trim() || 'Order cancelled' });
}
