import type { Prisma } from '@prisma/client';
import { toDollars } from '../../../../shared/domain/money';
import { formatCreditNoteNumber } from '../../../../shared/domain/payment-state';
import type { RefundLine } from '../../inventory/restock';

// A refund as REST answers it (GET /admin/orders/{id}/refunds) and order.refunded carries it.

export const refundSelect = {
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

export function toRefundDto(r: RefundRow) {
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
