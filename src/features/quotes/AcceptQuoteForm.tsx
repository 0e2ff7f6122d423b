import { MapPin } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { newIdempotencyKey } from '../../../shared/domain/idempotency-key';
import { Button } from '../../components/ui/Button';
import { Spinner } from '../../components/ui/Spinner';
import { useNavigate } from '../../lib/router';
import { toast } from '../../lib/toast';
import { errorDetail, httpStatusOf, trpc } from '../../lib/trpc';
import { AddressForm, addressValuesOf, emptyAddress, missingField, type AddressValues } from '../account/AddressForm';
import { useAuth } from '../auth/AuthProvider';
import { money } from '../cart/money';
import { PaymentChoice, usePaymentChoice } from '../checkout/PaymentChoice';

/**
 * The checkout's address and payment step for a quote: the order is placed at the quoted prices, once;
 * by the buyer who asked, or by their company's admin (decision 0202).
 */
export function AcceptQuoteForm({ quoteId, total, onCancel }: { quoteId: string; total: number; onCancel(): void }) {
  const { user } = useAuth();
  // The last order's address (as the saved address it was), else the default (decision 0180).
  const last = trpc.users.deliveryAddress.useQuery();
  const [form, setForm] = useState<AddressValues | null>(null);
  const [addressId, setAddressId] = useState<string | null>(null);
  const accept = trpc.quotes.accept.useMutation();
  // Pay now, or on the company's account with a PO number (decision 0194), as at checkout.
  const payment = usePaymentChoice(Boolean(user?.company_role), total);
  const utils = trpc.useUtils();
  const navigate = useNavigate();
  // One key per attempt; kept when the network failed, so a retry cannot make a second order.
  const attemptKey = useRef(newIdempotencyKey());

  useEffect(() => {
    if (!last.data || form) return;
    const { address, address_id } = last.data;
    setForm(address ? addressValuesOf(address) : emptyAddress('SG', { fullName: user?.displayName ?? '', phone: user?.phone ?? '' }));
    setAddressId(address_id);
  }, [last.data, form, user]);

  async function place() {
    if (!form) return;
    const missing = missingField(form, true);
    if (missing) {
      toast.error(missing);
      return;
    }
    try {
      const order = await accept.mutateAsync({
        id: quoteId,
        shipping_address: { ...form, addressLine2: form.addressLine2 || null, unit: form.unit || null },
        address_id: addressId,
        ...payment.fields,
        idempotency_key: attemptKey.current,
      });
      toast.success('Order placed at the quoted prices!');
      void utils.quotes.invalidate();
      void utils.orders.invalidate();
      navigate(`/order-success/${order.id}`, { replace: true });
    } catch (err) {
      if (httpStatusOf(err) !== undefined) attemptKey.current = newIdempotencyKey();
      const detail = errorDetail(err);
      if (!payment.showPoProblem(detail)) toast.error(detail ?? 'Failed to place the order');
      void utils.quotes.get.invalidate({ id: quoteId });
    }
  }

  return (
    <form
      className="mt-6 rounded-xl border border-emerald-200 bg-white p-4 shadow-sm sm:p-5"
      aria-labelledby="accept-title"
      onSubmit={(e) => {
        e.preventDefault();
        void place();
      }}
    >
      <h2 id="accept-title" className="flex items-center gap-2 text-lg font-semibold text-slate-900">
        <MapPin className="h-5 w-5 text-emerald-600" aria-hidden /> Deliver to
      </h2>
      {!form ? (
        <Spinner label="Loading your addresses..." />
      ) : (
        <div className="mt-4">
          <AddressForm value={form} onChange={(v) => { setForm(v); setAddressId(null); }} />
        </div>
      )}
      <PaymentChoice {...payment.props}>
        <p className="mt-4 text-sm text-slate-600">The order is placed as pending at the quoted prices; we send payment instructions with the confirmation.</p>
      </PaymentChoice>
      <div className="mt-4 flex flex-wrap gap-2">
        <Button type="submit" size="lg" disabled={!form || accept.isPending}>{accept.isPending ? 'Placing order...' : `Place order (${money(total)})`}</Button>
        <Button variant="ghost" onClick={onCancel}>Cancel</Button>
      </div>
    </form>
  );
}
