import { TRPCError } from '@trpc/server';
import { baseProcedure } from './init';

/** Anyone. The session is not looked up unless the procedure asks for it (ctx.getAuth()). */
export const publicProcedure = baseProcedure;

/**
 * Anyone, with the signed-in user when there is one (cart, chat, contact). A token that is sent
 * but no longer valid answers 401 so that the browser clears it (storefront.md section 8).
 */
export const optionalUserProcedure = baseProcedure.use(async ({ ctx, next }) => {
  const auth = await ctx.getAuth();
  if (ctx.token && !auth) throw new TRPCError({ code: 'UNAUTHORIZED', message: 'Your session has expired. Please sign in again.' });
  return next({ ctx: { user: auth?.user ?? null, session: auth?.session ?? null } });
});

/** Any signed-in user. */
export const customerProcedure = baseProcedure.use(async ({ ctx, next }) => {
  const auth = await ctx.getAuth();
  if (!auth) {
    throw new TRPCError({
      code: 'UNAUTHORIZED',
      message: ctx.token ? 'Your session has expired. Please sign in again.' : 'Please sign in to continue.',
    });
  }
  return next({ ctx: { user: auth.user, session: auth.session } });
});

/** Staff and admins: the back office. */
export const staffProcedure = customerProcedure.use(({ ctx, next }) => {
  if (ctx.user.role !== 'staff' && ctx.user.role !== 'admin') {
    throw new TRPCError({ code: 'FORBIDDEN', message: 'Staff access is required.' });
  }
  return next({ ctx });
});

/** Admins only: users and roles. */
export const adminProcedure = customerProcedure.use(({ ctx, next }) => {
  if (ctx.user.role !== 'admin') throw new TRPCError({ code: 'FORBIDDEN', message: 'Admin access is required.' });
  return next({ ctx });
});
