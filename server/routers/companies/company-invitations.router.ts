import type { OpenApiMeta } from 'trpc-to-openapi';
import { invitationAcceptedOutput, invitationPreviewOutput, invitationTokenInput } from '../../../shared/schemas/companies.schema';
import * as invitations from '../../services/companies/company-invitations.service';
import { router } from '../../trpc/init';
import { customerProcedure, publicProcedure } from '../../trpc/procedures';

// The token travels in the body, never the path, so it stays out of access logs.
const meta = (path: `/${string}`, summary: string, protect: boolean): OpenApiMeta => ({ openapi: { method: 'POST', path, tags: ['company'], summary, protect } });

export const companyInvitationsRouter = router({
  preview: publicProcedure
    .meta(meta('/company-invitations/preview', 'The company and e-mail an invitation link is for (before signing up or in)', false))
    .input(invitationTokenInput)
    .output(invitationPreviewOutput)
    .mutation(({ ctx, input }) => invitations.previewInvitation(ctx.db, input.token)),

  accept: customerProcedure
    .meta(meta('/company-invitations/accept', 'Join the company as the invitation says, signed in with the invited e-mail; the link works once', true))
    .input(invitationTokenInput)
    .output(invitationAcceptedOutput)
    .mutation(({ ctx, input }) => invitations.acceptInvitation(ctx.db, ctx.user, input.token)),
});
