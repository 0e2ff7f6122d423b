// Requests for quote, the buyer's side: ask from the cart, read, accept once into an order at the
// quoted prices, or decline (docs/decisions/0143-request-for-quote.md). Another buyer's quote
// answers like an unknown one (404). The order is placed by order-placement.service.ts with the
// quote as its source, so stock, GST, the idempotency key and the invoice number follow its rules.
import type { PrismaClient } from '@prisma/client';
import type { z } from 'zod';
import { unitPriceFor } from '../../../shared/domain/pricing';
import { acceptRefusal, MAX_OPEN_QUOTE_REQUESTS, MAX_QUOTE_LINES, QUOTE_MESSAGES as M } from '../../../shared/domain/quotes';
import { badRequest, conflict, notFound } from '../../../shared/errors';
import type { OrderDto } from '../../../shared/schemas/order.schema';
import type { acceptQuoteInput, QuoteDto, requestQuoteInput } from '../../../shared/schemas/quote.schema';
import { unitOfWork } from '../../db/unit-of-work';
import { newId } from '../../db/ids';
import { mailer, type MailSettings } from '../../mail/mail.service';
import { quoteAcceptedEmail, quoteRequestedEmail } from '../../mail/templates/quote';
import { webhookQuoteAccepted, webhookQuoteRequested } from '../../webhooks/events';
import { companyOf } from '../accounts/user.mapper';
import { lockUser } from '../accounts/user.sql';
import { readCartRow } from '../cart/cart.sql';
import { cartVariantSelect, tiersOf } from '../cart/cart-view';
import { newOrderNumber } from '../orders/order-number';
import { placeOrder, type QuotedSource } from '../orders/order-placement.service';
import type { StripeSettings } from '../payments/stripe/config';
import { quoteSelect, toQuoteDto } from './quote.mapper';
import { lockBuyersQuote } from './quotes.sql';
import { renderQuote } from '../../documents/quote';
import { getShopProfile } from '../admin/shop-profile.service';
import type { Prisma } from '@prisma/client';

type Tx = Prisma.TransactionClient;
type Buyer = { id: string; email: string; firstName: string; displayName: string; company: Prisma.JsonValue };

/** A line as a new quote stores it. */
export interface NewQuoteLine {
  variantId: string;
  productName: string;
  sku: string;
  packSize: number;
  quantity: number;
  listPriceCents: number;
}

/**
 * Writes a new quote (requested) with its lines, tells staff and integrators, in the caller's
 * transaction. Shared by the buyer's request and a quote staff start for a customer.
 */
export async function writeQuote(
  tx: Tx,
  q: { userId: string; buyer: { name: string; email: string }; company: Prisma.JsonValue; note: string | null; targetDate: string | null; createdById: string | null; lines: NewQuoteLine[] },
  mail: MailSettings,
): Promise<QuoteDto> {
  const now = new Date();
  const company = companyOf(q.company);
  const row = await tx.quote.create({
    data: {
      id: newId(),
      quoteNumber: newOrderNumber(now, 'Q'),
      userId: q.userId,
      note: q.note || null,
      targetDate: q.targetDate ? new Date(`${q.targetDate}T00:00:00.000Z`) : null,
      buyerCompany: company ?? undefined,
      createdById: q.createdById,
      createdAt: now,
      lines: { create: q.lines.map((l, position) => ({ id: newId(), ...l, position })) },
    },
    select: quoteSelect,
  });
  const dto = toQuoteDto(row, now);
  const m = await mailer(tx, mail);
  await m.queue('quote_requested', m.staffEmail, quoteRequestedEmail(m.ctx, dto, q.buyer));
  await webhookQuoteRequested(tx, row.id);
  return dto;
}

/** The buyer asks for prices on the cart as it is now. The cart stays as it is. */
export async function requestQuote(db: PrismaClient, user: Buyer, input: z.infer<typeof requestQuoteInput>, mail: MailSettings): Promise<QuoteDto> {
  return unitOfWork(db, async (tx) => {
    // Taken in turn per buyer, so two requests at once cannot both pass the open-request limit.
    await lockUser(tx, user.id);
    const cart = await readCartRow(tx, { userId: user.id });
    if (!cart || cart.items.length === 0) throw badRequest(M.emptyCart);
    if (cart.items.length > MAX_QUOTE_LINES) throw badRequest(M.tooManyLines);
    const open = await tx.quote.count({ where: { userId: user.id, status: 'requested' } });
    if (open >= MAX_OPEN_QUOTE_REQUESTS) throw conflict(M.tooManyOpen);
    return writeQuote(
      tx,
      {
        userId: user.id,
        buyer: { name: user.displayName || user.firstName, email: user.email },
        company: user.company,
        note: input.note ?? null,
        targetDate: input.target_date ?? null,
        createdById: null,
        lines: cart.items.map((l) => ({
          variantId: l.variant.id,
          productName: l.variant.product.name,
          sku: l.variant.sku,
          packSize: l.variant.packSize,
          quantity: l.quantity,
          listPriceCents: unitPriceFor(tiersOf(l), l.quantity),
        })),
      },
      mail,
    );
  });
}

