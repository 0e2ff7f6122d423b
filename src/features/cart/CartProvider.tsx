import { createContext, useCallback, useContext, useEffect, useMemo, useRef, type ReactNode } from 'react';
import { toast } from '../../lib/toast';
import { whenIdle } from '../../lib/when-idle';
import type { CartDto } from '../../../shared/schemas/cart.schema';
import { useAuth } from '../auth/AuthProvider';
import { hadGuestIdAtStart } from '../../lib/session';
import { trpc } from '../../lib/trpc';
import type { CartActions } from './cart-actions';

interface CartContextValue {
  cart: CartDto | undefined;
  itemCount: number;
  isLoading: boolean;
  /** The cart could not be loaded (and none is cached): say so, never "empty". */
  isError: boolean;
  retry(): Promise<unknown>;
  /** `counted` says 'Added N item(s) to cart!' even for one unit (the chat's add-to-cart). */
  addItem(variantId: string, quantity: number, opts?: { counted?: boolean }): Promise<boolean>;
  updateItem(itemId: string, quantity: number): Promise<boolean>;
  removeItem(itemId: string): Promise<boolean>;
  clearCart(): Promise<boolean>;
  applyCoupon(code: string): Promise<boolean>;
  removeCoupon(): Promise<boolean>;
  toggleGift(tierId: string, giftId: string): Promise<boolean>;
  refresh(): Promise<void>;
  /** Replace the cart with one another call answered (order again, quick order, a saved list). */
  replaceCart(next: CartDto): void;
}

const CartContext = createContext<CartContextValue | null>(null);

// The changes' code and messages (cart-actions.ts) are not on any page's first load (issue 38 point
// 12, decision 0204): they come when the tab is idle, or with the first change if that is sooner.
let actionsModule: Promise<typeof import('./cart-actions')> | undefined;
const loadCartActions = () =>
  (actionsModule ??= import('./cart-actions').catch((error: unknown) => {
    actionsModule = undefined; // asked for again by the next change
    throw error;
  }));

/**
 * The cart for the whole SPA. The server recomputes every figure and revalidates the coupon on each
 * answer, so after any change the cart is simply replaced by the answer (docs/spec/storefront.md section 4);
 * the changes (cart-actions.ts) only turn changes in that answer into the toasts of section 8.
 */
export function CartProvider({ children }: { children: ReactNode }) {
  const utils = trpc.useUtils();
  const { token } = useAuth();
  // A guest on the tab's first page has a new, empty cart: nothing to ask the server for. The first
  // change answers with the cart (set as the data by setCart()), and from then on it is asked as usual.
  const enabled = Boolean(token) || hadGuestIdAtStart() || utils.cart.get.getData() !== undefined;
  const query = trpc.cart.get.useQuery(undefined, { staleTime: 10_000, enabled });
  const { refetch } = query;
  // The mutations stay hooks here: their failures pass the query client's handler (a 401 signs out).
  const { mutateAsync: add } = trpc.cart.add.useMutation();
  const { mutateAsync: update } = trpc.cart.updateItem.useMutation();
  const { mutateAsync: clear } = trpc.cart.clear.useMutation();
  const { mutateAsync: apply } = trpc.cart.applyCoupon.useMutation();
  const { mutateAsync: unapply } = trpc.cart.removeCoupon.useMutation();
  const { mutateAsync: gift } = trpc.cart.toggleGift.useMutation();
  const current = useRef<CartDto | undefined>(undefined);
  current.current = query.data;
  const dropping = useRef(false);

  const setCart = useCallback(
    (next: CartDto) => {
      utils.cart.get.setData(undefined, next);
      current.current = next;
    },
    [utils],
  );

  const actions = useCallback(
    async () => (await loadCartActions()).cartActions({ add, update, clear, apply, unapply, gift, current, setCart, dropping }),
    [add, update, clear, apply, unapply, gift, setCart],
  );
  useEffect(() => whenIdle(() => void loadCartActions().catch(() => undefined), 5000), []);

  /** A change, once its code is here; without it (no connection) it fails as the call itself would. */
  const act = useCallback(
    <A extends unknown[]>(pick: (actions: CartActions) => (...args: A) => Promise<boolean>, failed = 'Failed to update cart') =>
      async (...args: A) => {
        let loaded: CartActions;
        try {
          loaded = await actions();
        } catch {
          toast.error(failed);
          return false;
        }
        return pick(loaded)(...args);
      },
    [actions],
  );

  /** The cart set at once; what happened to its coupon is said once the changes' code is here. */
  const replace = useCallback(
    (before: CartDto | undefined, next: CartDto) => {
      setCart(next);
      void loadCartActions().then((m) => m.announceCoupon(before, next), () => undefined);
    },
    [setCart],
  );

  // A cart reload that failed (after its retries) is a failed revalidation too.
  const { error: loadError, errorUpdatedAt } = query;
  useEffect(() => {
    if (loadError) void actions().then((a) => a.afterLoadFailure(loadError), () => undefined);
  }, [loadError, errorUpdatedAt, actions]);

  const value = useMemo<CartContextValue>(
    () => ({
      cart: query.data,
      itemCount: query.data?.item_count ?? 0,
      isLoading: query.isLoading,
      isError: query.isError && !query.data,
      retry: () => refetch(),
      addItem: act((a) => a.addItem, 'Failed to add to cart. Please try again.'),
      updateItem: act((a) => a.updateItem),
      removeItem: act((a) => a.removeItem),
      clearCart: act((a) => a.clearCart, 'Failed to clear cart'),
      applyCoupon: act((a) => a.applyCoupon, 'Failed to validate coupon'),
      removeCoupon: act((a) => a.removeCoupon),
      toggleGift: act((a) => a.toggleGift, 'Failed to update gifts'),
      replaceCart: (next) => replace(current.current, next),
      async refresh() {
        const before = current.current;
        try {
          replace(before, await utils.cart.get.fetch(undefined, { staleTime: 0 }));
        } catch (err) {
          await actions().then((a) => a.afterLoadFailure(err), () => undefined);
        }
      },
    }),
    [query.data, query.isLoading, query.isError, refetch, act, replace, actions, utils],
  );

  return <CartContext.Provider value={value}>{children}</CartContext.Provider>;
}

export function useCart(): CartContextValue {
  const ctx = useContext(CartContext);
  if (!ctx) throw new Error('useCart must be used within a CartProvider');
  return ctx;
}
