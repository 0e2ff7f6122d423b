import { ArrowLeft } from 'lucide-react';
import { lazy, Suspense, useEffect } from 'react';
import { Link, useParams } from '../../lib/router';
import { Seo } from '../../components/Seo';
import { ErrorState } from '../../components/ui/ErrorState';
import { Spinner } from '../../components/ui/Spinner';
import { httpStatusOf, trpc } from '../../lib/trpc';

// The order once it has arrived is its own chunk (decision 0156): the page's first load is the shell.
const loadOrderView = () => import('./OrderView');
const OrderView = lazy(loadOrderView);

export default function OrderDetailPage() {
  const { id = '' } = useParams();
  const query = trpc.orders.get.useQuery({ id }, { retry: false });
  const history = trpc.orders.history.useQuery({ id }, { retry: false, enabled: Boolean(query.data) });
  const order = query.data;
  // Asked again when the status changes: a cancelled or paid order shows no payment request.
  const options = trpc.payments.options.useQuery(undefined, { staleTime: 60_000 });
  const online = options.data?.online === true;
  const payment = trpc.payments.order.useQuery({ id }, { retry: false, enabled: order?.status === 'pending' && options.isSuccess && !online });
  // Fetched beside the order (on the page's first render, as the query starts), not after it.
  useEffect(() => {
    void loadOrderView();
  }, []);
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
        <Suspense fallback={<Spinner label="Loading the order..." />}>
          <OrderView order={order} history={history} payment={online ? undefined : payment.data} online={online} />
        </Suspense>
      )}
    </div>
  );
}