export async function listQuotes(db: PrismaClient, userId: string): Promise<QuoteDto[]> {
  const rows = await db.quote.findMany({ where: { userId }, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], take: 100, select: quoteSelect });
  const now = new Date();
  return rows.map((q) => toQuoteDto(q, now));
}

export async function getQuote(db: PrismaClient, userId: string, id: string): Promise<QuoteDto> {
  const row = await db.quote.findFirst({ where: { id, userId }, select: quoteSelect });
  if (!row) throw notFound(M.notFound);
  return toQuoteDto(row);
}

/**
 * Accepting places the order. The quote row is locked inside the order's transaction and marked
 * accepted there, so the order exists exactly when the quote is used, and once: a second accept
 * waits for the first and then finds it accepted (409). The same Idempotency-Key answers the same
 * order again; a key already used for another order is refused rather than answering that order.
 */
export async function acceptQuote(
  db: PrismaClient,
  user: Buyer,
  input: z.infer<typeof acceptQuoteInput>,
  headerKey: string | null,
  mail: MailSettings,
  stripe: StripeSettings | null = null,
): Promise<OrderDto> {
  const source: QuotedSource = {
    async take(tx, now) {
      const q = await lockBuyersQuote(tx, input.id, user.id);
      if (!q) throw notFound(M.notFound);
      const refusal = acceptRefusal(q, now);
      if (refusal) throw conflict(refusal);
      const lines = await tx.quoteLine.findMany({
        where: { quoteId: input.id },
        orderBy: { position: 'asc' },
        select: { id: true, sku: true, quantity: true, unitPriceCents: true, variant: { select: cartVariantSelect } },
      });
      const gone = lines.find((l) => !l.variant);
      if (gone) throw conflict(M.gone(gone.sku));
      return {
        items: lines.map((l) => ({ id: l.id, quantity: l.quantity, variant: l.variant! })),
        unitCents: lines.map((l) => l.unitPriceCents!),
        shippingCents: q.shippingCents!,
      };
    },
    async accepted(tx, order, now) {
      const done = await tx.quote.updateMany({ where: { id: input.id, userId: user.id, status: 'quoted', orderId: null }, data: { status: 'accepted', orderId: order.id, acceptedAt: now } });
      // The row is locked and was checked above; anything else is a bug, not a race.
      if (done.count !== 1) throw new Error(`Quote ${input.id} changed under its lock`);
      const { quoteNumber } = await tx.quote.findUniqueOrThrow({ where: { id: input.id }, select: { quoteNumber: true } });
      const m = await mailer(tx, mail);
      await m.queue('quote_accepted', m.staffEmail, quoteAcceptedEmail(m.ctx, { id: input.id, quoteNumber }, order, user.email), order.id);
      await webhookQuoteAccepted(tx, input.id, order.id);
    },
  };
  const order = await placeOrder(db, user, input, headerKey, mail, undefined, source, stripe);
  const used = await db.quote.findFirst({ where: { id: input.id, userId: user.id }, select: { orderId: true } });
  if (used?.orderId !== order.id) throw conflict(M.keyUsed);
  return order;
}

/** Declining closes a quote the buyer does not want (asked for or priced, not yet accepted). */
export async function declineQuote(db: PrismaClient, userId: string, id: string): Promise<QuoteDto> {
  return unitOfWork(db, async (tx) => {
    const q = await lockBuyersQuote(tx, id, userId);
    if (!q) throw notFound(M.notFound);
    const refusal = acceptRefusal(q);
    // A quote not yet priced may be withdrawn; one accepted, declined or expired is already closed.
    if (refusal && q.status !== 'requested') throw conflict(refusal);
    const row = await tx.quote.update({ where: { id }, data: { status: 'declined', declinedAt: new Date() }, select: quoteSelect });
    return toQuoteDto(row);
  });
}

/**
 * The quote as a PDF: the buyer's own (another buyer's is a 404), or any for staff (ownerId null).
 * Only a priced quote has one; a request waiting for prices is a 409.
 */
export async function quotePdf(db: PrismaClient, id: string, ownerId: string | null) {
  const row = await db.quote.findFirst({
    where: { id, ...(ownerId ? { userId: ownerId } : {}) },
    select: { ...quoteSelect, user: { select: { email: true, displayName: true, firstName: true, lastName: true } } },
  });
  if (!row) throw notFound(M.notFound);
  const q = toQuoteDto(row);
  if (q.total === null) throw conflict(M.notPriced);
  const shop = await getShopProfile(db);
  const name = row.user.displayName || `${row.user.firstName} ${row.user.lastName}`.trim();
  return { pdf: await renderQuote(shop, q, { name, email: row.user.email }), filename: `quote-${q.quote_number}.pdf` };
}
