import { z } from 'zod';
import { idParam } from '../../../shared/schemas/common.schema';
import { orderOutput, placeOrderInput } from '../../../shared/schemas/order.schema';
import { cancelOrderInput, orderHistory } from '../../../shared/schemas/order-history.schema';
import { buyAgainInput, buyAgainOutput, reorderInput, reorderOutput } from '../../../shared/schemas/repeat-buying.schema';
import { historyForOwner } from '../../services/orders/order-history';
import { buyAgain, reorder } from '../../services/cart/repeat-buying.service';
import { getShopProfile } from '../../services/settings/shop-profile.service';
import { placeOrder } from '../../services/orders/order-placement.service';
import * as orders from '../../services/orders/orders.service';
import { listMyOrders, nextPageHeaders } from '../../services/orders/my-orders.service';
import { myOrdersHeaders, myOrdersInput, myOrdersPage } from '../../../shared/schemas/my-orders.schema';
import { priceListIdOf } from '../../services/price-lists/resolve-price-list';
import { router } from '../../trpc/init';
import { customerProcedure } from '../../trpc/procedures';

export const ordersRouter = router({
  place: customerProcedure
    .meta({ openapi: { method: 'POST', path: '/orders', tags: ['orders'], summary: 'Place an order from the cart (Idempotency-Key header recommended)', protect: true } })
    .input(placeOrderInput)
    .output(orderOutput)
    .mutation(({ ctx, input }) => placeOrder(ctx.db, ctx.user, input, ctx.idempotencyKey, ctx.mail, { attempts: ctx.limiters.couponAttempts, ip: ctx.ip }, undefined, ctx.deps.stripe)),

  // The specification's answer is the array of orders; the next page is named in the headers
  // (X-Next-Cursor, Link rel="next"), which only the REST door sends. The SPA pages with `page`.
  list: customerProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/orders',
        tags: ['orders'],
        summary:
          "The signed-in user's orders, newest first: limit (1-200, default 200) per page, the next page's cursor in X-Next-Cursor and Link (absent on the last); " +
          'search (part of an order number), status, from and to (days placed, YYYY-MM-DD, Singapore time, both included)',
        protect: true,
        responseHeaders: myOrdersHeaders,
      },
    })
    .input(myOrdersInput)
    .output(z.array(orderOutput))
    .query(async ({ ctx, input }) => {
      const page = await listMyOrders(ctx.db, ctx.user.id, input);
      Object.assign(ctx.responseHeaders, nextPageHeaders(input, page.next_cursor));
      return page.items;
    }),

  /** The same list for the SPA: the page and its next cursor in the answer (no headers on /trpc). */
  page: customerProcedure
    .input(myOrdersInput)
    .output(myOrdersPage)
    .query(({ ctx, input }) => listMyOrders(ctx.db, ctx.user.id, input)),

  get: customerProcedure
    .meta({ openapi: { method: 'GET', path: '/orders/{id}', tags: ['orders'], summary: 'One of your orders', protect: true } })
    .input(idParam)
    .output(orderOutput)
    .query(({ ctx, input }) => orders.getOrder(ctx.db, ctx.user.id, input.id)),

  history: customerProcedure
    .meta({ openapi: { method: 'GET', path: '/orders/{id}/history', tags: ['orders'], summary: 'Every status change of one of your orders, oldest first', protect: true } })
    .input(idParam)
    .output(orderHistory)
    .query(async ({ ctx, input }) => historyForOwner(ctx.db, ctx.user.id, input.id, (await getShopProfile(ctx.db)).shop_name)),

  cancel: customerProcedure
    .meta({ openapi: { method: 'POST', path: '/orders/{id}/cancel', tags: ['orders'], summary: 'Cancel one of your orders while it is pending', protect: true } })
    .input(cancelOrderInput)
    .output(orderOutput)
    .mutation(({ ctx, input }) => orders.cancelOwnOrder(ctx.db, ctx.user.id, input, ctx.mail)),

  reorder: customerProcedure
    .meta({ openapi: { method: 'POST', path: '/orders/{id}/reorder', tags: ['orders'], summary: "Add one of your orders' lines to the cart at today's prices; answers the cart and the lines skipped, with reasons", protect: true } })
    .input(reorderInput)
    .output(reorderOutput)
    .mutation(({ ctx, input }) => reorder(ctx.db, { userId: ctx.user.id, priceListId: priceListIdOf(ctx.user) }, input.id)),

  buyAgain: customerProcedure
    .meta({ openapi: { method: 'GET', path: '/users/me/buy-again', tags: ['orders'], summary: 'Every variant you ordered before: last quantity and price, today\'s price and stock; ?search= filters', protect: true } })
    .input(buyAgainInput)
    .output(buyAgainOutput)
    .query(({ ctx, input }) => buyAgain(ctx.db, { userId: ctx.user.id, priceListId: priceListIdOf(ctx.user) }, input?.search || undefined)),
});
