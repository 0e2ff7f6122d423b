import { ArrowLeft, ListPlus, Truck } from 'lucide-react';
import type { CartDto } from '../../../shared/schemas/cart.schema';
import { Button, ButtonLink } from '../../components/ui/Button';
import { CartLine } from '../../features/cart/CartLine';
import { useCart } from '../../features/cart/CartProvider';
import { GiftPicker, NearbyTierHint } from '../../features/cart/GiftPicker';
import { OrderSummary } from '../../features/cart/OrderSummary';
import { PromoBox } from '../../features/cart/PromoBox';
import { useAuth } from '../../features/auth/AuthProvider';
import { SaveAsList } from '../../features/lists/SaveAsList';
import { RequestQuote } from '../../features/quotes/RequestQuote';

/**
 * The cart with its items, summary, coupon and gifts: a chunk of its own, loaded beside the cart
 * itself (CartPage), so that /cart's first load (the empty state the server renders) carries none of it.
 */
export default function CartWithItems({ cart }: { cart: CartDto }) {
  const { clearCart } = useCart();
  const { isSignedIn } = useAuth();
  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 lg:px-8">
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
