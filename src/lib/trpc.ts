import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { createTRPCUntypedClient, httpBatchLink } from '@trpc/client';
import type { inferRouterInputs, inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '../../server/trpc/root';
import { TRPC_MAX_BATCH } from '../../shared/constants';
import { clearSession, getGuestId, getToken } from './session';
import { createTrpcHooks } from './trpc-react';

export const trpc = createTrpcHooks<AppRouter>();
export type RouterInputs = inferRouterInputs<AppRouter>;
export type RouterOutputs = inferRouterOutputs<AppRouter>;

/** The server's `{ detail }` message of a failed call, if it sent one. */
export function errorDetail(error: unknown): string | undefined {
  const e = error as { shape?: { detail?: string }; message?: string } | null;
  return e?.shape?.detail ?? undefined;
}

export function httpStatusOf(error: unknown): number | undefined {
  return (error as { data?: { httpStatus?: number } } | null)?.data?.httpStatus;
}

// Any 401 to a call made with a token: the session is gone. Clear it and go to / (spec section 8).
function onAnyError(error: unknown) {
  if (httpStatusOf(error) === 401 && getToken()) {
    clearSession();
    window.dispatchEvent(new Event('auth:expired'));
    if (window.location.pathname !== '/') window.location.assign('/');
  }
}

export function createQueryClient() {
  return new QueryClient({
    queryCache: new QueryCache({ onError: onAnyError }),
    mutationCache: new MutationCache({ onError: onAnyError }),
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        retry: (count, error) => {
          const status = httpStatusOf(error);
          return status !== undefined && status < 500 ? false : count < 2;
        },
      },
    },
  });
}

export function createTrpcClient() {
  return createTRPCUntypedClient<AppRouter>({
    links: [
      httpBatchLink({
        url: '/trpc',
        maxItems: TRPC_MAX_BATCH,
        headers() {
          const token = getToken();
          return {
            'X-Session-Id': getGuestId(),
            ...(token ? { Authorization: `Bearer ${token}` } : {}),
          };
        },
      }),
    ],
  });
}
