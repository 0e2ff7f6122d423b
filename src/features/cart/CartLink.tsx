import { ShoppingCartIcon } from '../../components/ui/inline-icons';
import { Link } from '../../lib/router';
import { useCart } from './CartProvider';

/** Header cart icon with the number of items (sum of quantities). */
export function CartLink() {
  const { itemCount } = useCart();
  const label = itemCount > 0 ? `Cart, ${itemCount} item${itemCount === 1 ? '' : 's'}` : 'Cart';
  return (
    <Link to="/cart" className="relative rounded-md p-2 text-slate-700 hover:bg-slate-100" aria-label={label} title="Cart">
      <ShoppingCartIcon className="h-6 w-6" />
      {itemCount > 0 && (
        <span data-testid="cart-count" className="absolute -right-1 -top-1 flex h-5 min-w-5 items-center justify-center rounded-full bg-emerald-600 px-1 text-xs font-semibold text-white">
          {itemCount > 99 ? '99+' : itemCount}
        </span>
      )}
    </Link>
  );
}
