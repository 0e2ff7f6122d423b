import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import type { TRPCUntypedClient } from '@trpc/client';
import type { AnyRouter, inferRouterInputs, inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '../../server/trpc/root';
import { takeEarlyAnswer } from './early-calls';
import { clearSession, getToken } from './session';
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

// Any 401 to a call made with a token: the session is gone. Clear it and go to / (docs/spec/storefront.md section 8).
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

/** What the hooks call: a procedure by its dotted path, as tRPC's untyped client does. */
export type TrpcCaller = Pick<TRPCUntypedClient<AnyRouter>, 'query' | 'mutation'>;

let transport: Promise<TRPCUntypedClient<AnyRouter>> | undefined;

/**
 * tRPC's client code (4 KB gzipped) is a chunk of its own (decision 0157): no server-rendered page
 * needs it to paint or hydrate, so it is fetched by the first call, or earlier by
 * `preloadTrpcTransport`. One client for the tab, as there is one query client.
 */
export function preloadTrpcTransport(): Promise<TRPCUntypedClient<AnyRouter>> {
  transport ??= import('./trpc-transport').then(
    (m) => m.createTransport(),
    (err: unknown) => {
      // A failed download (offline, a deploy replaced the chunk) is tried again by the next call.
      transport = undefined;
      throw err;
    },
  );
  return transport;
}

export function createTrpcClient(): TrpcCaller {
  return {
    query: (path, input, opts) => {
      const viaTransport = () => preloadTrpcTransport().then((client) => client.query(path, input, opts));
      // A back-office page's first calls may have been answered already (src/lib/early-calls.ts).
      return takeEarlyAnswer(path, input)?.catch(viaTransport) ?? viaTransport();
    },
    mutation: (path, input, opts) => preloadTrpcTransport().then((client) => client.mutation(path, input, opts)),
  };
}
