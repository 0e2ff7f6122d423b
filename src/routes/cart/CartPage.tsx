import { lazy, Suspense, useEffect } from 'react';
import { ListPlus, ShoppingBag } from 'lucide-react';
import { Seo } from '../../components/Seo';
import { cartPageMeta } from '../../../shared/seo/cart-meta';
import { ButtonLink } from '../../components/ui/Button';
import { ErrorState } from '../../components/ui/ErrorState';
import { Spinner } from '../../components/ui/Spinner';
import { useCart } from '../../features/cart/CartProvider';
import { useAuth } from '../../features/auth/AuthProvider';

// The cart with items is its own chunk (decision 0153): the page the server renders, and a new
// tab's first load, are the empty cart and the loading placeholder only.
const loadCartWithItems = () => import('./CartWithItems');
const CartWithItems = lazy(loadCartWithItems);

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
  const { cart, isLoading, isError, retry } = useCart();
  const { sessionRead } = useAuth();
  const seo = <Seo {...cartPageMeta()} />;
  const hasItems = Boolean(cart && cart.items.length > 0);
  // Fetched while the cart itself is (or as soon as it has items), not after it.
  useEffect(() => {
    if (isLoading || hasItems) void loadCartWithItems();
  }, [isLoading, hasItems]);
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
  if (!cart || !hasItems) {
    return (
      <>
        {seo}
        <EmptyCart />
      </>
    );
  }

  return (
    <>
      {seo}
      <Suspense fallback={<Spinner label={LOADING} />}>
        <CartWithItems cart={cart} />
      </Suspense>
    </>
  );
}
