import { QueryClientProvider } from '@tanstack/react-query';
import { Suspense, useState } from 'react';
import { BrowserRouter, useRoutes } from 'react-router-dom';
import { Spinner } from './components/ui/Spinner';
import { Toasts } from './components/ui/Toasts';
import { AuthProvider } from './features/auth/AuthProvider';
import { CartProvider } from './features/cart/CartProvider';
import { createQueryClient, createTrpcClient, trpc } from './lib/trpc';
import { routes } from './routes';

function AppRoutes() {
  return <Suspense fallback={<Spinner />}>{useRoutes(routes)}</Suspense>;
}

export function App() {
  const [queryClient] = useState(createQueryClient);
  const [trpcClient] = useState(createTrpcClient);
  return (
    <trpc.Provider client={trpcClient} queryClient={queryClient}>
      <QueryClientProvider client={queryClient}>
        <BrowserRouter>
          <AuthProvider>
            <CartProvider>
              <AppRoutes />
              <Toasts />
            </CartProvider>
          </AuthProvider>
        </BrowserRouter>
      </QueryClientProvider>
    </trpc.Provider>
  );
}
