import { trpc } from '../../lib/trpc';
import { CheckoutPaymentNote } from '../orders/PaymentInstructions';

/** How an order paid up front is paid: Stripe's page, PayNow or a bank transfer, or the specification's coming-soon note. */
export function PayNowNote() {
  const payOptions = trpc.payments.options.useQuery(undefined, { staleTime: 60_000 });
  const canPay = Boolean(payOptions.data?.paynow || payOptions.data?.bank_transfer);
  return (
    <>
      {/* Without PayNow or bank details in the settings, the specification's note stays as written. */}
      {payOptions.isLoading ? null : payOptions.data?.online ? (
        <p className="mt-2 text-sm text-slate-600" data-testid="online-payment-note">
          After <strong>Place Order</strong> you go to our secure payment page (Stripe) to pay by card, PayNow, GrabPay or the other methods offered there.
          We never see your card details. Your order is kept for you while you pay, and you come back here when it is done.
        </p>
      ) : canPay ? (
        <CheckoutPaymentNote options={payOptions.data!} />
      ) : (
        <p className="mt-2 text-sm text-slate-600">
          Online card payment is coming soon. Place your order now and it will be confirmed as <strong>pending</strong>; we will contact you about payment before it ships.
        </p>
      )}
    </>
  );
}
