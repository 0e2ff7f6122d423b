// Requests for quote, the buyer's side: ask (from the cart, or for any lines and quantities from a
// product page or quick order, decision 0180), read, accept once into an order at the
// quoted prices, or decline (docs/decisions/0143-request-for-quote.md). Another buyer's quote
// answers like an unknown one (404). The order is placed by order-placement.service.ts with the
// quote as its source, so stock, GST, the idempotency key and the invoice number follow its rules.
import type { PrismaClient } from '@prisma/client';
import type { z } from 'zod';
import { unitPriceFor } from '../../../shared/domain/pricing';
import { type QuantityRules } from '../../../shared/domain/quantity-rules';
import { quantityRuleRefusal, rulesOf } from '../../../shared/domain/quantity-rule-checks';
import { acceptRefusal, MAX_OPEN_QUOTE_REQUESTS, MAX_QUOTE_LINES, QUOTE_MESSAGES as M } from '../../../shared/domain/quotes';
import { badRequest, conflict, notFound } from '../../../shared/errors';
import type { OrderDto } from '../../../shared/schemas/order.schema';
import { MAX_LINE_QUANTITY } from '../../../shared/schemas/cart.schema';
import type { acceptQuoteInput, QuoteDto, requestQuoteInput } from '../../../shared/schemas/quote.schema';
import { unitOfWork } from '../../db/unit-of-work';
import { newId } from '../../db/ids';
import type { MailSettings } from '../../mail/mail.service';
import { announce } from '../../outbox/business-events';
import { companyDetailsOf, companyOf, type AppUser } from '../../auth/user.mapper';
import { lockUser } from '../../db/user-lock.sql';
import { readCartRow, readVariantsForAdd } from '../cart/cart.sql';
import { variantLabel } from '../cart/cart.service';
import { cartVariantSelect, tiersOf } from '../cart/cart-view';
import { contractTiers } from '../../../shared/domain/price-list';
import { resolvePriceList } from '../price-lists/resolve-price-list';
import { newOrderNumber } from '../orders/order-number';
import { placeOrder } from '../orders/order-placement.service';
import type { QuotedSource } from '../orders/placement/placement.types';
import type { StripeSettings } from '../stripe/config';
import { quoteSelect, toQuoteDto } from './quote.mapper';
import { lockAcceptableQuote, lockBuyersQuote, takeQuotedLinesOutOfCart } from './quotes.sql';
import { renderQuote } from '../../documents/quote';
import { getShopProfile } from '../settings/shop-profile.service';
import type { Prisma } from '@prisma/client';

type Tx = Prisma.TransactionClient;
type Buyer = Pick<AppUser, 'id' | 'email' | 'firstName' | 'displayName' | 'membership'>;

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
  q: { userId: string; buyer: { name: string; email: string }; company: Prisma.JsonValue; note: string | null; targetDate: string | null; createdById: string | null; fromCart?: boolean; lines: NewQuoteLine[] },
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
      fromCart: q.fromCart ?? false,
      createdAt: now,
      lines: { create: q.lines.map((l, position) => ({ id: newId(), ...l, position })) },
    },
    select: quoteSelect,
  });
  const dto = toQuoteDto(row, now);
  await announce('quoteRequested', tx, mail, { quote: dto, buyer: q.buyer });
  return dto;
}

/**
 * The buyer asks for prices: on the lines sent (a product page, quick order), by SKU and for any
 * quantity up to the line limit, stock or not, with the cart not read or touched; or, without
 * lines, on the cart as it is now, which stays as it is until the quote is accepted (decision 0180).
 */
export async function requestQuote(db: PrismaClient, user: Buyer, input: z.infer<typeof requestQuoteInput>, mail: MailSettings): Promise<QuoteDto> {
  return unitOfWork(db, async (tx) => {
    // Taken in turn per buyer, so two requests at once cannot both pass the open-request limit.
    await lockUser(tx, user.id);
    // A member's request starts from their contract prices (decision 0193): what they would pay today.
    const priceListId = user.membership?.company.priceListId ?? null;
    const lines = input.lines ? await linesBySku(tx, input.lines, priceListId) : await cartLines(tx, user.id, priceListId);
    const open = await tx.quote.count({ where: { userId: user.id, status: 'requested' } });
    if (open >= MAX_OPEN_QUOTE_REQUESTS) throw conflict(M.tooManyOpen);
    return writeQuote(
      tx,
      {
        userId: user.id,
        buyer: { name: user.displayName || user.firstName, email: user.email },
        company: user.membership ? companyDetailsOf(user.membership.company) : null,
        note: input.note ?? null,
        targetDate: input.target_date ?? null,
        createdById: null,
        fromCart: !input.lines,
        lines,
      },
      mail,
    );
  });
}

/**
 * A quote asks for quantities that can be ordered: each line keeps its variant's order quantity
 * rules (shared/domain/quantity-rules.ts), refused with the rule's words as the cart refuses them.
 */
