import { z } from 'zod';
import { idParam } from '../../../shared/schemas/common.schema';
import { orderOutput, placeOrderInput } from '../../../shared/schemas/order.schema';
import { cancelOrderInput, orderHistory } from '../../../shared/schemas/order-history.schema';
import { buyAgainInput, buyAgainOutput, reorderInput, reorderOutput } from '../../../shared/schemas/repeat-buying.schema';
import { historyForOwner } from '../../services/orders/order-history';
import { buyAgain, reorder } from '../../services/cart/repeat-buying.service';
import { getShopProfile } from '../../services/admin/shop-profile.service';
import { placeOrder } from '../../services/orders/order-placement.service';
import * as orders from '../../services/orders/orders.service';
import { router } from '../../trpc/init';
import { customerProcedure } from '../../trpc/procedures';

export const ordersRouter = router({
  place: customerProcedure
    .meta({ openapi: { method: 'POST', path: '/orders', tags: ['orders'], summary: 'Place an order from the cart (Idempotency-Key header recommended)', protect: true } })
    .input(placeOrderInput)
    .output(orderOutput)
    .mutation(({ ctx, input }) => placeOrder(ctx.db, ctx.user, input, ctx.idempotencyKey, ctx.mail, { attempts: ctx.limiters.couponAttempts, ip: ctx.ip }, undefined, ctx.deps.stripe)),

  list: customerProcedure
    .meta({ openapi: { method: 'GET', path: '/orders', tags: ['orders'], summary: "The signed-in user's orders", protect: true } })
    .input(z.object({}).optional())
    .output(z.array(orderOutput))
    .query(({ ctx }) => orders.listOrders(ctx.db, ctx.user.id)),

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
    .mutation(({ ctx, input }) => reorder(ctx.db, ctx.user.id, input.id)),

  buyAgain: customerProcedure
    .meta({ openapi: { method: 'GET', path: '/users/me/buy-again', tags: ['orders'], summary: 'Every variant you ordered before: last quantity and price, today\'s price and stock; ?search= filters', protect: true } })
    .input(buyAgainInput)
    .output(buyAgainOutput)
    .query(({ ctx, input }) => buyAgain(ctx.db, ctx.user.id, input?.search || undefined)),
});
