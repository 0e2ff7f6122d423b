import { contactList, contactListInput, contactMessageRow, markContactInput } from '../../../shared/schemas/contact-admin.schema';
import * as contact from '../../services/support/contact-admin.service';
import { router } from '../../trpc/init';
import { staffProcedure } from '../../trpc/procedures';

const tags = ['admin: contact'];

export const contactAdminRouter = router({
  list: staffProcedure
    .meta({ openapi: { method: 'GET', path: '/admin/contact-messages', tags, summary: 'Contact form inbox, newest first', protect: true } })
    .input(contactListInput)
    .output(contactList)
    .query(({ ctx, input }) => contact.listMessages(ctx.db, input?.unread_only === 'true')),

  mark: staffProcedure
    .meta({ openapi: { method: 'PUT', path: '/admin/contact-messages/{id}', tags, summary: 'Mark a message read or unread', protect: true } })
    .input(markContactInput)
    .output(contactMessageRow)
    .mutation(({ ctx, input }) => contact.markMessage(ctx.db, input.id, input.is_read)),
});
