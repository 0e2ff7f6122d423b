import { z } from 'zod';
import { setupChecklistOutput } from '../../../shared/schemas/setup-checklist.schema';
import { readSetupChecklist } from '../../services/settings/setup-checklist.service';
import { router } from '../../trpc/init';
import { adminProcedure } from '../../trpc/procedures';

// The owner's: every step is an admin's setting (shop details, payments, shipping) or the server's
// configuration. No API key reaches it (server/auth/scopes.ts names no area for it).
export const setupAdminRouter = router({
  checklist: adminProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/setup-checklist',
        tags: ['admin: dashboard'],
        summary: "The dashboard's first-run checklist: shop details and GST number, payment methods, shipping rates, sending e-mail, backups; and a warning when 9% GST is charged without a GST number",
        protect: true,
      },
    })
    .input(z.object({}).optional())
    .output(setupChecklistOutput)
    .query(({ ctx }) => readSetupChecklist({ db: ctx.db, smtpConfigured: ctx.mail.smtpConfigured ?? false, stripe: ctx.deps.stripe !== null, backups: ctx.backups })),
});
