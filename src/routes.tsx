import { lazy, type ComponentType, type ReactNode } from 'react';
import { preloadable } from './lib/preloadable';
import { matchPageRoute, Navigate, type PageRoute } from './lib/router';
import { RedirectIfSignedIn, RequireAuth, RequireStaff } from './routes/guards';

// The route table of docs/spec/storefront.md section 2 and docs/spec/back-office.md section 2. Pages are lazy so that
// the storefront's first load stays small; the back office is its own chunk.

/**
 * A page the server renders: its code is loaded before hydration (preloadRoute), so hydrating it
 * never suspends (src/lib/preloadable.tsx). One chunk per page, the same split the server renders by.
 */
const lazyPage = (load: () => Promise<{ default: ComponentType }>) => preloadable(load);

const HomePage = lazyPage(() => import('./routes/home/HomePage'));
const LoginPage = lazy(() => import('./routes/auth/LoginPage'));
const ForgotPasswordPage = lazy(() => import('./routes/auth/ForgotPasswordPage'));
const ResetPasswordPage = lazy(() => import('./routes/auth/ResetPasswordPage'));
const AboutPage = lazyPage(() => import('./routes/static/AboutPage'));
const FaqPage = lazyPage(() => import('./routes/static/FaqPage'));
const ContactPage = lazyPage(() => import('./routes/static/ContactPage'));
const ShippingPage = lazyPage(() => import('./routes/static/ShippingPage'));
const ProductsPage = lazyPage(() => import('./routes/catalog/ProductsPage'));
const ProductDetailPage = lazyPage(() => import('./routes/catalog/ProductDetailPage'));
const CartPage = lazyPage(() => import('./routes/cart/CartPage'));
const CheckoutPage = lazy(() => import('./routes/checkout/CheckoutPage'));
const OrderSuccessPage = lazy(() => import('./routes/orders/OrderSuccessPage'));
const OrdersPage = lazy(() => import('./routes/orders/OrdersPage'));
const OrderDetailPage = lazy(() => import('./routes/orders/OrderDetailPage'));
const AccountPage = lazy(() => import('./routes/account/AccountPage'));
const QuickOrderPage = lazy(() => import('./routes/quick-order/QuickOrderPage'));
const ListsPage = lazy(() => import('./routes/lists/ListsPage'));
const ListDetailPage = lazy(() => import('./routes/lists/ListDetailPage'));
const InvitationPage = lazy(() => import('./features/companies/InvitationPage'));
const CompanyOrderPage = lazy(() => import('./features/companies/CompanyOrderPage'));
const CompanyQuotePage = lazy(() => import('./features/companies/CompanyQuotePage'));
const QuotesPage = lazy(() => import('./routes/quotes/QuotesPage'));
const QuoteDetailPage = lazy(() => import('./routes/quotes/QuoteDetailPage'));

// The back office is a lazily loaded chunk, with a chunk per page (decision 0207). Opened at an /admin address,
// it is fetched and run while the session is checked, not after the check answers (issue 38,
// point 18: on a throttled phone the chunk waited ~1.2 s for the session, then ~0.6 s to run).
// Preloadable rather than React.lazy: lazy suspends on its first render even when the chunk came
// long before, and React holds the revealed page back a further ~300 ms after its fallback.
// With the page at the address, so that neither suspends on its first render.
const AdminApp = preloadable(async () => {
  const admin = await import('./routes/admin/AdminApp');
  await admin.preloadPageAt(window.location.pathname).catch(() => undefined);
  return { default: admin.default };
});
if (typeof window !== 'undefined' && /^\/admin(\/|$)/i.test(window.location.pathname)) void AdminApp.preload().catch(() => undefined);

const signedIn = (page: ReactNode) => <RequireAuth>{page}</RequireAuth>;
const staff = (page: ReactNode) => <RequireStaff>{page}</RequireStaff>;

// In table order, the first match wins (src/lib/router.tsx); all of them are shown inside the Layout (App.tsx).
export const routes: PageRoute[] = [
  { path: '/', element: <AboutPage />, preload: AboutPage.preload },
  { path: '/home', element: <HomePage />, preload: HomePage.preload },
  { path: '/login', element: <RedirectIfSignedIn><LoginPage /></RedirectIfSignedIn> },
  { path: '/forgot-password', element: <ForgotPasswordPage /> },
  { path: '/reset-password', element: <ResetPasswordPage /> },
  { path: '/about', element: <AboutPage />, preload: AboutPage.preload },
  { path: '/faq', element: <FaqPage />, preload: FaqPage.preload },
  { path: '/contact', element: <ContactPage />, preload: ContactPage.preload },
  { path: '/shipping', element: <ShippingPage />, preload: ShippingPage.preload },
  { path: '/products', element: <ProductsPage />, preload: ProductsPage.preload },
  { path: '/products/:id', element: <ProductDetailPage />, preload: ProductDetailPage.preload },
  { path: '/products/:id/:slug', element: <ProductDetailPage />, preload: ProductDetailPage.preload },
  { path: '/product/:id', element: <ProductDetailPage />, preload: ProductDetailPage.preload },
  { path: '/cart', element: <CartPage />, preload: CartPage.preload },
  { path: '/quick-order', element: <QuickOrderPage /> },
  { path: '/checkout', element: signedIn(<CheckoutPage />) },
  { path: '/order-success/:orderId', element: signedIn(<OrderSuccessPage />) },
  { path: '/orders', element: signedIn(<OrdersPage />) },
  { path: '/orders/:id', element: signedIn(<OrderDetailPage />) },
  { path: '/account', element: signedIn(<AccountPage />) },
  { path: '/lists', element: signedIn(<ListsPage />) },
  { path: '/lists/:id', element: signedIn(<ListDetailPage />) },
  { path: '/quotes', element: signedIn(<QuotesPage />) },
  { path: '/company-invitation', element: <InvitationPage /> },
  { path: '/company/orders/:id', element: signedIn(<CompanyOrderPage />) },
  { path: '/company/quotes/:id', element: signedIn(<CompanyQuotePage />) },
  { path: '/quotes/:id', element: signedIn(<QuoteDetailPage />) },
  { path: '/admin/*?', element: staff(<AdminApp />), preload: AdminApp.preload },
  { path: '*', element: <Navigate to="/" replace /> },
];

/** Loads the code of the page at `pathname` if it is one the server renders (main.tsx, before hydrating). */
export async function preloadRoute(pathname: string): Promise<void> {
  await matchPageRoute(routes, pathname)?.preload?.();
}
