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

/** Admin routes: a customer goes to /, an anonymous visitor to /login. */
export function RequireStaff({ children }: { children: ReactNode }) {
  const { ready, isSignedIn, isStaff } = useAuth();
  const location = useLocation();
  if (!ready) return <Spinner label="Checking your session..." />;
  if (!isSignedIn) return <Navigate to="/login" replace state={{ from: location.pathname }} />;
  if (!isStaff) return <Navigate to="/" replace />;
  return <>{children}</>;
}

/** /login for someone already signed in goes home. */
export function RedirectIfSignedIn({ children }: { children: ReactNode }) {
  const { ready, isSignedIn } = useAuth();
  if (!ready) return <Spinner />;
  if (isSignedIn) return <Navigate to="/" replace />;
  return <>{children}</>;
}
