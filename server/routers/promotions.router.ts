import { validateCouponInput, validateCouponOutput } from '../../shared/schemas/promotions.schema';
import * as promotions from '../services/promotions.service';
import { router } from '../trpc/init';
import { publicProcedure } from '../trpc/procedures';

export const promotionsRouter = router({
  validate: publicProcedure
    .meta({ openapi: { method: 'POST', path: '/promotions/validate', tags: ['promotions'], summary: 'What a coupon is worth on a subtotal, and the gift tiers reached' } })
    .input(validateCouponInput)
    .output(validateCouponOutput)
    .mutation(({ ctx, input }) => promotions.validateCoupon(ctx.db, input)),
});
