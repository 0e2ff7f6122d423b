import { lazy, type ReactNode } from 'react';
import { Navigate, type RouteObject } from 'react-router-dom';
import { Layout } from './components/layout/Layout';
import { RedirectIfSignedIn, RequireAuth, RequireStaff } from './routes/guards';

// The route table of storefront.md section 2 and back-office.md section 2. Pages are lazy so that
// the storefront's first load stays small; the back office is its own chunk.
const HomePage = lazy(() => import('./routes/home/HomePage'));
const LoginPage = lazy(() => import('./routes/auth/LoginPage'));
const ForgotPasswordPage = lazy(() => import('./routes/auth/ForgotPasswordPage'));
const ResetPasswordPage = lazy(() => import('./routes/auth/ResetPasswordPage'));
const AboutPage = lazy(() => import('./routes/static/AboutPage'));
const FaqPage = lazy(() => import('./routes/static/FaqPage'));
const ContactPage = lazy(() => import('./routes/static/ContactPage'));
const ShippingPage = lazy(() => import('./routes/static/ShippingPage'));
const ProductsPage = lazy(() => import('./routes/catalog/ProductsPage'));
const ProductDetailPage = lazy(() => import('./routes/catalog/ProductDetailPage'));
const CartPage = lazy(() => import('./routes/cart/CartPage'));
const CheckoutPage = lazy(() => import('./routes/checkout/CheckoutPage'));
const OrderSuccessPage = lazy(() => import('./routes/orders/OrderSuccessPage'));
const OrdersPage = lazy(() => import('./routes/orders/OrdersPage'));
const OrderDetailPage = lazy(() => import('./routes/orders/OrderDetailPage'));
const AccountPage = lazy(() => import('./routes/account/AccountPage'));
const QuickOrderPage = lazy(() => import('./routes/quick-order/QuickOrderPage'));
const ListsPage = lazy(() => import('./routes/lists/ListsPage'));
const ListDetailPage = lazy(() => import('./routes/lists/ListDetailPage'));
const QuotesPage = lazy(() => import('./routes/quotes/QuotesPage'));
const QuoteDetailPage = lazy(() => import('./routes/quotes/QuoteDetailPage'));

// The whole back office (all /admin pages) is one lazily loaded chunk.
const AdminApp = lazy(() => import('./routes/admin/AdminApp'));

const signedIn = (page: ReactNode) => <RequireAuth>{page}</RequireAuth>;
const staff = (page: ReactNode) => <RequireStaff>{page}</RequireStaff>;

export const routes: RouteObject[] = [
  {
    element: <Layout />,
    children: [
      { path: '/', element: <AboutPage /> },
      { path: '/home', element: <HomePage /> },
      { path: '/login', element: <RedirectIfSignedIn><LoginPage /></RedirectIfSignedIn> },
      { path: '/forgot-password', element: <ForgotPasswordPage /> },
      { path: '/reset-password', element: <ResetPasswordPage /> },
      { path: '/about', element: <AboutPage /> },
      { path: '/faq', element: <FaqPage /> },
      { path: '/contact', element: <ContactPage /> },
      { path: '/shipping', element: <ShippingPage /> },
      { path: '/products', element: <ProductsPage /> },
      { path: '/products/:id', element: <ProductDetailPage /> },
      { path: '/products/:id/:slug', element: <ProductDetailPage /> },
      { path: '/product/:id', element: <ProductDetailPage /> },
      { path: '/cart', element: <CartPage /> },
      { path: '/quick-order', element: <QuickOrderPage /> },
      { path: '/checkout', element: signedIn(<CheckoutPage />) },
      { path: '/order-success/:orderId', element: signedIn(<OrderSuccessPage />) },
      { path: '/orders', element: signedIn(<OrdersPage />) },
      { path: '/orders/:id', element: signedIn(<OrderDetailPage />) },
      { path: '/account', element: signedIn(<AccountPage />) },
      { path: '/lists', element: signedIn(<ListsPage />) },
      { path: '/lists/:id', element: signedIn(<ListDetailPage />) },
      { path: '/quotes', element: signedIn(<QuotesPage />) },
      { path: '/quotes/:id', element: signedIn(<QuoteDetailPage />) },
      { path: '/admin/*', element: staff(<AdminApp />) },
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
];
