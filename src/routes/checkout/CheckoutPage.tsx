import { lazy, Suspense, useEffect, useRef } from 'react';
import { Navigate } from '../../lib/router';
import { Spinner } from '../../components/ui/Spinner';
import { useCart } from '../../features/cart/CartProvider';
import { trpc } from '../../lib/trpc';

// The checkout itself is its own chunk (decision 0156): the page's first load is the shell, and the
// form's code is fetched beside the cart, the addresses and the payment options, not after them.
const loadCheckoutForm = () => import('./CheckoutForm');
const CheckoutForm = lazy(loadCheckoutForm);

export default function CheckoutPage() {
  const { cart, isLoading, isError: cartFailed } = useCart();
  // Asked for with the page, as before; the form reads the same queries from the cache.
  trpc.users.addresses.useQuery();
  trpc.payments.options.useQuery(undefined, { staleTime: 60_000 });
  const placed = useRef(false);
  useEffect(() => {
    void loadCheckoutForm();
  }, []);

  if (isLoading && !cart) return <Spinner label="Loading your cart..." />;
  // A cart that failed to load is not an empty one: /cart shows the error with a retry.
  if (!placed.current && (!cart || cart.items.length === 0 || cartFailed)) return <Navigate to="/cart" replace />;

  return (
    <Suspense fallback={<Spinner label="Loading your cart..." />}>
      <CheckoutForm
        onPlaced={() => {
          placed.current = true;
        }}
      />
    </Suspense>
  );
}
