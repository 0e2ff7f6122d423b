import { ArrowLeft, ListPlus, ShoppingBag, Truck } from 'lucide-react';
import { Seo } from '../../components/Seo';
import { cartPageMeta } from '../../../shared/seo/page-meta';
import { Button, ButtonLink } from '../../components/ui/Button';
import { ErrorState } from '../../components/ui/ErrorState';
import { Spinner } from '../../components/ui/Spinner';
import { CartLine } from '../../features/cart/CartLine';
import { useCart } from '../../features/cart/CartProvider';
import { GiftPicker, NearbyTierHint } from '../../features/cart/GiftPicker';
import { OrderSummary } from '../../features/cart/OrderSummary';
import { PromoBox } from '../../features/cart/PromoBox';
import { useAuth } from '../../features/auth/AuthProvider';
import { SaveAsList } from '../../features/lists/SaveAsList';
import { RequestQuote } from '../../features/quotes/RequestQuote';

/** The empty cart, with its way back to the products (`className`: the server-rendered page's hint). */
function EmptyCart({ className }: { className?: string }) {
  return (
    <div className={`mx-auto max-w-xl px-4 py-20 text-center${className ? ` ${className}` : ''}`}>
      <ShoppingBag className="mx-auto h-14 w-14 text-slate-300" aria-hidden />
      <h1 className="mt-4 text-2xl font-bold text-slate-900">Your cart is empty</h1>
      <p className="mt-2 text-slate-600">Polymailers, bubble wrap and more are waiting for you.</p>
      <ButtonLink to="/products" className="mt-6" size="lg">
        Browse Products
      </ButtonLink>
      <p className="mt-4 text-sm text-slate-600">
        Know your SKUs? <ButtonLink to="/quick-order" variant="ghost" size="sm"><ListPlus className="h-4 w-4" aria-hidden /> Quick order</ButtonLink>
      </p>
    </div>
  );
}

const LOADING = 'Loading your cart...';

export default function CartPage() {
  const { cart, isLoading, isError, retry, clearCart } = useCart();
  const { isSignedIn, sessionRead } = useAuth();
  const seo = <Seo {...cartPageMeta()} />;
  // The server renders /cart once for everyone and cannot know whether this tab has a cart (the
  // session and the guest id are in the browser's storage), and hydration must render what it sent.
  // So until the session has been read, the page holds both: the empty cart, and the placeholder of
  // a cart being loaded, one of them shown by the head's hint (may-have-cart:, decision 0153).
  if (!sessionRead) {
    return (
      <>
        {seo}
        <EmptyCart className="may-have-cart:hidden" />
        <div className="hidden may-have-cart:block">
          <Spinner label={LOADING} />
        </div>
      </>
    );
  }
  if (isLoading && !cart) return (<>{seo}<Spinner label={LOADING} /></>);
  if (isError) {
    return (
      <div className="mx-auto max-w-xl px-4 py-16">
        {seo}
        <h1 className="sr-only">Shopping Cart</h1>
        <ErrorState title="We couldn't load your cart" message="Your items are safe. Please check your connection and try again." onRetry={retry} />
      </div>
    );
  }

  // The same place in the tree as in the hinted page above, so hydration keeps its elements.
  if (!cart || cart.items.length === 0) {
    return (
      <>
        {seo}
        <EmptyCart />
      </>
    );
  }

  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 lg:px-8">
      {seo}
      <div className="flex items-center justify-between gap-4">
        <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">Shopping Cart</h1>
        <Button
          variant="ghost"
          size="sm"
          onClick={() => {
            if (window.confirm('Clear your cart? All items, the coupon and any gifts you picked will be removed.')) void clearCart();
          }}
        >
          Clear cart
        </Button>
      </div>
      <div className="mt-6 grid grid-cols-1 gap-8 lg:grid-cols-3">
        <div className="min-w-0 space-y-6 lg:col-span-2">
          <section className="rounded-xl border border-slate-200 bg-white px-4 shadow-sm sm:px-6" aria-label="Items">
            <ul className="divide-y divide-slate-200">
              {cart.items.map((item) => (
                <CartLine key={item.id} item={item} />
              ))}
            </ul>
          </section>
          <NearbyTierHint />
          <GiftPicker />
        </div>
        <div className="min-w-0 space-y-4">
          <OrderSummary figures={{ ...cart, coupon_code: cart.applied_coupon?.code ?? null }}>
            <div className="mt-4">
              <PromoBox />
            </div>
            <p className="mt-4 flex items-center gap-2 text-xs text-slate-500">
              <Truck className="h-4 w-4" aria-hidden /> Estimated delivery: {cart.delivery_estimate}
            </p>
            <ButtonLink to="/checkout" size="lg" className="mt-4 w-full">
              Proceed to Checkout
            </ButtonLink>
            <ButtonLink to="/products" variant="outline" className="mt-2 w-full">
              <ArrowLeft className="h-4 w-4" aria-hidden /> Continue Shopping
            </ButtonLink>
            <ButtonLink to="/quick-order" variant="ghost" className="mt-2 w-full">
              <ListPlus className="h-4 w-4" aria-hidden /> Quick order by SKU
            </ButtonLink>
            {isSignedIn && <SaveAsList source={{ from_cart: true }} className="mt-2 w-full" />}
            {isSignedIn && <RequestQuote className="mt-2 w-full" />}
          </OrderSummary>
        </div>
      </div>
    </div>
  );
}
