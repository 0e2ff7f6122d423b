import type { ReactNode } from 'react';
import { Navigate, useLocation } from '../lib/router';
import { Spinner } from '../components/ui/Spinner';
import { useAuth } from '../features/auth/AuthProvider';

/** Signed-in routes: spinner while the session loads, /login when nobody is signed in. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { ready, isSignedIn } = useAuth();
  const location = useLocation();
  if (!ready) return <Spinner label="Checking your session..." />;
  if (!isSignedIn) return <Navigate to="/login" replace state={{ from: location.pathname + location.search }} />;
  return <>{children}</>;
}

/**
 * Admin routes: a customer goes to /, an anonymous visitor to /login. A session stored as staff's
 * shows the back office while it is checked: the page's calls then go out with the check instead
 * of after it (issue 38, point 18), and the server answers each by the session, not by what the tab
 * stored. A session that has ended makes them all 401, which signs the tab out (src/lib/trpc.ts).
 */
export function RequireStaff({ children }: { children: ReactNode }) {
  const { ready, isSignedIn, isStaff } = useAuth();
  const location = useLocation();
  if (!ready && !(isSignedIn && isStaff)) return <Spinner label="Checking your session..." />;
  if (!isSignedIn) return <Navigate to="/login" replace state={{ from: location.pathname }} />;
  if (!isStaff) return <Navigate to="/" replace />;
  return <>{children}</>;
}

/**
 * Where /login goes once someone is signed in: back to the signed-in page that sent them there
 * (its path in the navigation's state), else home (spec: '/'). Only a path of this shop.
 */
export function returnPathOf(state: unknown): string {
  const from = (state as { from?: unknown } | null)?.from;
  return typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') ? from : '/';
}

/**
 * /login for someone already signed in goes home, or back to the page that sent them to sign in:
 * the same place the login form goes, so that whichever of the two renders first after signing in,
 * the shopper lands on the page they came from.
 */
export function RedirectIfSignedIn({ children }: { children: ReactNode }) {
  const { ready, isSignedIn } = useAuth();
  const location = useLocation();
  if (!ready) return <Spinner />;
  if (isSignedIn) return <Navigate to={returnPathOf(location.state)} replace />;
  return <>{children}</>;
}
