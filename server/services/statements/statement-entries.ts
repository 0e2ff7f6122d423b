// What a company's statement is made of (decisions 0198, 0199): its orders paid on invoice, the
// credit notes and refunds of them and the payments against them, as the pure rule's entries
// (shared/domain/statement.ts). One reader for the statement, the receivables and the reminders'
// figures, so they never disagree.
import type { Prisma, PrismaClient } from '@prisma/client';
import { formatInvoiceNumber } from '../../../shared/domain/invoice';
import { formatCreditNoteNumber } from '../../../shared/domain/payment-state';
import { shopDay } from '../../../shared/domain/shop-time';
import type { StatementEntry } from '../../../shared/domain/statement';

type Db = PrismaClient | Prisma.TransactionClient;

/** The orders a statement reads: paid on invoice (net terms, decision 0194). */
const invoiceOrdersWhere = { paymentMethod: 'invoice', companyId: { not: null } } as const satisfies Prisma.OrderWhereInput;

const invoiceOrderSelect = {
  id: true,
  companyId: true,
  orderNumber: true,
  invoiceNumber: true,
  status: true,
  totalCents: true,
  createdAt: true,
  dueDate: true,
  payments: { select: { id: true, provider: true, reference: true, amountCents: true, paidAt: true }, orderBy: [{ paidAt: 'asc' }, { id: 'asc' }] },
  creditNotes: { select: { number: true, amountCents: true, issuedAt: true }, orderBy: { number: 'asc' } },
  // Only money that has left: a refund Stripe still settles is not yet given back.
  refunds: { where: { status: 'succeeded' }, select: { id: true, provider: true, reference: true, amountCents: true, createdAt: true }, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] },
} as const satisfies Prisma.OrderSelect;
type InvoiceOrder = Prisma.OrderGetPayload<{ select: typeof invoiceOrderSelect }>;

/** The reference an invoice order shows: its tax invoice number, or its order number while it has none. */
const invoiceReference = (o: { invoiceNumber: number | null; orderNumber: string }) => (o.invoiceNumber == null ? o.orderNumber : formatInvoiceNumber(o.invoiceNumber));

const PROVIDER_LABEL: Record<string, string> = { bank_transfer: 'Bank transfer', manual: 'Payment', paynow: 'PayNow', stripe: 'Card payment' };
const moneyReference = (m: { provider: string; reference: string | null }) => m.reference?.trim() || PROVIDER_LABEL[m.provider] || m.provider;

/**
 * One invoice order's entries. A cancelled one is balanced by its credit note; cancelled before it
 * was credited (nothing was ever owed on it), it has none and is left out (decision 0199).
 */
function entriesOf(o: InvoiceOrder): StatementEntry[] {
  if (o.status === 'cancelled' && o.creditNotes.length === 0) return [];
  const invoice = invoiceReference(o);
  const entries: StatementEntry[] = [
    { kind: 'invoice', day: shopDay(o.createdAt), reference: invoice, invoice, amountCents: o.totalCents, ...(o.dueDate ? { dueDay: o.dueDate.toISOString().slice(0, 10) } : {}) },
    ...o.creditNotes.map((c): StatementEntry => ({ kind: 'credit_note', day: shopDay(c.issuedAt), reference: formatCreditNoteNumber(c.number), invoice, amountCents: c.amountCents })),
    ...o.payments.map((p): StatementEntry => ({ kind: 'payment', day: shopDay(p.paidAt), reference: moneyReference(p), invoice, amountCents: p.amountCents })),
    ...o.refunds.map((r): StatementEntry => ({ kind: 'refund', day: shopDay(r.createdAt), reference: `Refund${r.reference?.trim() ? ` ${r.reference.trim()}` : ''}`, invoice, amountCents: r.amountCents })),
  ];
  return entries.filter((e) => e.amountCents > 0);
}

/** Every entry of one company. */
export async function companyEntries(db: Db, companyId: string): Promise<StatementEntry[]> {
  const orders = await db.order.findMany({ where: { ...invoiceOrdersWhere, companyId }, select: invoiceOrderSelect, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] });
  return orders.flatMap(entriesOf);
}

/** Every entry of every company with invoice orders, by company id. */
export async function entriesByCompany(db: Db): Promise<Map<string, StatementEntry[]>> {
  const orders = await db.order.findMany({ where: invoiceOrdersWhere, select: invoiceOrderSelect, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] });
  const byCompany = new Map<string, StatementEntry[]>();
  for (const o of orders) {
    if (!o.companyId) continue;
    const list = byCompany.get(o.companyId) ?? [];
    list.push(...entriesOf(o));
    byCompany.set(o.companyId, list);
  }
  return byCompany;
}
