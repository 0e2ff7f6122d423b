import { z } from 'zod';
import { idParam } from '../../shared/schemas/common.schema';
import { orderOutput, placeOrderInput } from '../../shared/schemas/order.schema';
import { placeOrder } from '../services/order-placement.service';
import * as orders from '../services/orders.service';
import { router } from '../trpc/init';
import { customerProcedure } from '../trpc/procedures';

export const ordersRouter = router({
  place: customerProcedure
    .meta({ openapi: { method: 'POST', path: '/orders', tags: ['orders'], summary: 'Place an order from the cart (Idempotency-Key header recommended)', protect: true } })
    .input(placeOrderInput)
    .output(orderOutput)
    .mutation(({ ctx, input }) => placeOrder(ctx.db, ctx.user, input, ctx.idempotencyKey, ctx.mail)),

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
});
