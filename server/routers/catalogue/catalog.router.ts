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
import { router } from '../../trpc/init';
import { publicProcedure } from '../../trpc/procedures';

// On the REST door, filter, filter-options and detail are answered straight from the service's cache
// (server/rest/door-table.ts), with these procedures' input schemas and REST paths; the procedures
// remain the tRPC door and the OpenAPI description.
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
    .query(({ ctx, input }) => catalog.filterProducts(ctx.db, input)),

  list: publicProcedure
    .meta({ openapi: { method: 'GET', path: '/products', tags: ['catalog'], summary: 'All products for the back-office grid (newest first, paginated)' } })
    .input(listProductsInput)
    .output(listProductsOutput)
    .query(({ ctx, input }) => catalog.listProducts(ctx.db, input)),

  byId: publicProcedure
    .meta({ openapi: { method: 'GET', path: '/products/{id}', tags: ['catalog'], summary: 'Product detail with variants, tiers and stock' } })
    .input(productIdInput)
    .output(productDetailOutput)
    .query(({ ctx, input }) => catalog.productDetail(ctx.db, input.id)),
});
