import { CheckCircle2 } from 'lucide-react';
import { PROCESSING_DAYS, DELIVERY_DAYS } from '../../../shared/constants';
import type { OrderDto } from '../../../shared/schemas/order.schema';
import type { OrderPayment } from '../../../shared/schemas/payment.schema';
import { ButtonLink } from '../../components/ui/Button';
import { OrderDetails } from '../../features/orders/OrderDetails';
import { PaymentInstructions } from '../../features/orders/PaymentInstructions';
import { OnlinePayment } from '../../features/orders/OnlinePayment';
import { InvoiceTerms } from '../../features/orders/InvoiceTerms';

/**
 * The placed order's confirmation: number, how to pay, what happens next, items. A chunk of its own
 * (decision 0156), loaded beside the order itself, so that /order-success/:orderId's first load is
 * only the page's shell (spinner, not found).
 */
export default function OrderSuccessView({ order, pay, paymentLoading, online, confirming }: { order: OrderDto; pay: OrderPayment | null; paymentLoading: boolean; online: boolean; confirming: boolean }) {
  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 lg:px-8">
      <div className="rounded-xl border border-emerald-200 bg-emerald-50 p-6 text-center">
        <CheckCircle2 className="mx-auto h-12 w-12 text-emerald-600" aria-hidden />
        <h1 className="mt-3 text-2xl font-bold text-slate-900">Thank you for your order!</h1>
        <p className="mt-1 text-slate-700">
          Order number <strong data-testid="order-number">{order.order_number}</strong>
        </p>
        {order.invoice ? (
          <p className="mt-1 text-sm text-slate-600">Status: processing — on your company&apos;s account.</p>
        ) : paymentLoading || online ? null : pay ? (
          <p className="mt-1 text-sm text-slate-600">Status: pending — please pay {pay.paynow ? 'by PayNow' : 'by bank transfer'} as shown below.</p>
        ) : (
          <p className="mt-1 text-sm text-slate-600">Status: pending — payment is coming soon; we will be in touch.</p>
        )}
      </div>
      {order.invoice && (
        <div className="mt-6">
          <InvoiceTerms invoice={order.invoice} total={order.total} />
        </div>
      )}
      {online && !order.invoice && (
        <div className="mt-6">
          <OnlinePayment order={order} confirming={confirming} />
        </div>
      )}
      {pay && !order.invoice && (
        <div className="mt-6">
          <PaymentInstructions payment={pay} />
        </div>
      )}
      <section className="mt-6 rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
        <h2 className="text-base font-semibold text-slate-900">What happens next</h2>
        <ol className="mt-3 grid gap-3 text-sm text-slate-700 sm:grid-cols-3">
          <li className="rounded-lg bg-slate-50 p-3"><strong className="block text-slate-900">1. Processing</strong>We pack your order within {PROCESSING_DAYS.min}-{PROCESSING_DAYS.max} working days.</li>
          <li className="rounded-lg bg-slate-50 p-3"><strong className="block text-slate-900">2. Shipping</strong>Delivery takes {DELIVERY_DAYS.min}-{DELIVERY_DAYS.max} working days; we add the tracking number to your order.</li>
          <li className="rounded-lg bg-slate-50 p-3"><strong className="block text-slate-900">3. Delivered</strong>Your packaging arrives. Questions? Contact us any time.</li>
        </ol>
      </section>
      <div className="mt-6">
        <OrderDetails order={order} />
      </div>
      <div className="mt-6 flex flex-col gap-2 sm:flex-row">
        <ButtonLink to="/orders" variant="outline">View My Orders</ButtonLink>
        <ButtonLink to="/products">Continue Shopping</ButtonLink>
      </div>
    </div>
  );
}
