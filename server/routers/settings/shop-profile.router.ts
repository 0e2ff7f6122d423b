import { z } from 'zod';
import { shopProfileSchema, updateShopProfileInput } from '../../../shared/schemas/shop-profile.schema';
import * as profile from '../../services/settings/shop-profile.service';
import { router } from '../../trpc/init';
import { adminProcedure } from '../../trpc/procedures';

const tags = ['admin: settings'];

export const shopProfileRouter = router({
  get: adminProcedure
    .meta({ openapi: { method: 'GET', path: '/admin/shop-profile', tags, summary: "The shop's name, legal name, contact details and GST number (e-mails, invoices)", protect: true } })
    .input(z.object({}).optional())
    .output(shopProfileSchema)
    .query(({ ctx }) => profile.getShopProfile(ctx.db)),

  update: adminProcedure
    .meta({ openapi: { method: 'PUT', path: '/admin/shop-profile', tags, summary: 'Change the shop profile (fields left out are unchanged)', protect: true } })
    .input(updateShopProfileInput)
    .output(shopProfileSchema)
    .mutation(({ ctx, input }) => profile.updateShopProfile(ctx.db, input)),
});
