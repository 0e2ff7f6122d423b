import { requireBackOffice } from '../auth/back-office';
import { requireSignedIn, SESSION_EXPIRED } from '../auth/principal';
import { scopeForProcedure } from '../auth/scopes';
import { AppError } from '../../shared/errors';
import { baseProcedure } from './init';

// Roles through procedures, decided by server/auth/principal.ts (people) and server/auth/back-office.ts
// (people or API keys with scopes from server/auth/scopes.ts); errors are AppErrors converted once in init.ts.

const KEYS_ARE_FOR_THE_BACK_OFFICE = 'API keys can only call back-office operations; shopper calls need a signed-in person.';

/** Anyone. The session is not looked up unless the procedure asks for it (ctx.getAuth()). */
export const publicProcedure = baseProcedure;

/**
 * Anyone, for operations that read the guest id (sign-in and registration merge the guest cart):
 * an X-Session-Id that is sent but is not a strong guest id answers 400 rather than being used.
 * Operations that never read it ignore the header.
 */
export const guestAwareProcedure = baseProcedure.use(({ ctx, next }) => {
  if (ctx.guestIdProblem) throw new AppError('BAD_REQUEST', ctx.guestIdProblem);
  return next();
});

/**
 * Anyone, with the signed-in user when there is one (cart, chat, contact), and the guest id as
 * guestAwareProcedure checks it. A token that is sent but no longer valid answers 401 so that the
 * browser clears it (docs/spec/storefront.md section 8).
 */
export const optionalUserProcedure = guestAwareProcedure.use(async ({ ctx, next }) => {
  if (ctx.usesApiKey) throw new AppError('FORBIDDEN', KEYS_ARE_FOR_THE_BACK_OFFICE);
  const auth = await ctx.getAuth();
  if (ctx.token && !auth) throw new AppError('UNAUTHORIZED', SESSION_EXPIRED);
  return next({ ctx: { user: auth?.user ?? null, session: auth?.session ?? null } });
});

/** Any signed-in person. */
export const customerProcedure = baseProcedure.use(async ({ ctx, next }) => {
  if (ctx.usesApiKey) throw new AppError('FORBIDDEN', KEYS_ARE_FOR_THE_BACK_OFFICE);
  const auth = requireSignedIn(await ctx.getAuth(), ctx.token);
  return next({ ctx: { user: auth.user, session: auth.session } });
});

/** Staff and admins (the back office), or an API key holding the area's scope. */
export const staffProcedure = baseProcedure.use(async ({ ctx, path, type, next }) =>
  next({ ctx: await requireBackOffice(ctx, { role: 'staff', scope: scopeForProcedure(path, type) }) }),
);

/** Admins only (users, roles, shop-wide rules); an API key only where its scope covers the area. */
export const adminProcedure = baseProcedure.use(async ({ ctx, path, type, next }) =>
  next({ ctx: await requireBackOffice(ctx, { role: 'admin', scope: scopeForProcedure(path, type) }) }),
);
