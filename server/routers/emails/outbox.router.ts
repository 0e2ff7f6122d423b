import { outboxIdInput, outboxList, outboxListInput, outboxMessage } from '../../../shared/schemas/outbox.schema';
import * as outbox from '../../services/emails/outbox.service';
import { router } from '../../trpc/init';
import { adminProcedure } from '../../trpc/procedures';

const tags = ['admin: e-mail'];

export const outboxAdminRouter = router({
  list: adminProcedure
    .meta({ openapi: { method: 'GET', path: '/admin/emails', tags, summary: 'Sent e-mail: the outbox with status, attempts and last error, newest first', protect: true } })
    .input(outboxListInput)
    .output(outboxList)
    .query(({ ctx, input }) => outbox.listOutbox(ctx.db, input ?? { page: 1 }, ctx.mail.smtpConfigured ?? false)),

  get: adminProcedure
    .meta({ openapi: { method: 'GET', path: '/admin/emails/{id}', tags, summary: 'One e-mail with its HTML and text bodies', protect: true } })
    .input(outboxIdInput)
    .output(outboxMessage)
    .query(({ ctx, input }) => outbox.getOutboxMessage(ctx.db, input.id)),

  resend: adminProcedure
    .meta({ openapi: { method: 'POST', path: '/admin/emails/{id}/resend', tags, summary: 'Queue an e-mail for delivery again', protect: true } })
    .input(outboxIdInput)
    .output(outboxMessage)
    .mutation(({ ctx, input }) => outbox.resendOutboxMessage(ctx.db, input.id)),
});
