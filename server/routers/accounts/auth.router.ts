import { z } from 'zod';
import { messageOutput, okOutput } from '../../../shared/schemas/common.schema';
import { authOutput, changePasswordInput, forgotPasswordInput, loginInput, registerInput, resetPasswordInput } from '../../../shared/schemas/user.schema';
import * as auth from '../../services/accounts/auth.service';
import * as reset from '../../services/accounts/password-reset.service';
import { router } from '../../trpc/init';
import { customerProcedure, guestAwareProcedure, publicProcedure } from '../../trpc/procedures';

export const authRouter = router({
  register: guestAwareProcedure
    .meta({ openapi: { method: 'POST', path: '/auth/register', tags: ['auth'], summary: 'Create an account and sign in' } })
    .input(registerInput)
    .output(authOutput)
    .mutation(({ ctx, input }) => auth.register(ctx.deps, input, { ip: ctx.ip, guestId: ctx.guestId })),

  login: guestAwareProcedure
    .meta({ openapi: { method: 'POST', path: '/auth/login', tags: ['auth'], summary: 'Sign in with email and password' } })
    .input(loginInput)
    .output(authOutput)
    .mutation(({ ctx, input }) => auth.login(ctx.deps, input, { ip: ctx.ip, guestId: ctx.guestId })),

  logout: customerProcedure
    .meta({ openapi: { method: 'POST', path: '/auth/logout', tags: ['auth'], summary: 'End the current session', protect: true } })
    .input(z.object({}).optional())
    .output(okOutput)
    .mutation(({ ctx }) => auth.logout(ctx.deps, ctx.session.id)),

  forgotPassword: publicProcedure
    .meta({ openapi: { method: 'POST', path: '/auth/forgot-password', tags: ['auth'], summary: 'E-mail a single-use link to reset the password (same answer whether or not the account exists)' } })
    .input(forgotPasswordInput)
    .output(messageOutput)
    .mutation(({ ctx, input }) => reset.requestPasswordReset(ctx.deps, input.email, ctx.ip)),

  resetPassword: publicProcedure
    .meta({ openapi: { method: 'POST', path: '/auth/reset-password', tags: ['auth'], summary: 'Set a new password from a reset link; signs out every other session and signs in' } })
    .input(resetPasswordInput)
    .output(authOutput)
    .mutation(({ ctx, input }) => reset.resetPassword(ctx.deps, input)),

  changePassword: customerProcedure
    .meta({ openapi: { method: 'POST', path: '/auth/change-password', tags: ['auth'], summary: 'Change your password; your other sessions are signed out', protect: true } })
    .input(changePasswordInput)
    .output(okOutput)
    .mutation(({ ctx, input }) => reset.changePassword(ctx.deps, ctx.user.id, ctx.session.id, input)),
});
