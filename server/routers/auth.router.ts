import { z } from 'zod';
import { okOutput } from '../../shared/schemas/common.schema';
import { authOutput, loginInput, registerInput } from '../../shared/schemas/user.schema';
import * as auth from '../services/auth.service';
import { router } from '../trpc/init';
import { customerProcedure, publicProcedure } from '../trpc/procedures';

export const authRouter = router({
  register: publicProcedure
    .meta({ openapi: { method: 'POST', path: '/auth/register', tags: ['auth'], summary: 'Create an account and sign in' } })
    .input(registerInput)
    .output(authOutput)
    .mutation(({ ctx, input }) => auth.register(ctx.deps, input, { ip: ctx.ip, guestId: ctx.guestId })),

  login: publicProcedure
    .meta({ openapi: { method: 'POST', path: '/auth/login', tags: ['auth'], summary: 'Sign in with email and password' } })
    .input(loginInput)
    .output(authOutput)
    .mutation(({ ctx, input }) => auth.login(ctx.deps, input, { ip: ctx.ip, guestId: ctx.guestId })),

  logout: customerProcedure
    .meta({ openapi: { method: 'POST', path: '/auth/logout', tags: ['auth'], summary: 'End the current session', protect: true } })
    .input(z.object({}).optional())
    .output(okOutput)
    .mutation(({ ctx }) => auth.logout(ctx.deps, ctx.session.id)),
});
