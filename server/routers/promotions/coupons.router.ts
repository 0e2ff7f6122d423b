import { z } from 'zod';
import { couponInput, couponOutput, updateCouponInput } from '../../../shared/schemas/coupons.schema';
import { idParam, okOutput } from '../../../shared/schemas/common.schema';
import * as coupons from '../../services/promotions/coupons.service';
import { router } from '../../trpc/init';
import { staffProcedure } from '../../trpc/procedures';

const tags = ['admin: promotions'];

export const couponsRouter = router({
  list: staffProcedure
    .meta({ openapi: { method: 'GET', path: '/admin/coupons', tags, summary: 'All discount coupons', protect: true } })
    .input(z.object({}).optional())
    .output(z.array(couponOutput))
    .query(({ ctx }) => coupons.listCoupons(ctx.db)),

  create: staffProcedure
    .meta({ openapi: { method: 'POST', path: '/admin/coupons', tags, summary: 'Create a coupon', protect: true } })
    .input(couponInput)
    .output(couponOutput)
    .mutation(({ ctx, input }) => coupons.createCoupon(ctx.db, input)),

  update: staffProcedure
    .meta({ openapi: { method: 'PUT', path: '/admin/coupons/{id}', tags, summary: 'Update a coupon', protect: true } })
    .input(updateCouponInput)
    .output(couponOutput)
    .mutation(({ ctx, input: { id, ...input } }) => coupons.updateCoupon(ctx.db, id, input)),

  delete: staffProcedure
    .meta({ openapi: { method: 'DELETE', path: '/admin/coupons/{id}', tags, summary: 'Delete a coupon', protect: true } })
    .input(idParam)
    .output(okOutput)
    .mutation(({ ctx, input }) => coupons.deleteCoupon(ctx.db, input.id)),
});
