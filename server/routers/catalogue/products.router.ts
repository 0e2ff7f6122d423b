import { z } from 'zod';
import { idParam, okOutput } from '../../../shared/schemas/common.schema';
import { adminProduct, adminProductCard, productInput, productListInput, skuOwnersInput, skuOwnersOutput, updateProductInput } from '../../../shared/schemas/products.schema';
import { feedInput, productFeed } from '../../../shared/schemas/feed.schema';
import { imageSourceOf } from '../../deps';
import { productFeed as listProductFeed } from '../../services/integrations/feeds.service';
import * as products from '../../services/catalogue/products.service';
import { router } from '../../trpc/init';
import { staffProcedure } from '../../trpc/procedures';

const tags = ['admin: products'];

export const productsRouter = router({
  list: staffProcedure
    .meta({ openapi: { method: 'GET', path: '/admin/products', tags, summary: 'Product grid of the back office (all products, searchable)', protect: true } })
    .input(productListInput)
    .output(z.array(adminProductCard))
    .query(({ ctx, input }) => products.listProducts(ctx.db, input?.search)),

  // Before `get`: the REST door matches paths in this order, and /feed would fit /{id}.
  feed: staffProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/products/feed',
        tags,
        summary: 'Products with variants, tiers and stock by cursor, oldest change first (updated_at, id); for integrators',
        protect: true,
      },
    })
    .input(feedInput)
    .output(productFeed)
    .query(({ ctx, input }) => listProductFeed(ctx.db, input)),

  get: staffProcedure
    .meta({ openapi: { method: 'GET', path: '/admin/products/{id}', tags, summary: 'A product with every field the form edits', protect: true } })
    .input(idParam)
    .output(adminProduct)
    .query(({ ctx, input }) => products.getProduct(ctx.db, input.id)),

  skuOwners: staffProcedure
    .meta({ openapi: { method: 'POST', path: '/admin/products/sku-owners', tags, summary: 'Which other products already hold these SKUs', protect: true } })
    .input(skuOwnersInput)
    .output(skuOwnersOutput)
    .mutation(({ ctx, input }) => products.skuOwners(ctx.db, input)), // a POST: a list of SKUs does not fit a query string

  create: staffProcedure
    .meta({ openapi: { method: 'POST', path: '/admin/products', tags, summary: 'Create a product with its variants', protect: true } })
    .input(productInput)
    .output(adminProduct)
    .mutation(({ ctx, input }) => products.createProduct(ctx.db, ctx.user.id, input, imageSourceOf(ctx.deps))),

  update: staffProcedure
    .meta({ openapi: { method: 'PUT', path: '/admin/products/{id}', tags, summary: 'Update a product; variants are created, updated or deleted to match', protect: true } })
    .input(updateProductInput)
    .output(adminProduct)
    .mutation(({ ctx, input: { id, ...input } }) => products.updateProduct(ctx.db, ctx.user.id, id, input, imageSourceOf(ctx.deps))),

  delete: staffProcedure
    .meta({ openapi: { method: 'DELETE', path: '/admin/products/{id}', tags, summary: 'Delete a product and its variants (order history is kept)', protect: true } })
    .input(idParam)
    .output(okOutput)
    .mutation(({ ctx, input }) => products.deleteProduct(ctx.db, input.id)),
});
