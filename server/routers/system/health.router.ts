import { z } from 'zod';
import { router } from '../../trpc/init';
import { publicProcedure } from '../../trpc/procedures';

export const healthRouter = router({
  check: publicProcedure
    .meta({ openapi: { method: 'GET', path: '/health', tags: ['health'], summary: 'Liveness check' } })
    .input(z.object({}).optional())
    .output(z.object({ status: z.literal('ok'), time: z.string() }))
    .query(() => ({ status: 'ok' as const, time: new Date().toISOString() })),
});
