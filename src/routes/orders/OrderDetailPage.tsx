import { ArrowLeft, Printer } from 'lucide-react';
import { Link, useParams } from 'react-router-dom';
import { Seo } from '../../components/Seo';
import { Button } from '../../components/ui/Button';
import { ErrorState } from '../../components/ui/ErrorState';
import { Spinner } from '../../components/ui/Spinner';
import { OrderDetails } from '../../features/orders/OrderDetails';
import { formatOrderDate, StatusBadge } from '../../features/orders/StatusBadge';
import { httpStatusOf, trpc } from '../../lib/trpc';

export default function OrderDetailPage() {
  const { id = '' } = useParams();
  const query = trpc.orders.get.useQuery({ id }, { retry: false });
  const order = query.data;
  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 lg:px-8">
      <Seo title={order ? `Order ${order.order_number}` : 'Order'} description="Order details and status." path={`/orders/${id}`} noindex />
      <Link to="/orders" className="inline-flex items-center gap-1 text-sm font-medium text-emerald-700 hover:text-emerald-800 print:hidden">
        <ArrowLeft className="h-4 w-4" aria-hidden /> Back to My Orders
      </Link>
      {query.isLoading ? (
        <Spinner label="Loading the order..." />
      ) : query.isError && httpStatusOf(query.error) !== 404 && httpStatusOf(query.error) !== 400 ? (
        <ErrorState className="mt-8" title="We couldn't load this order" onRetry={() => query.refetch()} />
      ) : !order ? (
        <p className="mt-10 text-center text-lg font-semibold text-slate-900">Order not found</p>
      ) : (
        <>
          <div className="mt-4 flex flex-wrap items-center gap-3">
            <h1 className="text-2xl font-bold text-slate-900">Order {order.order_number}</h1>
            <StatusBadge status={order.status} />
            {/* The printed page is the order alone: header, footer, chat and this button are hidden in print. */}
            <Button variant="outline" size="sm" className="ml-auto print:hidden" onClick={() => window.print()}>
              <Printer className="h-4 w-4" aria-hidden /> Print
            </Button>
          </div>
          <p className="mt-1 text-sm text-slate-500">Placed on {formatOrderDate(order.created_at)}</p>
          <div className="mt-6">
            <OrderDetails order={order} />
          </div>
        </>
      )}
    </div>
  );
}
