import { z } from 'zod';
import { settingsOutput, updateSettingsInput } from '../../../shared/schemas/settings.schema';
import * as settings from '../../services/settings/settings.service';
import { router } from '../../trpc/init';
import { staffProcedure } from '../../trpc/procedures';

const tags = ['admin: settings'];

export const settingsRouter = router({
  get: staffProcedure
    .meta({ openapi: { method: 'GET', path: '/admin/settings', tags, summary: 'Colors, types, categories, pack sizes and piece quantities', protect: true } })
    .input(z.object({}).optional())
    .output(settingsOutput)
    .query(({ ctx }) => settings.getSettings(ctx.db)),

  update: staffProcedure
    .meta({ openapi: { method: 'PUT', path: '/admin/settings', tags, summary: 'Save the settings lists (lists left out are unchanged)', protect: true } })
    .input(updateSettingsInput)
    .output(settingsOutput)
    .mutation(({ ctx, input }) => settings.updateSettings(ctx.db, input)),
});
