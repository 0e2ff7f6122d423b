// What a quote reads and how it is answered: the same shape for the buyer and staff, with the
// figures computed by the cart's own rules on the quoted prices (shared/domain/quotes.ts).
import type { Prisma } from '@prisma/client';
import { toDollars } from '../../../shared/domain/money';
import { quoteStatus, quoteTotals, sgDateOf } from '../../../shared/domain/quotes';
import type { QuoteDto } from '../../../shared/schemas/quote.schema';
import { companyOf } from '../../auth/user.mapper';

export const quoteSelect = {
  id: true,
  quoteNumber: true,
  status: true,
  note: true,
  targetDate: true,
  buyerCompany: true,
  shippingCents: true,
  validUntil: true,
  message: true,
  createdById: true,
  createdAt: true,
  quotedAt: true,
  order: { select: { id: true, orderNumber: true } },
  lines: {
    orderBy: { position: 'asc' },
    select: { id: true, variantId: true, sku: true, productName: true, packSize: true, quantity: true, listPriceCents: true, unitPriceCents: true },
  },
} satisfies Prisma.QuoteSelect;

export type QuoteRow = Prisma.QuoteGetPayload<{ select: typeof quoteSelect }>;


/** The figures once every line is priced; null before. */
export function pricedTotals(q: { lines: { quantity: number; unitPriceCents: number | null }[]; shippingCents: number | null }) {
  if (q.shippingCents === null || q.lines.some((l) => l.unitPriceCents === null)) return null;
  return quoteTotals(
    q.lines.map((l) => ({ quantity: l.quantity, unitCents: l.unitPriceCents! })),
    q.shippingCents,
  );
}

export function toQuoteDto(q: QuoteRow, now = new Date()): QuoteDto {
  const totals = pricedTotals(q);
  return {
    id: q.id,
    quote_number: q.quoteNumber,
    status: quoteStatus(q.status, q.validUntil, now),
    note: q.note,
    target_date: q.targetDate ? q.targetDate.toISOString().slice(0, 10) : null,
    company: companyOf(q.buyerCompany),
    lines: q.lines.map((l) => ({
      id: l.id,
      variant_id: l.variantId,
      sku: l.sku,
      product_name: l.productName,
      pack_size: l.packSize,
      quantity: l.quantity,
      list_price: toDollars(l.listPriceCents),
      unit_price: l.unitPriceCents === null ? null : toDollars(l.unitPriceCents),
      line_total: l.unitPriceCents === null ? null : toDollars(l.unitPriceCents * l.quantity),
    })),
    subtotal: totals ? toDollars(totals.subtotalCents) : null,
    shipping_fee: totals ? toDollars(totals.shippingCents) : null,
    gst: totals ? toDollars(totals.gstCents) : null,
    total: totals ? toDollars(totals.totalCents) : null,
    valid_until: q.validUntil ? sgDateOf(q.validUntil) : null,
    message: q.message,
    order_id: q.order?.id ?? null,
    order_number: q.order?.orderNumber ?? null,
    started_by_staff: q.createdById !== null,
    created_at: q.createdAt.toISOString(),
    quoted_at: q.quotedAt ? q.quotedAt.toISOString() : null,
  };
}
