import { randomBytes } from 'node:crypto';
import type { PrismaClient } from '@prisma/client';
import { newId } from '../../server/db/ids';

// Orders paid on invoice written straight into the database, with their payments and credit notes,
// for the statement, receivables and reminder tests (decision 0199). Placing on invoice and staff
// payments are built elsewhere (server/services/orders/, server/services/payments/); these rows have
// the shape those write: paymentMethod 'invoice', status 'processing', the company, the due day, the
// invoice number and paidCents kept equal to the payments.

let seq = 0;
/**
 * Numbers far above what the shop's own counters reach in a test, from a random start so two runs of
 * a journey against one e2e shop do not meet (each API test file has a database of its own).
 */
const base = 100_000 + Math.floor(Math.random() * 8_000) * 100;
const next = () => base + ++seq;

export interface InvoiceOrderSpec {
  companyId: string;
  /** The buyer who placed it. */
  user: { id: string; email: string };
  /** When it was placed (the invoice day is its Singapore day). */
  createdAt: Date | string;
  totalCents: number;
  /** YYYY-MM-DD. */
  dueDate: string;
  /** Null: not numbered yet (the statement shows the order number). */
  invoiceNumber?: number | null;
  status?: 'processing' | 'shipped' | 'delivered' | 'cancelled';
  paymentMethod?: 'invoice' | 'stripe';
  payments?: { cents: number; paidAt: Date | string; reference?: string | null; provider?: 'manual' | 'bank_transfer' }[];
  creditNotes?: { cents: number; issuedAt: Date | string; kind?: 'refund' | 'cancellation' }[];
}

/** One invoice order; answers its id, order number, invoice number and credit note numbers. */
export async function createInvoiceOrder(db: PrismaClient, spec: InvoiceOrderSpec) {
  const id = newId();
  const orderNumber = `PS-TEST-${randomBytes(4).toString('hex').toUpperCase()}`;
  const invoiceNumber = spec.invoiceNumber === undefined ? next() : spec.invoiceNumber;
  const payments = spec.payments ?? [];
  const paidCents = payments.reduce((sum, p) => sum + p.cents, 0);
  const gstCents = Math.round((spec.totalCents * 9) / 109);
  await db.order.create({
    data: {
      id,
      orderNumber,
      userId: spec.user.id,
      email: spec.user.email,
      status: spec.status ?? 'processing',
      paymentMethod: spec.paymentMethod ?? 'invoice',
      subtotalCents: spec.totalCents,
      gstCents,
      totalCents: spec.totalCents,
      shipFullName: 'Tan Mei Ling',
      shipPhone: '+65 9123 4567',
      shipLine1: '1 Orchard Road',
      shipPostalCode: '238801',
      shipCity: 'Singapore',
      shipState: 'Singapore',
      shipCountry: 'SG',
      companyId: spec.companyId,
      dueDate: new Date(`${spec.dueDate}T00:00:00Z`),
      invoiceNumber,
      paidCents,
      createdAt: new Date(spec.createdAt),
      ...(spec.status === 'cancelled' ? { cancelledAt: new Date(spec.createdAt) } : {}),
      items: {
        create: [{ id: newId(), productName: 'Mailer box 25x35 white', sku: 'MB-2535-W', unitPriceCents: spec.totalCents, quantity: 1, lineTotalCents: spec.totalCents }],
      },
    },
  });
  for (const p of payments) {
    await db.payment.create({
      data: {
        id: newId(),
        orderId: id,
        provider: p.provider ?? 'bank_transfer',
        method: 'bank_transfer',
        amountCents: p.cents,
        providerRef: `test-${newId()}`,
        reference: p.reference ?? null,
        paidAt: new Date(p.paidAt),
      },
    });
  }
  const creditNoteNumbers: number[] = [];
  for (const c of spec.creditNotes ?? []) {
    const number = next();
    creditNoteNumbers.push(number);
    await db.creditNote.create({
      data: {
        id: newId(),
        number,
        orderId: id,
        kind: c.kind ?? (spec.status === 'cancelled' ? 'cancellation' : 'refund'),
        reason: 'Goods returned',
        amountCents: c.cents,
        gstCents: Math.round((c.cents * 9) / 109),
        lines: [{ name: 'Credit', sku: '-', quantity: 1, unit_price_cents: c.cents, line_total_cents: c.cents }],
        issuedAt: new Date(c.issuedAt),
      },
    });
  }
  return { id, orderNumber, invoiceNumber, creditNoteNumbers };
}
