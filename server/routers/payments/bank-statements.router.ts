// Bank statement lines: PayNow and bank transfers matched to orders (server/services/payments/bank-statements/,
// decision 0168). The upload itself is a multipart plain route (server/rest/payments/bank-statements.route.ts).
import { applyBankLineInput, bankLineDto, bankLineList, bankLinesInput, dismissBankLineInput } from '../../../shared/schemas/bank-statements.schema';
import { applyBankLine, dismissBankLine, listBankLines } from '../../services/payments/bank-statements/bank-line-review.service';
import { staffProcedure } from '../../trpc/procedures';

const tags = ['admin: payments'];

export const bankStatementProcedures = {
  bankLines: staffProcedure
    .meta({ openapi: { method: 'GET', path: '/admin/payments/bank-lines', tags, summary: 'Bank statement lines (money in) by status, newest first: review (waiting for a person, with the problem and likely order), matched, applied, dismissed', protect: true } })
    .input(bankLinesInput)
    .output(bankLineList)
    .query(({ ctx, input }) => listBankLines(ctx.db, input)),

  applyBankLine: staffProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/admin/payments/bank-lines/{id}/apply',
        tags,
        summary: 'Pay an order with a bank line waiting for review (order_id or order_number). The amounts must be equal; a line already decided, or an order paid or cancelled, is a 409',
        protect: true,
      },
    })
    .input(applyBankLineInput)
    .output(bankLineDto)
    .mutation(({ ctx, input }) => applyBankLine(ctx.db, ctx.mail, ctx.user?.id ?? null, input)),

  dismissBankLine: staffProcedure
    .meta({ openapi: { method: 'POST', path: '/admin/payments/bank-lines/{id}/dismiss', tags, summary: 'Set aside a bank line waiting for review (not a payment for an order)', protect: true } })
    .input(dismissBankLineInput)
    .output(bankLineDto)
    .mutation(({ ctx, input }) => dismissBankLine(ctx.db, ctx.user?.id ?? null, input)),
};
