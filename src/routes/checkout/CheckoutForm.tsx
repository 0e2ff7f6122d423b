import { CreditCard, Gift, MapPin, Plus } from 'lucide-react';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { toast } from '../../lib/toast';
import { useNavigate } from '../../lib/router';
import { Seo } from '../../components/Seo';
import { Button } from '../../components/ui/Button';
import { AddressForm, addressValuesOf, emptyAddress, type AddressValues } from '../../features/account/AddressForm';
import { useAddressErrors } from '../../features/account/useAddressErrors';
import { useAuth } from '../../features/auth/AuthProvider';
import { useCart } from '../../features/cart/CartProvider';
import { GiftPicker } from '../../features/cart/GiftPicker';
import { GiftReminder } from '../../features/cart/GiftReminder';
import { newIdempotencyKey } from '../../../shared/domain/idempotency-key';
import { countOf, sizeLabel } from '../../../shared/domain/product-options';
import { money } from '../../features/cart/money';
import { OrderSummary } from '../../features/cart/OrderSummary';
import { AddressPrompt } from '../../features/checkout/AddressPrompt';
import { CompanyAddressPicker, companyChoice } from '../../features/companies/CompanyAddressPicker';
import { PayNowNote } from '../../features/checkout/PayNowNote';
import { PaymentChoice, usePaymentChoice } from '../../features/checkout/PaymentChoice';
import { errorDetail, httpStatusOf, trpc } from '../../lib/trpc';

// Opened by "Add new address" only: loaded then, off the page's first load (decision 0147).
const AddressDialog = lazy(() => import('../../features/account/AddressDialog').then((m) => ({ default: m.AddressDialog })));

/**
 * The checkout once the cart has arrived: address, gifts, payment, summary and "Place Order". A chunk
 * of its own (decision 0156), loaded beside the cart, the addresses and the payment options
 * (CheckoutPage), so that /checkout's first load is only the page's shell.
 */
