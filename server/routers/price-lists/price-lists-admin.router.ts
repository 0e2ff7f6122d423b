import type { OpenApiMeta } from 'trpc-to-openapi';
import { idParam, okOutput } from '../../../shared/schemas/common.schema';
import { createPriceListInput, priceListDetailOutput, priceListListInput, priceListListOutput, updatePriceListInput } from '../../../shared/schemas/price-lists.schema';
import * as priceLists from '../../services/price-lists/price-lists-admin.service';
import { router } from '../../trpc/init';
import { adminProcedure, staffProcedure } from '../../trpc/procedures';

const meta = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', path: `/${string}`, summary: string): OpenApiMeta => ({
  openapi: { method, path, tags: ['admin: price lists'], summary, protect: true },
});

export const priceListsAdminRouter = router({
  list: staffProcedure
    .meta(meta('GET', '/admin/price-lists', 'Price lists by name; search by name'))
    .input(priceListListInput)
    .output(priceListListOutput)
    .query(({ ctx, input }) => priceLists.listPriceLists(ctx.db, { page: 1, page_size: 20, ...input })),

  get: staffProcedure
    .meta(meta('GET', '/admin/price-lists/{id}', 'One price list with its listed prices (and each variant’s list tiers beside them)'))
    .input(idParam)
    .output(priceListDetailOutput)
    .query(({ ctx, input }) => priceLists.getPriceList(ctx.db, input.id)),

  create: adminProcedure
    .meta(meta('POST', '/admin/price-lists', 'Create a price list: name, percentage off the list price for everything else, listed prices by SKU with their tiers'))
    .input(createPriceListInput)
    .output(priceListDetailOutput)
    .mutation(({ ctx, input }) => priceLists.createPriceList(ctx.db, input)),

  update: adminProcedure
    .meta(meta('PATCH', '/admin/price-lists/{id}', 'Change a price list; items, when sent, replace its listed prices'))
    .input(updatePriceListInput)
    .output(priceListDetailOutput)
    .mutation(({ ctx, input }) => priceLists.updatePriceList(ctx.db, input)),

  delete: adminProcedure
    .meta(meta('DELETE', '/admin/price-lists/{id}', 'Delete a price list; its companies go back to the list price'))
    .input(idParam)
    .output(okOutput)
    .mutation(async ({ ctx, input }) => {
      await priceLists.deletePriceList(ctx.db, input.id);
      return { ok: true };
    }),
});
