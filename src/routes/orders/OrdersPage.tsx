import { ChevronRight, Package } from 'lucide-react';
import { Link } from '../../lib/router';
import { ORDER_LIST_PREVIEW_ITEMS } from '../../../shared/constants';
import { Seo } from '../../components/Seo';
import { ButtonLink } from '../../components/ui/Button';
import { ErrorState } from '../../components/ui/ErrorState';
import { Spinner } from '../../components/ui/Spinner';
import { countOf, packSizeOf } from '../../../shared/domain/product-options';
import { money } from '../../features/cart/money';
import { formatOrderDate, StatusBadge } from '../../features/orders/StatusBadge';
import { OrderAgain } from '../../features/repeat/OrderAgain';
import { trpc } from '../../lib/trpc';

export default function OrdersPage() {
  const query = trpc.orders.list.useQuery();
  if (query.error) console.warn('Failed to load orders', query.error); // list failures are only logged (spec section 8)
  const orders = query.data ?? [];
  return (
    <div className="mx-auto max-w-4xl px-4 py-8 sm:px-6">
      <Seo title="My Orders" description="Your orders and their status." path="/orders" noindex />
      <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">My Orders</h1>
      {query.isLoading ? (
        <Spinner label="Loading your orders..." />
      ) : query.isError ? (
        <ErrorState className="mt-8" title="We couldn't load your orders" onRetry={() => query.refetch()} />
      ) : orders.length === 0 ? (
        <div className="mt-10 text-center">
          <Package className="mx-auto h-12 w-12 text-slate-300" aria-hidden />
          <p className="mt-3 text-slate-600">You have no orders yet.</p>
          <ButtonLink to="/products" className="mt-4">Browse Products</ButtonLink>
        </div>
      ) : (
        <ul className="mt-6 space-y-4">
          {orders.map((o) => {
            const more = o.items.length - ORDER_LIST_PREVIEW_ITEMS;
            return (
              <li key={o.id} className="rounded-xl border border-slate-200 bg-white shadow-sm transition hover:border-emerald-300">
                <Link to={`/orders/${o.id}`} className="block rounded-t-xl p-5 pb-3" data-testid="order-card">
                  <div className="flex flex-wrap items-center justify-between gap-2">
                    <div>
                      <p className="font-semibold text-slate-900">{o.order_number}</p>
                      <p className="text-xs text-slate-500">{formatOrderDate(o.created_at)}</p>
                    </div>
                    <div className="flex items-center gap-3">
                      <StatusBadge status={o.status} />
                      <span className="font-semibold text-slate-900">{money(o.total)}</span>
                      <ChevronRight className="h-4 w-4 text-slate-400" aria-hidden />
                    </div>
                  </div>
                  <ul className="mt-3 space-y-1 text-sm text-slate-600">
                    {o.items.slice(0, ORDER_LIST_PREVIEW_ITEMS).map((i, n) => (
                      <li key={n} className="flex justify-between gap-2">
                        <span className="truncate">{i.product_name} × {countOf(i.quantity, packSizeOf(i.attributes))}</span>
                        <span>{money(i.line_total)}</span>
                      </li>
                    ))}
                  </ul>
                  {more > 0 && <p className="mt-1 text-sm text-slate-500">+{more} more items</p>}
                </Link>
                <div className="border-t border-slate-100 px-5 py-3">
                  <OrderAgain orderId={o.id} orderNumber={o.order_number} size="sm" />
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