export default function CheckoutForm({ onPlaced }: { onPlaced(): void }) {
  const { user } = useAuth();
  const { cart, refresh } = useCart();
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const addresses = trpc.users.addresses.useQuery();
  // The company's address book (decision 0195), shared with CompanyAddressPicker's query.
  const member = Boolean(user?.company_role);
  const companyAddresses = trpc.company.addresses.useQuery(undefined, { enabled: member, staleTime: 60_000 });
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [form, setForm] = useState<AddressValues>(() => emptyAddress());
  // Checkout requires city and state too (docs/spec/storefront.md section 5); errors show under the fields.
  const fieldErrors = useAddressErrors({ cityAndState: true });
  const [saveToProfile, setSaveToProfile] = useState(false);
  const [prompt, setPrompt] = useState(false);
  const [dialog, setDialog] = useState(false);
  const [placing, setPlacing] = useState(false);
  // One key per attempt; kept when the network failed (the retry must not make a second order).
  const attemptKey = useRef(newIdempotencyKey());
  const addAddress = trpc.users.addAddress.useMutation();
  const place = trpc.orders.place.useMutation();
  const priced = trpc.cart.get.useQuery({ country: form.country }, { enabled: Boolean(cart?.items.length) });
  const figures = priced.data ?? cart;
  // Pay now, or on the company's account with a PO number (decision 0194).
  const payment = usePaymentChoice(member, figures?.total ?? null);
  // The summary is priced for the shipping country; follow every change of the cart (gifts, lines).
  const reprice = useRef(priced.refetch);
  reprice.current = priced.refetch;
  useEffect(() => {
    if (cart?.items.length) void reprice.current();
  }, [cart]);
  const list = addresses.data ?? [];

  // The default address is preselected; without saved addresses the form starts with the profile.
  useEffect(() => {
    if (!addresses.data || selectedId !== null || (member && companyAddresses.isPending)) return;
    const def = addresses.data.find((a) => a.isDefault) ?? addresses.data[0];
    const shared = companyAddresses.data?.[0];
    if (!def && shared) {
      setSelectedId(companyChoice(shared.id));
      setForm(addressValuesOf(shared));
    } else if (def) {
      setSelectedId(def.id);
      setForm(addressValuesOf(def));
    } else {
      setSelectedId('new');
      setForm(emptyAddress('SG', { fullName: user?.displayName ?? '', phone: user?.phone ?? '' }));
      setSaveToProfile(true);
    }
  }, [addresses.data, companyAddresses.data, companyAddresses.isPending, member, selectedId, user]);

  // A signed-in shopper with no saved address is offered to add one after 1 s.
  useEffect(() => {
    if (!addresses.data || addresses.data.length > 0 || companyAddresses.data?.length) return;
    const timer = setTimeout(() => setPrompt(true), 1000);
    return () => clearTimeout(timer);
  }, [addresses.data, companyAddresses.data]);

  const choose = (id: string) => {
    const a = list.find((x) => x.id === id);
    if (!a) return;
    setSelectedId(id);
    setForm(addressValuesOf(a));
    fieldErrors.reset();
    setSaveToProfile(false);
  };
  const useNew = () => {
    fieldErrors.reset();
    setSelectedId('new');
    setForm(emptyAddress(form.country, { fullName: user?.displayName ?? '', phone: user?.phone ?? '' }));
    setSaveToProfile(true);
  };

  const placeOrder = async () => {
    if (!cart || cart.items.length === 0) {
      toast.error('Your cart is empty');
      return;
    }
    if (!fieldErrors.check(form)) return;
    setPlacing(true);
    const shipping_address = { ...form, addressLine2: form.addressLine2 || null, unit: form.unit || null };
    // A company address is the company's, not one of the buyer's saved ones: no address_id.
    let addressId = selectedId && selectedId !== 'new' && !selectedId.startsWith('company:') ? selectedId : null;
    if (!addressId && saveToProfile && list.length < 5) {
      try {
        const saved = await addAddress.mutateAsync({ ...shipping_address, isDefault: list.length === 0 });
        addressId = saved.id;
        setSelectedId(saved.id);
        toast.success('Address saved to your profile');
        void utils.users.addresses.invalidate();
        void utils.users.defaultAddress.invalidate();
      } catch (err) {
        console.warn('Saving the address to the profile failed', err); // the order proceeds (docs/spec/storefront.md section 8)
      }
    }
    try {
      const order = await place.mutateAsync({
        shipping_address,
        address_id: addressId,
        ...payment.fields,
        coupon_code: cart.applied_coupon?.code ?? null,
        selected_gifts: cart.selected_gifts.map((g) => g.gift_id),
        idempotency_key: attemptKey.current,
      });
      onPlaced();
      toast.success('Order placed successfully!');
      // With online payment on, straight to Stripe's hosted page; without a page (Stripe could not be
      // reached) the confirmation offers Pay now.
      if (order.payment_url) {
        window.location.assign(order.payment_url);
        return;
      }
      navigate(`/order-success/${order.id}`, { replace: true });
      void refresh();
    } catch (err) {
      if (httpStatusOf(err) !== undefined) attemptKey.current = newIdempotencyKey();
      const detail = errorDetail(err);
      // The PO number's problem is shown under its field, with focus moved there.
      if (!payment.showPoProblem(detail)) toast.error(detail ?? 'Failed to place order');
      void refresh();
    } finally {
      setPlacing(false);
    }
  };

  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 lg:px-8">
      <Seo title="Checkout" description="Enter your shipping address and place your order." path="/checkout" noindex />
      <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">Checkout</h1>
      <div className="mt-6 grid grid-cols-1 gap-8 lg:grid-cols-3">
        <div className="min-w-0 space-y-6 lg:col-span-2">
          <section className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm" aria-labelledby="shipping-title">
            <h2 id="shipping-title" className="flex items-center gap-2 text-lg font-semibold text-slate-900">
              <MapPin className="h-5 w-5 text-emerald-600" aria-hidden /> Shipping Address
            </h2>
            {list.length > 0 && (
              <div className="mt-4 space-y-2" role="radiogroup" aria-label="Saved addresses">
                {list.map((a) => (
                  <label key={a.id} className={`flex cursor-pointer gap-3 rounded-lg border p-3 text-sm ${selectedId === a.id ? 'border-emerald-500 bg-emerald-50' : 'border-slate-200 hover:border-slate-300'}`}>
                    <input type="radio" name="saved-address" className="mt-1 accent-emerald-600" checked={selectedId === a.id} onChange={() => choose(a.id)} />
                    <span>
                      <span className="font-medium text-slate-900">{a.fullName}</span>
                      {a.isDefault && <span className="ml-2 rounded-full bg-emerald-100 px-2 py-0.5 text-xs text-emerald-800">Default</span>}
                      <span className="block text-slate-600">
                        {[a.addressLine1, a.addressLine2, a.unit].filter(Boolean).join(', ')}, {a.city} {a.postalCode}, {a.country}
                      </span>
                    </span>
                  </label>
                ))}
                <button type="button" onClick={useNew} className={`flex w-full items-center gap-2 rounded-lg border border-dashed p-3 text-sm font-medium ${selectedId === 'new' ? 'border-emerald-500 text-emerald-700' : 'border-slate-300 text-slate-700 hover:border-slate-400'}`}>
                  <Plus className="h-4 w-4" aria-hidden /> Use a new address
                </button>
              </div>
            )}
            <CompanyAddressPicker
              member={member}
              selectedId={selectedId}
              onChoose={(a) => {
                setSelectedId(companyChoice(a.id));
                setForm(addressValuesOf(a));
                fieldErrors.reset();
                setSaveToProfile(false);
              }}
            />
            <div className="mt-5">
              <AddressForm
                value={form}
                errors={fieldErrors.errors}
                attempt={fieldErrors.attempt}
                onChange={(v) => {
                  fieldErrors.edited(form, v);
                  setForm(v);
                  if (selectedId !== 'new') setSelectedId('new');
                }}
              />
            </div>
            {selectedId === 'new' && (
              <label className="mt-4 flex items-center gap-2 text-sm text-slate-700">
                <input type="checkbox" className="h-4 w-4 accent-emerald-600" checked={saveToProfile} disabled={list.length >= 5} onChange={(e) => setSaveToProfile(e.target.checked)} />
                Save this address to my profile{list.length >= 5 ? ' (you already have 5 saved addresses)' : ''}
              </label>
            )}
          </section>
          <GiftPicker />
          <section className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm" aria-labelledby="payment-title">
            <h2 id="payment-title" className="flex items-center gap-2 text-lg font-semibold text-slate-900">
              <CreditCard className="h-5 w-5 text-emerald-600" aria-hidden /> Payment
            </h2>
            <PaymentChoice {...payment.props}>
              <PayNowNote />
            </PaymentChoice>
          </section>
        </div>
        <div className="min-w-0">
          {figures && (
            <OrderSummary figures={{ ...figures, coupon_code: figures.applied_coupon?.code ?? null }}>
              <ul className="mt-4 space-y-1 border-t border-slate-200 pt-3 text-sm text-slate-600">
                {figures.items.map((i) => (
                  <li key={i.id} className="flex justify-between gap-2">
                    <span className="truncate">
                      {i.product_name} {sizeLabel(i.attributes.size)} × {countOf(i.quantity, i.attributes.pack_size)}
                    </span>
                    <span>{money(i.line_total)}</span>
                  </li>
                ))}
                {figures.selected_gifts.map((g) => (
                  <li key={g.gift_id} className="flex justify-between gap-2 text-emerald-700">
                    <span className="flex min-w-0 items-center gap-1">
                      <Gift className="h-3.5 w-3.5 flex-none" aria-hidden />
                      <span className="truncate">{g.name}</span>
                    </span>
                    <span>Free</span>
                  </li>
                ))}
              </ul>
              <p className="mt-3 text-xs text-slate-500">Shipping to {form.country === 'SG' ? 'Singapore' : 'Malaysia'} · delivery in {figures.delivery_estimate}</p>
              <GiftReminder />
              <Button size="lg" className="mt-4 w-full" onClick={() => void placeOrder()} disabled={placing}>
                {placing ? 'Placing Order...' : 'Place Order'}
              </Button>
            </OrderSummary>
          )}
        </div>
      </div>
      {prompt && (
        <AddressPrompt
          onAdd={() => {
            setPrompt(false);
            setDialog(true);
          }}
          onSkip={() => {
            setPrompt(false);
            setSaveToProfile(false);
          }}
        />
      )}
      {dialog && (
        <Suspense fallback={null}>
          <AddressDialog
            address={null}
            prefill={{ fullName: user?.displayName ?? '', phone: user?.phone ?? '' }}
            onClose={() => {
              setDialog(false);
              setSelectedId(null); // re-run the preselection with the new default
            }}
          />
        </Suspense>
      )}
    </div>
  );
}
