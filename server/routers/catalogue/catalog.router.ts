import {
  filterOptionsInput,
  filterOptionsOutput,
  filterProductsInput,
  filterProductsOutput,
  listProductsInput,
  listProductsOutput,
  productDetailOutput,
  productIdInput,
} from '../../../shared/schemas/catalog.schema';
import * as catalog from '../../services/catalogue/catalog.service';
import { contractFilterPage, contractProductDetail, contractProductList } from '../../services/price-lists/contract-catalogue';
import { callerPriceListId } from '../../services/price-lists/resolve-price-list';
import { router } from '../../trpc/init';
import { publicProcedure } from '../../trpc/procedures';

// On the REST door, filter, filter-options and detail are answered straight from the service's cache
// (server/rest/door-table.ts), with these procedures' input schemas and REST paths; the procedures
// remain the tRPC door and the OpenAPI description. A company member's prices are applied after the
// cache, on both doors (decision 0193): the cache itself only ever holds list prices.
export const catalogRouter = router({
  filterOptions: publicProcedure
    .meta({ openapi: { method: 'GET', path: '/products/filter-options', tags: ['catalog'], summary: 'Colours, sizes, types, categories and price range in the catalogue' } })
    .input(filterOptionsInput)
    .output(filterOptionsOutput)
    .query(({ ctx }) => catalog.filterOptions(ctx.db)),

  filter: publicProcedure
    .meta({ openapi: { method: 'POST', path: '/products/filter', tags: ['catalog'], summary: 'One page of products matching filters, sorted' } })
    .input(filterProductsInput)
    .output(filterProductsOutput)
    .query(async ({ ctx, input }) => contractFilterPage(ctx.db, await catalog.filterProducts(ctx.db, input), await callerPriceListId(ctx), input)),

  list: publicProcedure
    .meta({ openapi: { method: 'GET', path: '/products', tags: ['catalog'], summary: 'All products for the back-office grid (newest first, paginated)' } })
    .input(listProductsInput)
    .output(listProductsOutput)
    .query(async ({ ctx, input }) => contractProductList(ctx.db, await catalog.listProducts(ctx.db, input), await callerPriceListId(ctx))),

  byId: publicProcedure
    .meta({ openapi: { method: 'GET', path: '/products/{id}', tags: ['catalog'], summary: 'Product detail with variants, tiers and stock' } })
    .input(productIdInput)
    .output(productDetailOutput)
    .query(async ({ ctx, input }) => contractProductDetail(ctx.db, await catalog.productDetail(ctx.db, input.id), await callerPriceListId(ctx))),
});
