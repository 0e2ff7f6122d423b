import { createTRPCUntypedClient, httpBatchLink, type TRPCUntypedClient } from '@trpc/client';
import type { AnyRouter } from '@trpc/server';
import { TRPC_MAX_BATCH } from '../../shared/constants';
import { getGuestId, getToken } from './session';

// tRPC's HTTP client: batching, the fetch calls, its error class. A chunk of its own, loaded by the
// first call or after the first paint (src/lib/trpc.ts, decision 0157): a server-rendered page
// arrives with its data, so it hydrates without it.

export function createTransport(): TRPCUntypedClient<AnyRouter> {
  return createTRPCUntypedClient<AnyRouter>({
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
