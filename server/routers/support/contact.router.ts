import { messageOutput } from '../../../shared/schemas/common.schema';
import { contactInput } from '../../../shared/schemas/contact.schema';
import { consume } from '../../auth/rate-limit';
import * as contact from '../../services/support/contact.service';
import { router } from '../../trpc/init';
import { optionalUserProcedure } from '../../trpc/procedures';

export const contactRouter = router({
  send: optionalUserProcedure
    .meta({ openapi: { method: 'POST', path: '/contact', tags: ['contact'], summary: 'Send a message to the shop' } })
    .input(contactInput)
    .output(messageOutput)
    .mutation(async ({ ctx, input }) => {
      await consume(ctx.limiters.contactByIp, ctx.ip, 'Too many messages sent.');
      return contact.submitContact(ctx.db, input, ctx.user?.id ?? null, ctx.mail);
    }),
});
