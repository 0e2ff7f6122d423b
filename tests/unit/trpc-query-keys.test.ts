import { QueryClient, skipToken } from '@tanstack/react-query';
import { createTRPCClient } from '@trpc/client';
import { createTRPCReact, getQueryKey } from '@trpc/react-query';
import { createServerSideHelpers } from '@trpc/react-query/server';
import { observable } from '@trpc/server/observable';
import { describe, expect, it } from 'vitest';
import type { AppRouter } from '../../server/trpc/root';
import { trpcQueryKey, typedClientFor } from '../../src/lib/trpc-react';

// The browser's tRPC hooks (src/lib/trpc-react.ts) must key their queries exactly as
// @trpc/react-query does: the server renders pages with its helpers (server/pages/ssr.ts) and the
// browser hydrates that state; a key that differed by anything would fetch every query again.
const reference = createTRPCReact<AppRouter>();

describe('trpcQueryKey', () => {
  const input = { filters: { search: 'mailer' }, page: 1, limit: 5 };

  it('matches @trpc/react-query for queries, with and without input', () => {
    expect(trpcQueryKey(['catalog', 'filter'], input, 'query')).toEqual(getQueryKey(reference.catalog.filter, input, 'query'));
    expect(trpcQueryKey(['catalog', 'filterOptions'], undefined, 'query')).toEqual(getQueryKey(reference.catalog.filterOptions, undefined, 'query'));
    expect(trpcQueryKey(['catalog', 'filter'], skipToken, 'query')).toEqual(getQueryKey(reference.catalog.filter, skipToken as never, 'query'));
  });

  it('matches @trpc/react-query for the partial keys invalidate and cancel use', () => {
    expect(trpcQueryKey(['catalog', 'filter'], undefined, 'any')).toEqual(getQueryKey(reference.catalog.filter));
    expect(trpcQueryKey(['catalog', 'filter'], input, 'any')).toEqual(getQueryKey(reference.catalog.filter, input));
    expect(trpcQueryKey(['lists'], undefined, 'any')).toEqual(getQueryKey(reference.lists));
  });

  it('is the key of the state the server dehydrates for a page', async () => {
    // A client whose every answer is the same: only the keys matter here.
    const client = createTRPCClient<AppRouter>({
      links: [
        () => () =>
          observable((observer) => {
            observer.next({ result: { data: {} } });
            observer.complete();
          }),
      ],
    });
    const helpers = createServerSideHelpers<AppRouter>({ client, queryClient: new QueryClient() });
    await helpers.catalog.filter.prefetch(input);
    await helpers.catalog.filterOptions.prefetch();
    const keys = helpers.dehydrate().queries.map((q) => q.queryKey);
    expect(keys).toContainEqual(trpcQueryKey(['catalog', 'filter'], input, 'query'));
    expect(keys).toContainEqual(trpcQueryKey(['catalog', 'filterOptions'], undefined, 'query'));
  });
});

describe('typedClientFor', () => {
  it("sends utils.client's .query and .mutate to the caller by dotted path, as @trpc/client's proxy does", async () => {
    const calls: unknown[][] = [];
    const caller = {
      query: (path: string, input: unknown) => Promise.resolve(calls.push(['query', path, input])),
      mutation: (path: string, input: unknown) => Promise.resolve(calls.push(['mutation', path, input])),
    };
    const client = typedClientFor(caller as never) as {
      chat: { history: { query(i: unknown): Promise<unknown> }; sendMessage: { mutate(i: unknown): Promise<unknown> } };
    };
    await client.chat.history.query({ sessionId: 's1' });
    await client.chat.sendMessage.mutate({ text: 'hi' });
    expect(calls).toEqual([
      ['query', 'chat.history', { sessionId: 's1' }],
      ['mutation', 'chat.sendMessage', { text: 'hi' }],
    ]);
    expect(() => (client.chat.history as unknown as { subscribe(): void }).subscribe()).toThrow(/not a query or a mutation/);
  });
});
