import { skipToken, useMutation, useQuery, useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query';
import type { TRPCClient } from '@trpc/client';
import type { DecorateRouterRecord } from '@trpc/react-query';
import type { CreateQueryUtils } from '@trpc/react-query/shared';
import type { AnyRouter } from '@trpc/server';
import { createContext, createElement, useContext, useMemo, type ReactNode } from 'react';
import type { TrpcCaller } from './trpc';

// The shop's tRPC hooks: `trpc.x.y.useQuery(input, opts)`, `trpc.x.y.useMutation(opts)` and
// `trpc.useUtils()`, the calls and types of @trpc/react-query, built on TanStack Query's
// useQuery / useMutation alone. @trpc/react-query's proxy reaches every hook TanStack Query has
// (infinite, queries, suspense, prefetch, subscriptions) whether a page uses it or not, which was
// 5.4 KB gzipped of every storefront page's first load (decision 0150). The types are
// @trpc/react-query's own, narrowed to what is implemented here, so a call to anything else fails
// to compile rather than at run time. The query keys are @trpc/react-query's, so the server's
// dehydrated state (createServerSideHelpers, server/pages/ssr.ts) hydrates them without a refetch;
// tests/unit/trpc-query-keys.test.ts holds them equal.

type QueryType = 'query' | 'any';

/** @trpc/react-query's query key (getQueryKeyInternal) for a procedure path, an input and a type. */
export function trpcQueryKey(path: readonly string[], input: unknown, type: QueryType): QueryKey {
  const splitPath = path.flatMap((part) => part.split('.'));
  if (!input && type === 'any') return splitPath.length ? [splitPath] : [];
  return [
    splitPath,
    {
      ...(input !== undefined && input !== skipToken && { input }),
      ...(type !== 'any' && { type }),
    },
  ];
}

/** A path-collecting proxy: `p.a.b.c(args)` calls `onCall(['a', 'b', 'c'], args)`. */
function pathProxy(onCall: (path: string[], args: unknown[]) => unknown, path: string[] = []): unknown {
  return new Proxy(() => undefined, {
    // `then` is asked by anything that checks for a promise; a path never ends in it.
    get: (_target, key) => (typeof key === 'string' && key !== 'then' ? pathProxy(onCall, [...path, key]) : undefined),
    apply: (_target, _this, args: unknown[]) => onCall(path, args),
  });
}

const ClientContext = createContext<TrpcCaller | null>(null);

export function TrpcProvider({ client, children }: { client: TrpcCaller; children: ReactNode }) {
  return createElement(ClientContext.Provider, { value: client }, children);
}

function useClient(): TrpcCaller {
  const client = useContext(ClientContext);
  if (!client) throw new Error('trpc hooks used outside <TrpcProvider>');
  return client;
}

type CallOptions = { trpc?: Record<string, unknown> } & Record<string, unknown>;

function useProcedureQuery(path: string[], input: unknown, opts?: CallOptions) {
  const client = useClient();
  const queryKey = trpcQueryKey(path, input, 'query');
  return useQuery({
    ...opts,
    queryKey,
    queryFn: input === skipToken ? skipToken : () => client.query(path.join('.'), input, opts?.trpc),
  });
}

function useProcedureMutation(path: string[], opts?: CallOptions) {
  const client = useClient();
  return useMutation({
    ...opts,
    mutationKey: trpcQueryKey(path, undefined, 'any'),
    mutationFn: (input: unknown) => client.mutation(path.join('.'), input, opts?.trpc),
  });
}

/** `utils.client.x.y.query(input)` / `.mutate(input)`: @trpc/client's typed proxy over the same caller. */
export function typedClientFor(client: TrpcCaller): unknown {
  return pathProxy((fullPath, args) => {
    const path = fullPath.slice(0, -1).join('.');
    const [input, opts] = args as [unknown, Parameters<TrpcCaller['query']>[2]];
    switch (fullPath.at(-1)) {
      case 'query':
        return client.query(path, input, opts);
      case 'mutate':
        return client.mutation(path, input, opts);
      default:
        throw new Error(`trpc client: ${fullPath.join('.')} is not a query or a mutation (src/lib/trpc-react.ts)`);
    }
  });
}

function utilsFor(client: TrpcCaller, queryClient: QueryClient): unknown {
  const typedClient = typedClientFor(client);
  const procedures = pathProxy((fullPath, args) => {
    const path = fullPath.slice(0, -1);
    const [input, a, b] = args as [unknown, Record<string, unknown> | undefined, unknown];
    switch (fullPath.at(-1)) {
      case 'invalidate':
        return queryClient.invalidateQueries({ ...a, queryKey: trpcQueryKey(path, input, 'any') }, b as object);
      case 'refetch':
        return queryClient.refetchQueries({ ...a, queryKey: trpcQueryKey(path, input, 'any') }, b as object);
      case 'cancel':
        return queryClient.cancelQueries({ queryKey: trpcQueryKey(path, input, 'any') }, a);
      case 'getData':
        return queryClient.getQueryData(trpcQueryKey(path, input, 'query'));
      case 'setData':
        queryClient.setQueryData(trpcQueryKey(path, input, 'query'), a as never, b as object);
        return undefined;
      case 'fetch':
        return queryClient.fetchQuery({
          ...a,
          queryKey: trpcQueryKey(path, input, 'query'),
          queryFn: () => client.query(path.join('.'), input, (a as CallOptions | undefined)?.trpc),
        });
      default:
        throw new Error(`trpc utils: ${fullPath.join('.')} is not one of the shop's tRPC calls (src/lib/trpc-react.ts)`);
    }
  }) as Record<string, unknown>;
  return new Proxy(procedures, { get: (target, key) => (key === 'client' ? typedClient : target[key as string]) });
}

function useUtils(): unknown {
  const client = useClient();
  const queryClient = useQueryClient();
  return useMemo(() => utilsFor(client, queryClient), [client, queryClient]);
}

// --- Types: @trpc/react-query's, narrowed to the calls above ---

type UtilName = 'invalidate' | 'refetch' | 'cancel' | 'getData' | 'setData' | 'fetch';

type NarrowHooks<T> = {
  [K in keyof T]: T[K] extends { useMutation: unknown }
    ? Pick<T[K], 'useMutation'>
    : T[K] extends { useQuery: unknown }
      ? Pick<T[K], 'useQuery'>
      : NarrowHooks<T[K]>;
};

type NarrowUtils<T> = {
  [K in keyof T]: T[K] extends { setData: unknown }
    ? Pick<T[K], Extract<keyof T[K], UtilName>>
    : T[K] extends { isMutating: unknown }
      ? never
      : T[K] extends (...args: never[]) => unknown
        ? T[K]
        : NarrowUtils<T[K]>;
};

type Root<TRouter extends AnyRouter> = TRouter['_def']['_config']['$types'];
type TrpcUtils<TRouter extends AnyRouter> = NarrowUtils<CreateQueryUtils<TRouter>> & {
  client: TRPCClient<TRouter>;
};

export type TrpcHooks<TRouter extends AnyRouter> = NarrowHooks<DecorateRouterRecord<Root<TRouter>, TRouter['_def']['record']>> & {
  useUtils(): TrpcUtils<TRouter>;
};

/** The hooks for a router; one object for the whole app, the client comes from <TrpcProvider>. */
export function createTrpcHooks<TRouter extends AnyRouter>(): TrpcHooks<TRouter> {
  return pathProxy((fullPath, args) => {
    const path = fullPath.slice(0, -1);
    switch (fullPath.at(-1)) {
      case 'useQuery':
        return useProcedureQuery(path, args[0], args[1] as CallOptions | undefined);
      case 'useMutation':
        return useProcedureMutation(path, args[0] as CallOptions | undefined);
      case 'useUtils':
        return useUtils();
      default:
        throw new Error(`trpc: ${fullPath.join('.')} is not one of the shop's tRPC calls (src/lib/trpc-react.ts)`);
    }
  }) as TrpcHooks<TRouter>;
}
