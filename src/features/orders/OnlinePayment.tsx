import { useEffect, useState } from 'react';
import type { OrderDto } from '../../../shared/schemas/order.schema';
import { Button } from '../../components/ui/Button';
import { toast } from '../../lib/toast';
import { errorDetail, trpc } from '../../lib/trpc';

// What a shopper is told about paying an order online (Stripe Checkout, decision 0165), on the
// confirmation page and the order page. The server decides the state (payment_state); this only
// says what it means and what to do next. Shown only when the shop takes payments online.

/** How long the confirmation page keeps asking after the shopper comes back from the payment page. */
const CONFIRM_FOR_MS = 30_000;
export const CONFIRM_EVERY_MS = 2_000;

/**
 * True for a short while after the page opens: the webhook that marks the order paid may arrive a
 * moment after the browser comes back from Stripe, so the confirmation page keeps asking meanwhile.
 */
export function useConfirmWindow(): boolean {
  const [open, setOpen] = useState(true);
  useEffect(() => {
    const t = setTimeout(() => setOpen(false), CONFIRM_FOR_MS);
    return () => clearTimeout(t);
  }, []);
  return open;
}

function PayButton({ order, label }: { order: OrderDto; label: string }) {
  const pay = trpc.payments.pay.useMutation();
  const go = async () => {
    try {
      const { payment_url } = await pay.mutateAsync({ id: order.id });
      window.location.assign(payment_url);
    } catch (err) {
      toast.error(errorDetail(err) ?? 'The payment page could not be opened. Please try again.');
    }
  };
  return (
    <Button className="mt-3" onClick={() => void go()} disabled={pay.isPending}>
      {pay.isPending ? 'Opening the payment page...' : label}
    </Button>
  );
}

const TONE = {
  ok: 'border-emerald-200 bg-emerald-50',
  wait: 'border-sky-200 bg-sky-50',
  bad: 'border-amber-300 bg-amber-50',
};

/** The payment panel: paid, being confirmed, failed, expired or waiting, each with its next step. */
export function OnlinePayment({ order, confirming }: { order: OrderDto; confirming?: boolean }) {
  let tone: keyof typeof TONE;
  let title: string;
  let body: string;
  let action: string | null = null;
  switch (order.payment_state) {
    case 'paid':
    case 'partially_refunded':
    case 'refunded':
      tone = 'ok';
      title = 'Payment received';
      body = 'Thank you: your payment has arrived. We will pack your order and e-mail you when it ships.';
      break;
    case 'payment_failed':
      tone = 'bad';
      title = 'Your payment did not go through';
      body = 'Nothing was charged. Your order is kept for you: try again, with the same or another payment method.';
      action = 'Try again';
      break;
    case 'payment_expired':
      tone = 'bad';
      title = 'The payment page expired';
      body = 'Your order is kept for you. Open a new payment page to pay it.';
      action = 'Pay now';
      break;
    case 'awaiting_payment':
      if (confirming) {
        tone = 'wait';
        title = 'We are confirming your payment...';
        body = 'This usually takes a few seconds. You can stay on this page; it updates by itself.';
      } else {
        tone = 'wait';
        title = 'Waiting for your payment';
        body = 'If you have just paid, it will show here in a moment. Otherwise pay now on our secure payment page (card, PayNow or the methods your bank offers).';
        action = 'Pay now';
      }
      break;
    default:
      return null;
  }
  return (
    <section className={`rounded-xl border p-5 ${TONE[tone]}`} aria-labelledby="online-payment-heading" data-testid="online-payment" data-state={order.payment_state}>
      {/* A live region: "confirming" turning into "received" is read out without moving focus. */}
      <div role="status" aria-live="polite">
        <h2 id="online-payment-heading" className="text-base font-semibold text-slate-900">{title}</h2>
        <p className="mt-1 text-sm text-slate-700">{body}</p>
      </div>
      {action && <PayButton order={order} label={action} />}
    </section>
  );
}
