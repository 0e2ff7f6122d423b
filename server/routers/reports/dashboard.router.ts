import { z } from 'zod';
import { dashboardOutput } from '../../../shared/schemas/dashboard.schema';
import * as dashboard from '../../services/reports/dashboard.service';
import { router } from '../../trpc/init';
import { staffProcedure } from '../../trpc/procedures';

export const dashboardRouter = router({
  stats: staffProcedure
    .meta({ openapi: { method: 'GET', path: '/admin/dashboard', tags: ['admin: dashboard'], summary: 'Dashboard tile figures', protect: true } })
    .input(z.object({}).optional())
    .output(dashboardOutput)
    .query(({ ctx }) => dashboard.dashboard(ctx.db)),
});
