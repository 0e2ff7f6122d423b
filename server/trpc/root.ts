import { adminRouter } from '../routers/back-office.router';
import { authRouter } from '../routers/accounts/auth.router';
import { cartRouter } from '../routers/cart/cart.router';
import { chatRouter } from '../routers/support/chat.router';
import { promotionsRouter } from '../routers/promotions/promotions.router';
import { listsRouter } from '../routers/cart/lists.router';
import { ordersRouter } from '../routers/orders/orders.router';
import { paymentsRouter } from '../routers/orders/payments.router';
import { quotesRouter } from '../routers/quotes/quotes.router';
import { companiesRouter } from '../routers/companies/companies.router';
import { companyInvitationsRouter } from '../routers/companies/company-invitations.router';
import { catalogRouter } from '../routers/catalogue/catalog.router';
import { contactRouter } from '../routers/support/contact.router';
import { healthRouter } from '../routers/system/health.router';
import { usersRouter } from '../routers/accounts/users.router';
import { searchRouter } from '../routers/search/search.router';
import { createCallerFactory, router } from './init';

// One implementation, two doors: the SPA calls these at /trpc, integrators at /api (their
// `meta.openapi` paths, served by server/rest/procedures.door.ts, or without the adapter for the
// few paths listed in server/rest/door-table.ts).
export const appRouter = router({
  admin: adminRouter,
  health: healthRouter,
  auth: authRouter,
  users: usersRouter,
  cart: cartRouter,
  promotions: promotionsRouter,
  orders: ordersRouter,
  lists: listsRouter,
  quotes: quotesRouter,
  company: companiesRouter,
  companyInvitations: companyInvitationsRouter,
  catalog: catalogRouter,
  search: searchRouter,
  contact: contactRouter,
  chat: chatRouter,
  payments: paymentsRouter,
});

export type AppRouter = typeof appRouter;
export const createCaller = createCallerFactory(appRouter);
