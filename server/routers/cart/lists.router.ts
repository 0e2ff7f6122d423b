import type { OpenApiMeta } from 'trpc-to-openapi';
import { z } from 'zod';
import { idParam, okOutput } from '../../../shared/schemas/common.schema';
import {
  addListItemInput,
  createListInput,
  listItemParams,
  listOutput,
  listSummaryOutput,
  listToCartOutput,
  renameListInput,
  updateListItemInput,
} from '../../../shared/schemas/saved-list.schema';
import * as lists from '../../services/cart/saved-lists.service';
import { priceListIdOf } from '../../services/price-lists/resolve-price-list';
import { router } from '../../trpc/init';
import { customerProcedure } from '../../trpc/procedures';

/** The buyer and the prices they pay (their company's price list). */
const readerOf = (user: Parameters<typeof priceListIdOf>[0] & { id: string }): lists.ListReader => ({ userId: user.id, priceListId: priceListIdOf(user) });

const meta = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', path: `/${string}`, summary: string): OpenApiMeta => ({ openapi: { method, path, tags: ['lists'], summary, protect: true } });

/** Saved lists of the signed-in buyer; another buyer's list is a 404. */
export const listsRouter = router({
  list: customerProcedure
    .meta(meta('GET', '/lists', 'Your saved lists, most recently changed first'))
    .input(z.object({}).optional())
    .output(z.array(listSummaryOutput))
    .query(({ ctx }) => lists.listLists(ctx.db, ctx.user.id)),

  create: customerProcedure
    .meta(meta('POST', '/lists', 'Create a list (at most 20): empty, from_cart: true, or from_order_id of one of your orders'))
    .input(createListInput)
    .output(listOutput)
    .mutation(({ ctx, input }) => lists.createList(ctx.db, readerOf(ctx.user), input)),

  get: customerProcedure
    .meta(meta('GET', '/lists/{id}', "One of your lists with today's prices and stock"))
    .input(idParam)
    .output(listOutput)
    .query(({ ctx, input }) => lists.getList(ctx.db, readerOf(ctx.user), input.id)),

  rename: customerProcedure
    .meta(meta('PATCH', '/lists/{id}', 'Rename a list'))
    .input(renameListInput)
    .output(listOutput)
    .mutation(({ ctx, input }) => lists.renameList(ctx.db, readerOf(ctx.user), input.id, input.name)),

  delete: customerProcedure
    .meta(meta('DELETE', '/lists/{id}', 'Delete a list'))
    .input(idParam)
    .output(okOutput)
    .mutation(({ ctx, input }) => lists.deleteList(ctx.db, ctx.user.id, input.id)),

  addItem: customerProcedure
    .meta(meta('POST', '/lists/{id}/items', 'Save a variant to a list (at most 200 lines); a variant already on it gets the quantity added'))
    .input(addListItemInput)
    .output(listOutput)
    .mutation(({ ctx, input }) => lists.addListItem(ctx.db, readerOf(ctx.user), input)),

  updateItem: customerProcedure
    .meta(meta('PATCH', '/lists/{id}/items/{item_id}', "Change a line's quantity"))
    .input(updateListItemInput)
    .output(listOutput)
    .mutation(({ ctx, input }) => lists.updateListItem(ctx.db, readerOf(ctx.user), input)),

  removeItem: customerProcedure
    .meta(meta('DELETE', '/lists/{id}/items/{item_id}', 'Remove a line'))
    .input(listItemParams)
    .output(listOutput)
    .mutation(({ ctx, input }) => lists.removeListItem(ctx.db, readerOf(ctx.user), input)),

  toCart: customerProcedure
    .meta(meta('POST', '/lists/{id}/to-cart', "Add the whole list to the cart at today's prices; answers the cart and the lines skipped, with reasons"))
    .input(idParam)
    .output(listToCartOutput)
    .mutation(({ ctx, input }) => lists.listToCart(ctx.db, readerOf(ctx.user), input.id)),
});
