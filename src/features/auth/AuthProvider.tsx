import { createContext, startTransition, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { UserDto } from '../../../shared/schemas/user.schema';
import { trpc, type RouterInputs } from '../../lib/trpc';
import { startedFromServer } from '../../lib/ssr';
import { clearSession, forgetBrowserSession, getStoredUser, getToken, storeSession, storeUser } from '../../lib/session';

interface AuthContextValue {
  user: UserDto | null;
  token: string | null;
  /** False while a stored token is being checked with the server. */
  ready: boolean;
  /**
   * False on the server and while a server-rendered page hydrates (the anonymous shop), until the
   * stored session has been read: the header then shows what the page's session hint says
   * (server/pages/session-hint.ts) instead of a "Login" the signed-in shopper would see flash.
   */
  sessionRead: boolean;
  isSignedIn: boolean;
  isStaff: boolean;
  isAdmin: boolean;
  login(input: RouterInputs['auth']['login']): Promise<UserDto>;
  register(input: RouterInputs['auth']['register']): Promise<UserDto>;
  logout(): Promise<void>;
  setUser(user: UserDto): void;
  /** Takes a session the server already started (e.g. after a password reset). */
  acceptSession(result: { access_token: string; user: UserDto }): UserDto;
}

const AuthContext = createContext<AuthContextValue | null>(null);

export function AuthProvider({ children }: { children: ReactNode }) {
  // A server-rendered page hydrates as the anonymous shop it was rendered as; the stored session is
  // taken up right after (the effect below), so that hydration matches the server's HTML.
  const [token, setToken] = useState<string | null>(() => (startedFromServer() ? null : getToken()));
  const [user, setUserState] = useState<UserDto | null>(() => (!startedFromServer() && getToken() ? getStoredUser() : null));
  const [ready, setReady] = useState(() => startedFromServer() || !getToken());
  // The server has no storage (getToken() is null there): it renders the page as not read yet too.
  const [sessionRead, setSessionRead] = useState(() => !startedFromServer() && typeof localStorage !== 'undefined');
  const queryClient = useQueryClient();
  const utils = trpc.useUtils();
  const loginMutation = trpc.auth.login.useMutation();
  const registerMutation = trpc.auth.register.useMutation();
  const logoutMutation = trpc.auth.logout.useMutation();

  useEffect(() => {
    // A transition: this provider hydrates before the page inside it (a Suspense boundary of the
    // server's HTML), and an urgent context change would make React hydrate the whole page in one
    // blocking task to deliver it; as a transition the page hydrates in short slices (decision 0158).
    startTransition(() => {
      setSessionRead(true);
      const stored = startedFromServer() ? getToken() : null;
      if (!stored) return;
      setUserState(getStoredUser());
      setReady(false);
      setToken(stored);
    });
  }, []);

  // Refresh the stored user from the server once per load; a 401 clears it (see lib/trpc.ts).
  useEffect(() => {
    if (!token) return;
    let cancelled = false;
    utils.users.me
      .fetch()
      .then((me) => {
        if (cancelled) return;
        storeUser(me);
        setUserState(me);
      })
      .catch(() => {
        if (!cancelled && !getToken()) {
          setToken(null);
          setUserState(null);
        }
      })
      .finally(() => !cancelled && setReady(true));
    return () => {
      cancelled = true;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [token]);

  useEffect(() => {
    const expired = () => {
      setToken(null);
      setUserState(null);
      setReady(true);
    };
    window.addEventListener('auth:expired', expired);
    return () => window.removeEventListener('auth:expired', expired);
  }, []);

  const signedIn = useCallback(
    (result: { access_token: string; user: UserDto }) => {
      storeSession(result.access_token, result.user);
      setToken(result.access_token);
      setUserState(result.user);
      setReady(true);
      // The guest cart was merged into the user's cart on the server: refetch everything.
      void queryClient.invalidateQueries();
      return result.user;
    },
    [queryClient],
  );

  const value = useMemo<AuthContextValue>(
    () => ({
      user,
      token,
      ready,
      sessionRead,
      isSignedIn: Boolean(token && user),
      isStaff: user?.role === 'staff' || user?.role === 'admin',
      isAdmin: user?.role === 'admin',
      login: async (input) => signedIn(await loginMutation.mutateAsync(input)),
      register: async (input) => signedIn(await registerMutation.mutateAsync(input)),
      async logout() {
        try {
          if (getToken()) await logoutMutation.mutateAsync({});
        } catch {
          // The session may already be gone on the server; signing out locally is what matters.
        }
        clearSession();
        forgetBrowserSession();
        setToken(null);
        setUserState(null);
        // resetQueries (not clear) tells the mounted queries too: the header badge and /cart drop
        // the last customer's cart at once and refetch as the new guest; orders, addresses and
        // the rest are emptied the same way.
        await queryClient.cancelQueries();
        queryClient.removeQueries({ type: 'inactive' });
        await queryClient.resetQueries();
      },
      setUser(next) {
        storeUser(next);
        setUserState(next);
      },
      acceptSession: signedIn,
    }),
    [user, token, ready, sessionRead, signedIn, loginMutation, registerMutation, logoutMutation, queryClient],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const ctx = useContext(AuthContext);
  if (!ctx) throw new Error('useAuth must be used within an AuthProvider');
  return ctx;
}
