import { z } from 'zod';
import { idParam } from '../../../shared/schemas/common.schema';
import { checkoutPaymentOptionsOutput, orderPaymentOutput } from '../../../shared/schemas/payment.schema';
import { orderPayment } from '../../services/orders/order-payment.service';
import { getPaymentOptions } from '../../services/settings/payment-settings.service';
import { payOrder } from '../../services/stripe/checkout';
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

  // Stripe Checkout (decision 0165): the current payment page while it is open, else a new one.
  pay: customerProcedure
    .meta({ openapi: { method: 'POST', path: '/orders/{id}/pay', tags, summary: "A Stripe Checkout page to pay one of your unpaid orders (409 when paid, cancelled, or online payment is off)", protect: true } })
    .input(idParam)
    .output(z.object({ payment_url: z.string() }))
    .mutation(({ ctx, input }) => payOrder(ctx.db, ctx.deps.stripe, ctx.mail.publicUrl, ctx.user.id, input.id)),
});
