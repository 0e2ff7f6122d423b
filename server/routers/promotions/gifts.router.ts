import { z } from 'zod';
import { giftItemInput, giftItemOutput, giftTierInput, giftTierOutput, updateGiftItemInput, updateGiftTierInput } from '../../../shared/schemas/gifts.schema';
import { imageSourceOf } from '../../deps';
import { idParam, okOutput } from '../../../shared/schemas/common.schema';
import * as gifts from '../../services/promotions/gifts.service';
import { router } from '../../trpc/init';
import { staffProcedure } from '../../trpc/procedures';

const tags = ['admin: promotions'];
const none = z.object({}).optional();

export const giftsRouter = router({
  listItems: staffProcedure
    .meta({ openapi: { method: 'GET', path: '/admin/gift-items', tags, summary: 'All gift items', protect: true } })
    .input(none)
    .output(z.array(giftItemOutput))
    .query(({ ctx }) => gifts.listGiftItems(ctx.db)),

  createItem: staffProcedure
    .meta({ openapi: { method: 'POST', path: '/admin/gift-items', tags, summary: 'Create a gift item', protect: true } })
    .input(giftItemInput)
    .output(giftItemOutput)
    .mutation(({ ctx, input }) => gifts.createGiftItem(ctx.db, ctx.user.id, input, imageSourceOf(ctx.deps))),

  updateItem: staffProcedure
    .meta({ openapi: { method: 'PUT', path: '/admin/gift-items/{id}', tags, summary: 'Update a gift item (stock changes go to the ledger)', protect: true } })
    .input(updateGiftItemInput)
    .output(giftItemOutput)
    .mutation(({ ctx, input: { id, ...input } }) => gifts.updateGiftItem(ctx.db, ctx.user.id, id, input, imageSourceOf(ctx.deps))),

  deleteItem: staffProcedure
    .meta({ openapi: { method: 'DELETE', path: '/admin/gift-items/{id}', tags, summary: 'Delete a gift item', protect: true } })
    .input(idParam)
    .output(okOutput)
    .mutation(({ ctx, input }) => gifts.deleteGiftItem(ctx.db, input.id)),

  listTiers: staffProcedure
    .meta({ openapi: { method: 'GET', path: '/admin/gift-tiers', tags, summary: 'All gift tiers with their gift items', protect: true } })
    .input(none)
    .output(z.array(giftTierOutput))
    .query(({ ctx }) => gifts.listGiftTiers(ctx.db)),

  createTier: staffProcedure
    .meta({ openapi: { method: 'POST', path: '/admin/gift-tiers', tags, summary: 'Create a gift tier', protect: true } })
    .input(giftTierInput)
    .output(giftTierOutput)
    .mutation(({ ctx, input }) => gifts.createGiftTier(ctx.db, input)),

  updateTier: staffProcedure
    .meta({ openapi: { method: 'PUT', path: '/admin/gift-tiers/{id}', tags, summary: 'Update a gift tier', protect: true } })
    .input(updateGiftTierInput)
    .output(giftTierOutput)
    .mutation(({ ctx, input: { id, ...input } }) => gifts.updateGiftTier(ctx.db, id, input)),

  deleteTier: staffProcedure
    .meta({ openapi: { method: 'DELETE', path: '/admin/gift-tiers/{id}', tags, summary: 'Delete a gift tier', protect: true } })
    .input(idParam)
    .output(okOutput)
    .mutation(({ ctx, input }) => gifts.deleteGiftTier(ctx.db, input.id)),
});
