import { z } from 'zod';
import { adjustStockInput, inventoryListInput, inventoryRow, ledgerInput, ledgerRow } from '../../../shared/schemas/admin/inventory.schema';
import * as inventory from '../../services/admin/inventory.service';
import { router } from '../../trpc/init';
import { staffProcedure } from '../../trpc/procedures';

const tags = ['admin: inventory'];

export const inventoryRouter = router({
  list: staffProcedure
    .meta({ openapi: { method: 'GET', path: '/admin/inventory', tags, summary: 'Inventory rows, one per variant', protect: true } })
    .input(inventoryListInput)
    .output(z.array(inventoryRow))
    .query(({ ctx, input }) => inventory.listInventory(ctx.db, input?.search, input?.limit)),

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
