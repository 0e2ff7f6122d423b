import { createContext, useCallback, useContext, useEffect, useMemo, useRef, type ReactNode } from 'react';
import { toast } from '../../lib/toast';
import { gstIncludedIn } from '../../../shared/domain/gst';
import { formatMoney, toDollars } from '../../../shared/domain/money';
import type { CartDto } from '../../../shared/schemas/cart.schema';
import { useAuth } from '../auth/AuthProvider';
import { hadGuestIdAtStart } from '../../lib/session';
import { errorDetail, httpStatusOf, trpc } from '../../lib/trpc';

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

const warn = (message: string) => toast(message, { icon: '⚠️' });
const info = (message: string) => toast(message, { icon: 'ℹ️' });

const COUPON_VALIDATION_FAILED = 'Coupon removed due to validation error';

/** 'Added to cart' for one unit from the product page; 'Added N item(s) to cart!' when several go in at once. */
const addedMessage = (quantity: number, counted = false) =>
  quantity > 1 || counted ? `Added ${quantity} item(s) to cart!` : 'Added to cart';

/** A failure that left the cart's state unknown (no answer, or the server broke), unlike a 4xx refusal. */
const unanswered = (err: unknown) => {
  const status = httpStatusOf(err);
  return status === undefined || status >= 500;
};

/** The cart without its coupon, recomputed here only when even the removal call could not be made. */
function withoutCoupon(cart: CartDto): CartDto {
  const total = Math.round((cart.subtotal + cart.shipping_fee) * 100);
  return { ...cart, applied_coupon: null, discount: 0, coupon_message: null, total: toDollars(total), gst: toDollars(gstIncludedIn(total)) };
}

/**
 * The cart for the whole SPA. The server recomputes every figure and revalidates the coupon on each
 * answer, so after any change the cart is simply replaced by the answer (docs/spec/storefront.md section 4);
 * this provider only turns changes in that answer into the toasts of section 8.
 */
