import { z } from 'zod';
import { updateProfileInput, userOutput } from '../../shared/schemas/user.schema';
import * as users from '../services/user.service';
import { router } from '../trpc/init';
import { customerProcedure } from '../trpc/procedures';

export const usersRouter = router({
  me: customerProcedure
    .meta({ openapi: { method: 'GET', path: '/users/me', tags: ['users'], summary: 'The signed-in user', protect: true } })
    .input(z.object({}).optional())
    .output(userOutput)
    .query(({ ctx }) => users.getProfile(ctx.db, ctx.user.id)),

  updateMe: customerProcedure
    .meta({ openapi: { method: 'PUT', path: '/users/me', tags: ['users'], summary: 'Update the profile', protect: true } })
    .input(updateProfileInput)
    .output(userOutput)
    .mutation(({ ctx, input }) => users.updateProfile(ctx.db, ctx.user.id, input)),
});
