import { z } from 'zod';
import { idParam } from '../../../shared/schemas/common.schema';
import { checkoutPaymentOptionsOutput, orderPaymentOutput } from '../../../shared/schemas/payment.schema';
import { orderPayment } from '../../services/orders/order-payment.service';
import { getPaymentOptions } from '../../services/admin/payment-settings.service';
import { router } from '../../trpc/init';
import { customerProcedure, publicProcedure } from '../../trpc/procedures';

const tags = ['orders'];

/** How shoppers pay: PayNow and bank transfer, the Singapore way, once the owner has set them up. */
export const paymentsRouter = router({
  options: publicProcedure
    .meta({ openapi: { method: 'GET', path: '/payment-options', tags, summary: 'How orders can be paid: PayNow payee and bank transfer details, or null when not offered' } })
    .input(z.object({}).optional())
    .output(checkoutPaymentOptionsOutput)
    .query(async ({ ctx }) => ({ ...(await getPaymentOptions(ctx.db)), online: ctx.deps.stripe != null })),

  order: customerProcedure
    .meta({ openapi: { method: 'GET', path: '/orders/{id}/payment', tags, summary: 'How to pay one of your orders: the PayNow QR payload and SVG for its total with the order number as reference', protect: true } })
    .input(idParam)
    .output(orderPaymentOutput)
    .query(({ ctx, input }) => orderPayment(ctx.db, ctx.user.id, input.id)),
});
