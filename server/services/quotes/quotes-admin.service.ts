// Requests for quote, the back office's side: the queue, a quote with its buyer's history, pricing
// and sending it (which e-mails the buyer through the outbox), and starting one for a customer.
import { companyDetailsOf, companyDetailsSelect } from '../../auth/user.mapper';
import type { Prisma, PrismaClient } from '@prisma/client';
import type { z } from 'zod';
import { toDollars, toCents } from '../../../shared/domain/money';
import { endOfSgDay, quoteStatus, sgDateOf, QUOTE_MESSAGES as M, type QuoteStatus } from '../../../shared/domain/quotes';
import { badRequest, conflict, notFound } from '../../../shared/errors';
import type { adminQuoteListInput, AdminQuoteDetailDto, createQuoteInput, QuoteSummaryDto, sendQuoteInput } from '../../../shared/schemas/quote.schema';
import { unitOfWork } from '../../db/unit-of-work';
import type { MailSettings } from '../../mail/mail.service';
import { announce } from '../../outbox/business-events';
import { pricedTotals, quoteSelect, toQuoteDto } from './quote.mapper';
import { linesBySku, writeQuote } from './quotes.service';
import { lockQuote, priceLines } from './quotes.sql';

type ListInput = NonNullable<z.input<typeof adminQuoteListInput>> & { page: number; page_size: number };

/** The stored condition behind a shown status: expired is a quoted quote past its validity. */
function statusWhere(status: QuoteStatus | undefined, now: Date): Prisma.QuoteWhereInput {
  switch (status) {
    case undefined:
      return {};
    case 'quoted':
      return { status: 'quoted', validUntil: { gte: now } };
    case 'expired':
      return { status: 'quoted', validUntil: { lt: now } };
    default:
      return { status };
  }
}

const summarySelect = {
  id: true,
  quoteNumber: true,
  status: true,
  validUntil: true,
  createdAt: true,
  shippingCents: true,
  buyerCompany: true,
  user: { select: { email: true, displayName: true, firstName: true, lastName: true } },
  lines: { select: { quantity: true, unitPriceCents: true } },
} satisfies Prisma.QuoteSelect;

const nameOf = (u: { displayName: string; firstName: string; lastName: string }) => u.displayName || `${u.firstName} ${u.lastName}`.trim();

/** The queue, newest first: requested ones are the staff's to answer. */
export async function listQuotes(db: PrismaClient, input: ListInput) {
  const now = new Date();
  const q = input.search ? { contains: input.search, mode: 'insensitive' as const } : undefined;
  const where: Prisma.QuoteWhereInput = {
    ...statusWhere(input.status, now),
    ...(q ? { OR: [{ quoteNumber: q }, { user: { email: q } }] } : {}),
  };
  const [total, rows] = await Promise.all([
    db.quote.count({ where }),
    db.quote.findMany({ where, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], skip: (input.page - 1) * input.page_size, take: input.page_size, select: summarySelect }),
  ]);
  const items: QuoteSummaryDto[] = rows.map((r) => {
    const totals = pricedTotals(r);
    const company = r.buyerCompany as { name?: unknown } | null;
    return {
      id: r.id,
      quote_number: r.quoteNumber,
      status: quoteStatus(r.status, r.validUntil, now),
      email: r.user.email,
      customer_name: nameOf(r.user),
      company_name: company && typeof company.name === 'string' ? company.name : null,
      line_count: r.lines.length,
      total: totals ? toDollars(totals.totalCents) : null,
      valid_until: r.validUntil ? sgDateOf(r.validUntil) : null,
      created_at: r.createdAt.toISOString(),
    };
  });
  return { items, total, page: input.page, pages: Math.max(1, Math.ceil(total / input.page_size)) };
}


