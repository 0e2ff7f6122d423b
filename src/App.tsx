import { hydrate, QueryClientProvider, type DehydratedState, type QueryClient } from '@tanstack/react-query';
import { Suspense, useState, type ReactNode } from 'react';
import { Layout } from './components/layout/Layout';
import { Spinner } from './components/ui/Spinner';
import { Toasts } from './components/ui/Toasts';
import { AuthProvider } from './features/auth/AuthProvider';
import { CartProvider } from './features/cart/CartProvider';
import { ContractPricesRefresh } from './features/price-lists/ContractPricesRefresh';
import { createQueryClient, createTrpcClient } from './lib/trpc';
import { BrowserRouter, Routes } from './lib/router';
import { TrpcProvider } from './lib/trpc-react';
import { routes } from './routes';

function AppRoutes() {
  return (
    <Suspense fallback={<Spinner />}>
      <Layout>
        <Routes routes={routes} />
      </Layout>
    </Suspense>
  );
}

/**
 * The whole storefront under a router: BrowserRouter in the browser, StaticRouter on the server
 * (src/entry-server.tsx), so both render the same tree from the same components.
 */
export function AppShell({ queryClient, router: Router }: { queryClient: QueryClient; router: (props: { children: ReactNode }) => ReactNode }) {
  const [trpcClient] = useState(createTrpcClient);
  return (
    <TrpcProvider client={trpcClient}>
      <QueryClientProvider client={queryClient}>
        <Router>
          <AuthProvider>
            <CartProvider>
              <ContractPricesRefresh />
              <AppRoutes />
              <Toasts />
            </CartProvider>
          </AuthProvider>
        </Router>
      </QueryClientProvider>
    </TrpcProvider>
  );
}

/** A query client holding what the server already loaded for this page, if anything. */
export function queryClientWith(state: DehydratedState | undefined): QueryClient {
  const client = createQueryClient();
  if (state) hydrate(client, state);
  return client;
}

export function App({ serverState }: { serverState?: DehydratedState }) {
  const [queryClient] = useState(() => queryClientWith(serverState));
  return <AppShell queryClient={queryClient} router={BrowserRouter} />;
}
