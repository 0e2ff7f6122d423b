import { z } from 'zod';
import { paymentSettingsSchema, updatePaymentSettingsInput } from '../../../shared/schemas/payment-settings.schema';
import * as payments from '../../services/settings/payment-settings.service';
import { router } from '../../trpc/init';
import { adminProcedure } from '../../trpc/procedures';

const tags = ['admin: settings'];

export const paymentSettingsRouter = router({
  get: adminProcedure
    .meta({ openapi: { method: 'GET', path: '/admin/payment-settings', tags, summary: 'PayNow (UEN or mobile, payee name) and bank transfer details shown to shoppers', protect: true } })
    .input(z.object({}).optional())
    .output(paymentSettingsSchema)
    .query(({ ctx }) => payments.getPaymentSettings(ctx.db)),

  update: adminProcedure
    .meta({ openapi: { method: 'PUT', path: '/admin/payment-settings', tags, summary: 'Change the payment settings (fields left out are unchanged; empty values switch PayNow or bank transfer off)', protect: true } })
    .input(updatePaymentSettingsInput)
    .output(paymentSettingsSchema)
    .mutation(({ ctx, input }) => payments.updatePaymentSettings(ctx.db, input)),
});