/** A quote with who asked for it, their recent orders and their other quotes. */
export async function getQuote(db: PrismaClient, id: string): Promise<AdminQuoteDetailDto> {
  const row = await db.quote.findUnique({
    where: { id },
    select: { ...quoteSelect, user: { select: { id: true, email: true, displayName: true, firstName: true, lastName: true } } },
  });
  if (!row) throw notFound(M.notFound);
  const now = new Date();
  const userId = row.user.id;
  const [stats, recent, others] = await Promise.all([
    db.order.aggregate({ where: { userId, status: { not: 'cancelled' } }, _count: { _all: true }, _sum: { totalCents: true } }),
    db.order.findMany({ where: { userId }, orderBy: { createdAt: 'desc' }, take: 10, select: { id: true, orderNumber: true, status: true, totalCents: true, createdAt: true } }),
    db.quote.findMany({ where: { userId, id: { not: id } }, orderBy: { createdAt: 'desc' }, take: 10, select: quoteSelect }),
  ]);
  return {
    ...toQuoteDto(row, now),
    buyer: {
      id: userId,
      email: row.user.email,
      name: nameOf(row.user),
      order_count: stats._count._all,
      total_spent: toDollars(stats._sum.totalCents ?? 0),
      recent_orders: recent.map((o) => ({ id: o.id, order_number: o.orderNumber, status: o.status, total: toDollars(o.totalCents), created_at: o.createdAt.toISOString() })),
      other_quotes: others.map((o) => {
        const d = toQuoteDto(o, now);
        return { id: d.id, quote_number: d.quote_number, status: d.status, total: d.total, created_at: d.created_at };
      }),
    },
  };
}

/**
 * Prices every line, sets the shipping fee, validity and message, and sends the quote: the buyer is
 * e-mailed in the same transaction. A quote asked for, already sent or expired can be (re)sent; an
 * accepted or declined one is closed. The quote row is locked, so sending and accepting take turns.
 */
export async function sendQuote(db: PrismaClient, input: z.infer<typeof sendQuoteInput>, mail: MailSettings): Promise<AdminQuoteDetailDto> {
  await unitOfWork(db, async (tx) => {
    const now = new Date();
    const q = await lockQuote(tx, input.id);
    if (!q) throw notFound(M.notFound);
    if (q.status === 'accepted' || q.status === 'declined') throw conflict(M.closed(q.status));
    const lineIds = (await tx.quoteLine.findMany({ where: { quoteId: input.id }, select: { id: true } })).map((l) => l.id);
    const given = new Set(input.lines.map((l) => l.line_id));
    if (given.size !== input.lines.length || given.size !== lineIds.length || lineIds.some((id) => !given.has(id))) throw badRequest(M.linesMismatch);
    await priceLines(tx, input.id, input.lines.map((l) => ({ lineId: l.line_id, unitCents: toCents(l.unit_price) })));
    const row = await tx.quote.update({
      where: { id: input.id },
      data: { status: 'quoted', shippingCents: toCents(input.shipping_fee), validUntil: endOfSgDay(input.valid_until), message: input.message || null, quotedAt: now },
      select: { ...quoteSelect, user: { select: { email: true, displayName: true, firstName: true, lastName: true } } },
    });
    await announce('quoteAnswered', tx, mail, { quote: toQuoteDto(row, now), email: row.user.email, customerName: row.user.firstName || nameOf(row.user) });
  });
  return getQuote(db, input.id);
}

/** Staff start a quote for a customer (by e-mail) from SKUs and quantities; it is then priced and sent as any other. */
export async function createQuoteForCustomer(db: PrismaClient, staffId: string, input: z.infer<typeof createQuoteInput>, mail: MailSettings): Promise<AdminQuoteDetailDto> {
  const id = await unitOfWork(db, async (tx) => {
    const user = await tx.user.findUnique({ where: { email: input.customer_email }, select: { id: true, email: true, displayName: true, firstName: true, lastName: true, membership: { select: { company: { select: { ...companyDetailsSelect, priceListId: true } } } } } });
    if (!user) throw notFound('No customer has this e-mail address');
    // By SKU, a SKU sent twice asked for once, as a buyer's request (quotes.service.ts).
    // From the customer's own prices: their company's contract prices when it has a price list.
    const lines = await linesBySku(tx, input.lines, user.membership?.company.priceListId ?? null);
    const dto = await writeQuote(
      tx,
      {
        userId: user.id,
        buyer: { name: nameOf(user), email: user.email },
        company: user.membership ? companyDetailsOf(user.membership.company) : null,
        note: input.note ?? null,
        targetDate: null,
        createdById: staffId,
        lines,
      },
      mail,
    );
    return dto.id;
  });
  return getQuote(db, id);
}
