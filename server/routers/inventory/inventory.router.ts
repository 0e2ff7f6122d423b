import { z } from 'zod';
import { adjustStockInput, inventoryFacets, inventoryListInput, inventoryPage, inventoryRow, ledgerInput, ledgerRow } from '../../../shared/schemas/inventory.schema';
import * as inventory from '../../services/inventory/inventory.service';
import { router } from '../../trpc/init';
import { staffProcedure } from '../../trpc/procedures';

const tags = ['admin: inventory'];

export const inventoryRouter = router({
  list: staffProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/inventory',
        tags,
        summary: 'Inventory rows, one per variant, a page at a time',
        description:
          'Filtered, sorted and paged by the database: search, category, color, size, stock (low or out), sort, page and limit ' +
          '(default 100, at most 2000). The body is the bare list of rows; GET /admin/inventory/page answers the same rows with the total and page count.',
        protect: true,
      },
    })
    .input(inventoryListInput)
    .output(z.array(inventoryRow))
    .query(({ ctx, input }) => inventory.listInventory(ctx.db, input)),

  page: staffProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/inventory/page',
        tags,
        summary: 'One page of inventory rows with the total (the inventory and packing screens)',
        description: 'The same filters and sort as GET /admin/inventory; limit defaults to 50. pages is at least 1.',
        protect: true,
      },
    })
    .input(inventoryListInput)
    .output(inventoryPage)
    .query(({ ctx, input }) => inventory.inventoryPage(ctx.db, input)),

  facets: staffProcedure
    .meta({ openapi: { method: 'GET', path: '/admin/inventory/facets', tags, summary: 'The categories, colors and sizes the inventory filters offer', protect: true } })
    .input(z.object({}).optional())
    .output(inventoryFacets)
    .query(({ ctx }) => inventory.inventoryFacets(ctx.db)),

  adjust: staffProcedure
    .meta({ openapi: { method: 'POST', path: '/admin/inventory/adjust', tags, summary: 'Change or set on_hand, allocated or safety_stock', protect: true } })
    .input(adjustStockInput)
    .output(inventoryRow)
    .mutation(({ ctx, input }) => inventory.adjustStock(ctx.db, ctx.user.id, input)),

  ledger: staffProcedure
    .meta({ openapi: { method: 'GET', path: '/admin/inventory/{variant_id}/ledger', tags, summary: 'Stock movements of one variant, newest first', protect: true } })
    .input(ledgerInput)
    .output(z.array(ledgerRow))
    .query(({ ctx, input }) => inventory.variantLedger(ctx.db, input.variant_id, input.limit)),
});
