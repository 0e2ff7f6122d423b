import { lazy, type ReactNode } from 'react';
import { Navigate, type RouteObject } from 'react-router-dom';
import { Layout } from './components/layout/Layout';
import { RedirectIfSignedIn, RequireAuth, RequireStaff } from './routes/guards';

// The route table of storefront.md section 2 and back-office.md section 2. Pages are lazy so that
// the storefront's first load stays small; the back office is its own chunk.
const HomePage = lazy(() => import('./routes/home/HomePage'));
const LoginPage = lazy(() => import('./routes/auth/LoginPage'));

const signedIn = (page: ReactNode) => <RequireAuth>{page}</RequireAuth>;
const staff = (page: ReactNode) => <RequireStaff>{page}</RequireStaff>;
void staff;

export const routes: RouteObject[] = [
  {
    element: <Layout />,
    children: [
      { path: '/', element: <HomePage /> },
      { path: '/home', element: <HomePage /> },
      { path: '/login', element: <RedirectIfSignedIn><LoginPage /></RedirectIfSignedIn> },
      // storefront-routes
      // account-routes
      // admin-routes
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
];
void signedIn;
