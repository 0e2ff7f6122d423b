import { z } from 'zod';
import { promotionStats } from '../../../shared/schemas/gifts.schema';
import * as gifts from '../../services/promotions/gifts.service';
import { router } from '../../trpc/init';
import { staffProcedure } from '../../trpc/procedures';

export const promotionsRouter = router({
  stats: staffProcedure
    .meta({ openapi: { method: 'GET', path: '/admin/promotions/stats', tags: ['admin: promotions'], summary: 'Coupon and gift campaign counts', protect: true } })
    .input(z.object({}).optional())
    .output(promotionStats)
    .query(({ ctx }) => gifts.promotionStats(ctx.db)),
});
