// Payments, refunds and credit notes of an order (server/services/payments/refunds/, credit-notes/;
// decision 0166). Who may call each is in shared/domain/permissions.ts: refunds send money out, so
// only the owner (admin) makes them; staff see them.
import { startOfDay, addDays } from '../../../shared/domain/report-range';
import { idParam } from '../../../shared/schemas/common.schema';
import { creditNoteList, creditNoteListInput, paymentList, recordPaymentInput, refundDto, refundInput, refundList } from '../../../shared/schemas/refunds.schema';
import { recordInvoicePayment } from '../../services/payments/invoice-payments.service';
import { listCreditNotes } from '../../services/orders/credit-notes/credit-notes.service';
import { listPayments, listRefunds, refundOrder } from '../../services/payments/refunds/refunds.service';
import { getReportSettings } from '../../services/reports/report-settings.service';
import { adminProcedure, staffProcedure } from '../../trpc/procedures';

const tags = ['admin: payments'];

export const refundProcedures = {
  list: staffProcedure
    .meta({ openapi: { method: 'GET', path: '/admin/orders/{id}/payments', tags, summary: 'Payments received for an order: provider, method, amount, reference; with what is refunded and what is left', protect: true } })
    .input(idParam)
    .output(paymentList)
    .query(({ ctx, input }) => listPayments(ctx.db, input.id)),

  refunds: staffProcedure
    .meta({ openapi: { method: 'GET', path: '/admin/orders/{id}/refunds', tags, summary: 'Refunds of an order, oldest first, with their status and credit note', protect: true } })
    .input(idParam)
    .output(refundList)
    .query(({ ctx, input }) => listRefunds(ctx.db, input.id)),

  record: staffProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/admin/orders/{id}/payments',
        tags,
        summary:
          'Record a payment received against an order on invoice (bank transfer, PayNow, cheque, cash ...), in part or in full; more than the invoice still owes is refused (409), as is an order not on invoice. The buyer is e-mailed a receipt. An Idempotency-Key header makes a repeat record nothing twice. Answers the order\'s payments.',
        protect: true,
      },
    })
    .input(recordPaymentInput)
    .output(paymentList)
    .mutation(({ ctx, input }) => recordInvoicePayment(ctx.db, ctx.mail, ctx.user.id, input, ctx.idempotencyKey)),

  refund: adminProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/admin/orders/{id}/refunds',
        tags,
        summary:
          'Refund an order, in full or in part (never more than paid less refunded: 409). A Stripe payment is refunded through Stripe; PayNow or a bank transfer is recorded with the reference of the transfer you made. Restock gives the named lines (all when none) back to stock. Issues a credit note when the order has a tax invoice. An Idempotency-Key header makes a repeat answer the same refund.',
        protect: true,
      },
    })
    .input(refundInput)
    .output(refundDto)
    .mutation(({ ctx, input }) => {
      const { id, ...rest } = input;
      return refundOrder(ctx.db, { stripe: ctx.deps.stripe, mail: ctx.mail }, { userId: ctx.user?.id ?? null, role: ctx.user?.role ?? 'api_key' }, id, rest, ctx.idempotencyKey);
    }),

  creditNotes: staffProcedure
    .meta({ openapi: { method: 'GET', path: '/admin/credit-notes', tags, summary: 'Credit notes issued, newest first; from/to are days in the shop\'s time zone (both included)', protect: true } })
    .input(creditNoteListInput.optional())
    .output(creditNoteList)
    .query(async ({ ctx, input }) => {
      const { time_zone: tz } = await getReportSettings(ctx.db);
      return listCreditNotes(ctx.db, {
        from: input?.from ? startOfDay(input.from, tz) : undefined,
        to: input?.to ? startOfDay(addDays(input.to, 1), tz) : undefined,
        page: input?.page ?? 1,
        page_size: input?.page_size ?? 50,
      });
    }),
};

