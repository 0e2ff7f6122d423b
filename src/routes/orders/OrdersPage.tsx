import { PackageIcon } from '../../components/ui/inline-icons';
import { useEffect, useRef, useState } from 'react';
import type { OrderStatus } from '../../../shared/constants';
import { ORDER_STATUSES } from '../../../shared/constants';
import { MY_ORDERS_PAGE_SIZE } from '../../../shared/domain/my-orders';
import { Seo } from '../../components/Seo';
import { Button, ButtonLink } from '../../components/ui/Button';
import { ErrorState } from '../../components/ui/ErrorState';
import { Spinner } from '../../components/ui/Spinner';
import { useSearchParams } from '../../lib/router';
import { trpc } from '../../lib/trpc';
import { OrderCard } from './OrderCard';
import { hasFilters, NO_FILTERS, OrderFilters, rangeError, type OrderFilterValues } from './OrderFilters';

/** The filters as the address holds them (?search=&status=&from=&to=), so a search can be bookmarked and Back works. */
function useOrderFilters() {
  const [params, setParams] = useSearchParams();
  const status = params.get('status') ?? '';
  const filters: OrderFilterValues = {
    search: params.get('search') ?? '',
    status: (ORDER_STATUSES as readonly string[]).includes(status) ? (status as OrderStatus) : '',
    from: params.get('from') ?? '',
    to: params.get('to') ?? '',
  };
  const setFilters = (next: OrderFilterValues) => {
    const query = new URLSearchParams();
    for (const [k, v] of Object.entries(next)) if (v) query.set(k, v);
    setParams(query, { replace: true });
  };
  return [filters, setFilters] as const;
}

const inputOf = (f: OrderFilterValues) => ({
  limit: MY_ORDERS_PAGE_SIZE,
  ...(f.search ? { search: f.search } : {}),
  ...(f.status ? { status: f.status } : {}),
  ...(f.from ? { from: f.from } : {}),
  ...(f.to ? { to: f.to } : {}),
});

/**
 * Every order of the buyer, newest first, 20 at a time: "Show more orders" asks for the page after
 * the last one shown (a cursor, decision 0172), so a fifth year of weekly orders is reachable.
 */
export default function OrdersPage() {
  const [filters, setFilters] = useOrderFilters();
  const input = inputOf(filters);
  const key = JSON.stringify(input);
  // The cursors of the pages shown after the first, for these filters only.
  const [more, setMore] = useState<{ key: string; cursors: string[] }>({ key, cursors: [] });
  const cursors = more.key === key ? more.cursors : [];
  // Other filters start again from the newest page; coming back to these does too.
  useEffect(() => setMore((m) => (m.key === key ? m : { key, cursors: [] })), [key]);
  const [nextOf, setNextOf] = useState<Record<string, string | null>>({});
  const invalid = Boolean(rangeError(filters));
  const first = trpc.orders.page.useQuery(input, { enabled: !invalid });
  if (first.error) console.warn('Failed to load orders', first.error); // list failures are only logged (docs/spec/storefront.md section 8)

  const lastCursor = cursors.at(-1);
  const next = lastCursor === undefined ? first.data?.next_cursor : nextOf[`${key}|${lastCursor}`];
  const loadingMore = lastCursor !== undefined && !(`${key}|${lastCursor}` in nextOf);
  const orders = first.data?.items ?? [];

  return (
    <div className="mx-auto max-w-4xl px-4 py-8 sm:px-6">
      <Seo title="My Orders" description="Your orders and their status." path="/orders" noindex />
      <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">My Orders</h1>
      <OrderFilters value={filters} onChange={setFilters} />
      {invalid ? null : first.isLoading ? (
        <Spinner label="Loading your orders..." />
      ) : first.isError ? (
        <ErrorState className="mt-8" title="We couldn't load your orders" onRetry={() => first.refetch()} />
      ) : orders.length === 0 ? (
        hasFilters(filters) ? (
          <div className="mt-10 text-center" role="status">
            <PackageIcon className="mx-auto h-12 w-12 text-slate-300" />
            <p className="mt-3 text-slate-600">No orders match these filters.</p>
            <Button variant="outline" className="mt-4" onClick={() => setFilters(NO_FILTERS)}>Clear filters</Button>
          </div>
        ) : (
          <div className="mt-10 text-center">
            <PackageIcon className="mx-auto h-12 w-12 text-slate-300" />
            <p className="mt-3 text-slate-600">You have no orders yet.</p>
            <ButtonLink to="/products" className="mt-4">Browse Products</ButtonLink>
          </div>
        )
      ) : (
        <>
          <ul className="mt-6 space-y-4" aria-label="Orders">
            {orders.map((o) => <OrderCard key={o.id} order={o} />)}
            {cursors.map((c) => (
              <MoreOrders key={c} input={{ ...input, cursor: c }} onLoaded={(n) => setNextOf((m) => ({ ...m, [`${key}|${c}`]: n }))} />
            ))}
          </ul>
          {(next || loadingMore) && (
            <div className="mt-6 text-center">
              <Button variant="outline" aria-busy={loadingMore} onClick={() => !loadingMore && next && setMore({ key, cursors: [...cursors, next] })}>
                {loadingMore ? 'Loading...' : 'Show more orders'}
              </Button>
            </div>
          )}
          {!next && !loadingMore && (cursors.length > 0 || hasFilters(filters)) && (
            <p className="mt-6 text-center text-sm text-slate-500" data-testid="orders-end">{hasFilters(filters) ? 'That is every order matching these filters.' : 'That is every order you have placed.'}</p>
          )}
        </>
      )}
    </div>
  );
}

/** A page after the first; its first order takes the focus when it arrives, so a keyboard user reads on from there. */
function MoreOrders({ input, onLoaded }: { input: ReturnType<typeof inputOf> & { cursor: string }; onLoaded(next: string | null): void }) {
  const page = trpc.orders.page.useQuery(input);
  const firstLink = useRef<HTMLAnchorElement>(null);
  const next = page.data?.next_cursor;
  useEffect(() => {
    if (next === undefined) return;
    onLoaded(next);
    firstLink.current?.focus();
    // Reported once per page.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [next]);
  if (page.isLoading) return <li className="list-none"><Spinner label="Loading more orders..." /></li>;
  if (page.isError) return <li className="list-none"><ErrorState title="We couldn't load more orders" onRetry={() => page.refetch()} /></li>;
  return <>{page.data?.items.map((o, i) => <OrderCard key={o.id} order={o} linkRef={i === 0 ? firstLink : undefined} />)}</>;
}
