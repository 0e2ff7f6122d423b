import { lazy, Suspense, useEffect } from 'react';
import { useParams } from '../../lib/router';
import { Seo } from '../../components/Seo';
import { ButtonLink } from '../../components/ui/Button';
import { Spinner } from '../../components/ui/Spinner';
import { hasPaymentInstructions } from '../../features/orders/has-payment-instructions';
import { trpc } from '../../lib/trpc';
import { CONFIRM_EVERY_MS, useConfirmWindow } from '../../features/orders/OnlinePayment';

// The confirmation once the order has arrived is its own chunk (decision 0156): the page's first
// load is the shell.
const loadOrderSuccessView = () => import('./OrderSuccessView');
const OrderSuccessView = lazy(loadOrderSuccessView);

export default function OrderSuccessPage() {
  const { orderId = '' } = useParams();
  const options = trpc.payments.options.useQuery(undefined, { staleTime: 60_000 });
  const online = options.data?.online === true;
  const confirmWindow = useConfirmWindow();
  // Back from the payment page: asked again every 2 s for a short while, until the webhook has said paid.
  const query = trpc.orders.get.useQuery(
    { id: orderId },
    { retry: false, refetchInterval: (q) => (online && confirmWindow && q.state.data?.payment_state === 'awaiting_payment' ? CONFIRM_EVERY_MS : false) },
  );
  // How to pay is for an order waiting for its money; an order on invoice is paid against its invoice.
  const payment = trpc.payments.order.useQuery({ id: orderId }, { retry: false, enabled: query.data?.status === 'pending' && options.isSuccess && !online });
  // Fetched beside the order (on the page's first render, as the query starts), not after it.
  useEffect(() => {
    void loadOrderSuccessView();
  }, []);
  const pay = hasPaymentInstructions(payment.data) ? payment.data : null;
  const seo = <Seo title="Order Confirmed" description="Thank you for your order." path={`/order-success/${orderId}`} noindex />;
  if (query.isLoading) return (<>{seo}<Spinner label="Loading your order..." /></>);
  const order = query.data;
  if (!order) {
    return (
      <div className="mx-auto max-w-xl px-4 py-20 text-center">
        {seo}
        <h1 className="text-2xl font-bold text-slate-900">Order not found</h1>
        <ButtonLink to="/orders" className="mt-6">My Orders</ButtonLink>
      </div>
    );
  }
  return (
    <>
      {seo}
      <Suspense fallback={<Spinner label="Loading your order..." />}>
        <OrderSuccessView order={order} pay={online ? null : pay} paymentLoading={options.isLoading || (!online && order.status === 'pending' && payment.isLoading)} online={online} confirming={online && confirmWindow} />
      </Suspense>
    </>
  );
}
