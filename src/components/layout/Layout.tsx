import { lazy, Suspense, type ReactNode } from 'react';
import { useAuth } from '../../features/auth/AuthProvider';
import { useLocation } from '../../lib/router';
import { useHydrated } from '../../lib/ssr';
import { Footer } from './Footer';
import { Header } from './Header';
import { PageErrorBoundary } from './PageErrorBoundary';

// The chat widget is its own chunk, so it never weighs on the storefront's first load.
const ChatWidget = lazy(() => import('../../features/chat/ChatWidget'));
// Only signed-in people can see the address banner (never a server-rendered page), so it loads with them.
const AddressBanner = lazy(() => import('../../features/account/AddressBanner').then((m) => ({ default: m.AddressBanner })));

/** The page around every route: header, the route's page in <main>, footer, the chat. */
export function Layout({ children }: { children: ReactNode }) {
  const { user, isSignedIn } = useAuth();
  // The chat lives in the browser only: not in the server's HTML, loaded once the page is live.
  const hydrated = useHydrated();
  const { pathname } = useLocation();
  return (
    <div className="app-shell flex min-h-screen flex-col">
      {/* The first stop of the Tab key: past the header's links straight to the page (WCAG 2.4.1). */}
      <a
        href="#main"
        className="sr-only z-50 rounded-lg bg-white text-sm font-semibold text-emerald-800 shadow-lg ring-2 ring-emerald-600 focus:not-sr-only focus:fixed focus:left-4 focus:top-3 focus:px-4 focus:py-2"
      >
        Skip to main content
      </a>
      <Header />
      <div className="print:hidden">
        {isSignedIn && (
          <Suspense fallback={null}>
            <AddressBanner />
          </Suspense>
        )}
      </div>
      {/* At least a screen tall: while a page or its data is still loading, the footer waits below the
          fold instead of showing and then being pushed down (a layout shift a phone feels). */}
      <main id="main" tabIndex={-1} className="min-h-svh flex-1 focus:outline-none">
        <PageErrorBoundary resetKey={pathname}>{children}</PageErrorBoundary>
      </main>
      <Footer />
      {/* chat-widget */}
      <Suspense fallback={null}>
        <div className="print:hidden">
          {/* Keyed by the user: signing out (or in) starts a fresh panel, never the last person's chat. */}
          {hydrated && <ChatWidget key={user?.id ?? 'guest'} />}
        </div>
      </Suspense>
    </div>
  );
}