export function CartProvider({ children }: { children: ReactNode }) {
  const utils = trpc.useUtils();
  const { token } = useAuth();
  // A guest on the tab's first page has a new, empty cart: nothing to ask the server for. The first
  // change answers with the cart (set as the data by accept()), and from then on it is asked as usual.
  const enabled = Boolean(token) || hadGuestIdAtStart() || utils.cart.get.getData() !== undefined;
  const query = trpc.cart.get.useQuery(undefined, { staleTime: 10_000, enabled });
  const { refetch } = query;
  const add = trpc.cart.add.useMutation();
  const update = trpc.cart.updateItem.useMutation();
  const clear = trpc.cart.clear.useMutation();
  const apply = trpc.cart.applyCoupon.useMutation();
  const unapply = trpc.cart.removeCoupon.useMutation();
  const gift = trpc.cart.toggleGift.useMutation();
  const current = useRef<CartDto | undefined>(undefined);
  current.current = query.data;

  /** Replace the cart with the server's answer and announce what happened to the coupon. */
  const accept = useCallback(
    (next: CartDto, opts: { quietCoupon?: boolean } = {}) => {
      const before = current.current;
      utils.cart.get.setData(undefined, next);
      current.current = next;
      if (opts.quietCoupon) return;
      if (next.coupon_message) warn(next.coupon_message);
      else if (before?.applied_coupon && next.applied_coupon && Math.abs(before.discount - next.discount) > 0.01) {
        info(`Discount updated: -${formatMoney(next.discount)}`);
      }
    },
    [utils],
  );

  /**
   * The coupon is revalidated with every cart answer. When that answer cannot be had (network down,
   * server error) the coupon is removed rather than kept unchecked (docs/spec/storefront.md sections 4 and 8).
   */
  const dropping = useRef(false);
  const removeCouponCall = unapply.mutateAsync;
  const dropCouponAfterFailure = useCallback(async () => {
    const cart = current.current;
    if (!cart?.applied_coupon || dropping.current) return;
    dropping.current = true;
    warn(COUPON_VALIDATION_FAILED);
    try {
      accept(await removeCouponCall({}), { quietCoupon: true });
    } catch {
      accept(withoutCoupon(cart), { quietCoupon: true });
    } finally {
      dropping.current = false;
    }
  }, [accept, removeCouponCall]);

  // A cart reload that failed (after its retries) is a failed revalidation too.
  const { error: loadError, errorUpdatedAt } = query;
  useEffect(() => {
    if (loadError && unanswered(loadError)) void dropCouponAfterFailure();
  }, [loadError, errorUpdatedAt, dropCouponAfterFailure]);

  const run = useCallback(
    async (call: () => Promise<CartDto>, ok: string | null, fail: string, opts: { quietCoupon?: boolean; fallback?: string } = {}) => {
      try {
        const next = await call();
        accept(next, opts);
        if (ok) toast.success(ok);
        return true;
      } catch (err) {
        const detail = errorDetail(err);
        toast.error(detail ? `${fail}: ${detail}` : (opts.fallback ?? fail));
        if (unanswered(err)) void dropCouponAfterFailure();
        return false;
      }
    },
    [accept, dropCouponAfterFailure],
  );

  const value = useMemo<CartContextValue>(
    () => ({
      cart: query.data,
      itemCount: query.data?.item_count ?? 0,
      isLoading: query.isLoading,
      isError: query.isError && !query.data,
      retry: () => refetch(),
      addItem: (variantId, quantity, opts) =>
        run(() => add.mutateAsync({ variant_id: variantId, quantity }), addedMessage(quantity, opts?.counted), 'Failed to add to cart', {
          fallback: 'Failed to add to cart. Please try again.',
        }),
      updateItem: (itemId, quantity) =>
        run(() => update.mutateAsync({ id: itemId, quantity }), quantity === 0 ? 'Item removed from cart' : null, 'Failed to update cart'),
      removeItem: (itemId) => run(() => update.mutateAsync({ id: itemId, quantity: 0 }), 'Item removed from cart', 'Failed to update cart'),
      async clearCart() {
        try {
          accept(await clear.mutateAsync({}), { quietCoupon: true });
          toast.success('Cart cleared');
          return true;
        } catch {
          toast.error('Failed to clear cart');
          return false;
        }
      },
      async applyCoupon(code) {
        const trimmed = code.trim().toUpperCase();
        if (!trimmed) {
          toast.error('Please enter a coupon code');
          return false;
        }
        try {
          const next = await apply.mutateAsync({ coupon_code: trimmed });
          accept(next, { quietCoupon: true });
          toast.success(`Coupon applied! You saved ${formatMoney(next.discount)}`);
          if (next.available_gift_tiers.length > 0) toast.success('You qualify for free gifts! Select them at checkout.');
          return true;
        } catch (err) {
          toast.error(errorDetail(err) ?? 'Failed to validate coupon');
          return false;
        }
      },
      async removeCoupon() {
        try {
          accept(await unapply.mutateAsync({}), { quietCoupon: true });
          info('Coupon removed');
          return true;
        } catch (err) {
          toast.error(errorDetail(err) ?? 'Failed to update cart');
          return false;
        }
      },
      async toggleGift(tierId, giftId) {
        try {
          accept(await gift.mutateAsync({ tier_id: tierId, gift_id: giftId }));
          return true;
        } catch (err) {
          toast.error(errorDetail(err) ?? 'Failed to update gifts');
          return false;
        }
      },
      replaceCart: (next) => accept(next),
      async refresh() {
        const before = current.current;
        try {
          const next = await utils.cart.get.fetch(undefined, { staleTime: 0 });
          current.current = before;
          accept(next);
        } catch (err) {
          if (unanswered(err)) await dropCouponAfterFailure();
        }
      },
    }),
    [query.data, query.isLoading, query.isError, refetch, run, accept, add, update, clear, apply, unapply, gift, utils, dropCouponAfterFailure],
  );

  return <CartContext.Provider value={value}>{children}</CartContext.Provider>;
}

export function useCart(): CartContextValue {
  const ctx = useContext(CartContext);
  if (!ctx) throw new Error('useCart must be used within a CartProvider');
  return ctx;
}
