import { Printer } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import type { OrderDto } from '../../../shared/schemas/order.schema';
import type { OrderHistoryEntry } from '../../../shared/schemas/order-history.schema';
import type { OrderPayment } from '../../../shared/schemas/payment.schema';
import { toast } from '../../lib/toast';
import { Button } from '../../components/ui/Button';
import { Spinner } from '../../components/ui/Spinner';
import { CreditNotesList } from '../../features/orders/CreditNotesList';
import { OnlinePayment } from '../../features/orders/OnlinePayment';
import { InvoiceTerms } from '../../features/orders/InvoiceTerms';
import { OrderDetails } from '../../features/orders/OrderDetails';
import { hasPaymentInstructions } from '../../features/orders/has-payment-instructions';
import { OrderTimeline } from '../../features/orders/OrderTimeline';
import { OrderHeading } from '../../features/orders/OrderHeading';
import { formatOrderDate } from '../../features/orders/StatusBadge';
import { OrderAgain } from '../../features/repeat/OrderAgain';
import { SaveAsList } from '../../features/lists/SaveAsList';
import { downloadFile } from '../../lib/download';
import { errorDetail, trpc } from '../../lib/trpc';

// Only a pending order with a way to pay shows them: loaded then, not with the page (decision 0147).
const PaymentInstructions = lazy(() => import('../../features/orders/PaymentInstructions').then((m) => ({ default: m.PaymentInstructions })));

/**
 * One order once it has arrived: status, invoice, order again, payment, items, history, cancel. A chunk
 * of its own (decision 0156), loaded beside the order itself, so that /orders/:id's first load is only
 * the page's shell (back link, spinner, error).
 */
export default function OrderView({ order, history, payment, online }: {
  order: OrderDto;
  online: boolean;
  history: { isLoading: boolean; data?: OrderHistoryEntry[] };
  payment: OrderPayment | undefined;
}) {
  return (
    <>
      <OrderHeading order={order} invoicePath={`/orders/${order.id}/invoice.pdf`}>
        {/* The printed page is the order alone: header, footer, chat and this button are hidden in print. */}
        <Button variant="outline" size="sm" className="print:hidden" onClick={() => window.print()}>
          <Printer className="h-4 w-4" aria-hidden /> Print
        </Button>
      </OrderHeading>
      <p className="mt-1 text-sm text-slate-500">Placed on {formatOrderDate(order.created_at)}</p>
      <div className="mt-4 flex flex-wrap items-start gap-2 print:hidden">
        <OrderAgain orderId={order.id} orderNumber={order.order_number} />
        <SaveAsList source={{ from_order_id: order.id }} />
      </div>
      {order.invoice ? (
        <div className="mt-6">
          <InvoiceTerms invoice={order.invoice} total={order.total} />
        </div>
      ) : (
        online && (
          <div className="mt-6">
            <OnlinePayment order={order} />
          </div>
        )
      )}
      {order.status === 'pending' && hasPaymentInstructions(payment) && (
        <div className="mt-6">
          <Suspense fallback={<Spinner />}>
            <PaymentInstructions payment={payment} />
          </Suspense>
        </div>
      )}
      <div className="mt-6">
        <OrderDetails order={order} />
      </div>
      <CreditNotesList order={order} />
      <section className="mt-6 rounded-xl border border-slate-200 bg-white p-5 shadow-sm" aria-labelledby="history-heading">
        <h2 id="history-heading" className="mb-4 text-lg font-semibold text-slate-900">Order history</h2>
        {history.isLoading ? <Spinner label="Loading the history..." /> : <OrderTimeline entries={history.data ?? []} />}
      </section>
      {order.status === 'pending' && <CancelOrder id={order.id} orderNumber={order.order_number} />}
    </>
  );
}

function CancelOrder({ id, orderNumber }: { id: string; orderNumber: string }) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const cancel = trpc.orders.cancel.useMutation();
  const utils = trpc.useUtils();

  async function onConfirm() {
    try {
      const updated = await cancel.mutateAsync({ id, reason: reason.trim() || undefined });
      utils.orders.get.setData({ id }, updated);
      await Promise.all([utils.orders.history.invalidate({ id }), utils.orders.page.invalidate()]);
      toast.success(`Order ${orderNumber} has been cancelled`);
      setOpen(false);
    } catch (err) {
      toast.error(errorDetail(err) ?? 'Could not cancel the order. Please try again.');
    }
  }

  return (
    <section className="mt-6 rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 className="text-lg font-semibold text-slate-900">Changed your mind?</h2>
      <p className="mt-1 text-sm text-slate-600">You can cancel this order until it is paid. Nothing has been charged.</p>
      {open ? (
        <div className="mt-3 space-y-3">
          <label className="block text-sm font-medium text-slate-700">
            Reason (optional)
            <textarea value={reason} onChange={(e) => setReason(e.target.value)} maxLength={500} rows={2} className="mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2 text-sm" />
          </label>
          <div className="flex flex-wrap gap-2">
            <Button variant="danger" onClick={onConfirm} disabled={cancel.isPending}>{cancel.isPending ? 'Cancelling...' : 'Yes, cancel this order'}</Button>
            <Button variant="outline" onClick={() => setOpen(false)} disabled={cancel.isPending}>Keep the order</Button>
          </div>
        </div>
      ) : (
        <Button variant="outline" className="mt-3" onClick={() => setOpen(true)}>Cancel order</Button>
      )}
    </section>
  );
}
