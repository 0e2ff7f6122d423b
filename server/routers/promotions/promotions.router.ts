import { couponSession } from '../../auth/coupon-attempts';
import { validateCouponInput, validateCouponOutput } from '../../../shared/schemas/promotions.schema';
import * as promotions from '../../services/promotions/promotions.service';
import { router } from '../../trpc/init';
import { publicProcedure } from '../../trpc/procedures';

export const promotionsRouter = router({
  validate: publicProcedure
    .meta({ openapi: { method: 'POST', path: '/promotions/validate', tags: ['promotions'], summary: 'What a coupon is worth on a subtotal, and the gift tiers reached' } })
    .input(validateCouponInput)
    .output(validateCouponOutput)
    .mutation(async ({ ctx, input }) => {
      const auth = await ctx.getAuth();
      const caller = { ip: ctx.ip, session: couponSession(auth?.user.id, ctx.guestId) };
      return promotions.validateCoupon(ctx.db, input, { attempts: ctx.limiters.couponAttempts, caller });
    }),
});
