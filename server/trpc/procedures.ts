import { requireRole, requireSignedIn, SESSION_EXPIRED } from '../auth/principal';
import { AppError } from '../../shared/errors';
import { baseProcedure } from './init';

// Roles through procedures, decided by server/auth/principal.ts; errors are AppErrors converted
// once in init.ts.

/** Anyone. The session is not looked up unless the procedure asks for it (ctx.getAuth()). */
export const publicProcedure = baseProcedure;

/**
 * Anyone, with the signed-in user when there is one (cart, chat, contact). A token that is sent
 * but no longer valid answers 401 so that the browser clears it (storefront.md section 8).
 */
export const optionalUserProcedure = baseProcedure.use(async ({ ctx, next }) => {
  const auth = await ctx.getAuth();
  if (ctx.token && !auth) throw new AppError('UNAUTHORIZED', SESSION_EXPIRED);
  return next({ ctx: { user: auth?.user ?? null, session: auth?.session ?? null } });
});

/** Any signed-in user. */
export const customerProcedure = baseProcedure.use(async ({ ctx, next }) => {
  const auth = requireSignedIn(await ctx.getAuth(), ctx.token);
  return next({ ctx: { user: auth.user, session: auth.session } });
});

/** Staff and admins: the back office. */
export const staffProcedure = customerProcedure.use(({ ctx, next }) => {
  requireRole(ctx, 'staff');
  return next({ ctx });
});

/** Admins only: users, roles and shop-wide rules such as shipping. */
export const adminProcedure = customerProcedure.use(({ ctx, next }) => {
  requireRole(ctx, 'admin');
  return next({ ctx });
});