function requireRules(lines: { variant: Parameters<typeof variantLabel>[0]; rules: QuantityRules; quantity: number }[]) {
  for (const l of lines) {
    const broken = quantityRuleRefusal(variantLabel(l.variant), l.rules, l.quantity);
    if (broken) throw badRequest(broken);
  }
}

/** The cart's lines as a quote takes them (capped at stock already, as the cart is). */
async function cartLines(tx: Tx, userId: string, priceListId: string | null): Promise<NewQuoteLine[]> {
  const cart = await readCartRow(tx, { userId });
  if (!cart || cart.items.length === 0) throw badRequest(M.emptyCart);
  if (cart.items.length > MAX_QUOTE_LINES) throw badRequest(M.tooManyLines);
  requireRules(cart.items.map((l) => ({ variant: l.variant, rules: rulesOf(l.variant), quantity: l.quantity })));
  const priceList = await resolvePriceList(tx, priceListId, cart.items.map((l) => l.variant.id));
  return cart.items.map((l) => ({
    variantId: l.variant.id,
    productName: l.variant.product.name,
    sku: l.variant.sku,
    packSize: l.variant.packSize,
    quantity: l.quantity,
    listPriceCents: unitPriceFor(tiersOf(l, priceList), l.quantity),
  }));
}

/**
 * Lines asked for by SKU, one per SKU (a SKU sent twice is asked for once, its quantities added, and
 * held to the same line limit). Stock is not a limit here: the quote is a request for a price, and
 * stock is checked when the accepted quote is placed, as for any order. The list price is the tier
 * price for the quantity, as for the cart's lines: the contract price when the buyer's company has a
 * price list (priceListId).
 */
export async function linesBySku(tx: Tx, wanted: readonly { sku: string; quantity: number }[], priceListId: string | null): Promise<NewQuoteLine[]> {
  const quantities = new Map<string, number>();
  for (const l of wanted) quantities.set(l.sku, (quantities.get(l.sku) ?? 0) + l.quantity);
  const over = [...quantities].find(([, q]) => q > MAX_LINE_QUANTITY);
  if (over) throw badRequest(M.lineTooLarge(over[0], MAX_LINE_QUANTITY));
  const variants = await readVariantsForAdd(tx, null, { skus: [...quantities.keys()] });
  const bySku = new Map(variants.map((v) => [v.sku, v]));
  const unknown = [...quantities.keys()].filter((s) => !bySku.has(s));
  if (unknown.length) throw badRequest(`Unknown SKU${unknown.length > 1 ? 's' : ''}: ${unknown.slice(0, 10).join(', ')}`);
  requireRules([...quantities].map(([sku, quantity]) => ({ variant: bySku.get(sku)!, rules: rulesOf(bySku.get(sku)!), quantity })));
  const priceList = await resolvePriceList(tx, priceListId, variants.map((v) => v.id));
  return [...quantities].map(([sku, quantity]) => {
    const v = bySku.get(sku)!;
    const tiers = contractTiers(v.id, v.priceTiers.map((t) => ({ min_quantity: t.minQuantity, price: t.priceCents })), priceList);
    return { variantId: v.id, productName: v.product.name, sku, packSize: v.packSize, quantity, listPriceCents: unitPriceFor(tiers, quantity) };
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
  /** The company the caller is an admin of: they may accept its members' quotes too (decision 0202). */
  adminOfCompany: string | null = null,
): Promise<OrderDto> {
  let fromCart = false;
  // Whose quote it is: the caller's, or a member's when a company admin accepts it for the company.
  let ownerId = user.id;
  const source: QuotedSource = {
    async take(tx, now) {
      const q = await lockAcceptableQuote(tx, input.id, user.id, adminOfCompany);
      if (!q) throw notFound(M.notFound);
      const refusal = acceptRefusal(q, now);
      if (refusal) throw conflict(refusal);
      fromCart = q.fromCart;
      ownerId = q.ownerId;
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
      // A quote asked for on the cart takes its lines out of it, as a checkout empties the cart it
      // orders: the next checkout is what the buyer added besides. Other quotes never touched the cart.
      // (the cart of the member who asked, when their company's admin accepts it).
      if (fromCart) await takeQuotedLinesOutOfCart(tx, input.id, ownerId, now);
      const done = await tx.quote.updateMany({ where: { id: input.id, userId: ownerId, status: 'quoted', orderId: null }, data: { status: 'accepted', orderId: order.id, acceptedAt: now } });
      // The row is locked and was checked above; anything else is a bug, not a race.
      if (done.count !== 1) throw new Error(`Quote ${input.id} changed under its lock`);
      const { quoteNumber } = await tx.quote.findUniqueOrThrow({ where: { id: input.id }, select: { quoteNumber: true } });
      await announce('quoteAccepted', tx, mail, { quote: { id: input.id, quoteNumber }, order, buyerEmail: user.email });
    },
  };
  const order = await placeOrder(db, user, input, headerKey, mail, undefined, source, stripe);
  const used = await db.quote.findFirst({ where: { id: input.id, userId: ownerId }, select: { orderId: true } });
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
