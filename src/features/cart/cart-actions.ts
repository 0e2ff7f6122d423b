import type { RefObject } from 'react';
import { toast } from '../../lib/toast';
import { gstIncludedIn } from '../../../shared/domain/gst';
import { formatMoney, toDollars } from '../../../shared/domain/money';
import type { CartDto } from '../../../shared/schemas/cart.schema';
import { errorDetail, httpStatusOf } from '../../lib/trpc';

/** What the cart's changes need from CartProvider: its mutations' calls, the cart as it stands, and how to set it. */
export interface CartActionDeps {
  add(input: { variant_id: string; quantity: number }): Promise<CartDto>;
  update(input: { id: string; quantity: number }): Promise<CartDto>;
  clear(input: Record<string, never>): Promise<CartDto>;
  apply(input: { coupon_code: string }): Promise<CartDto>;
  unapply(input: Record<string, never>): Promise<CartDto>;
  gift(input: { tier_id: string; gift_id: string }): Promise<CartDto>;
  current: RefObject<CartDto | undefined>;
  setCart(next: CartDto): void;
  /** A coupon is being removed after a failure (one removal at a time, across calls). */
  dropping: RefObject<boolean>;
}

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

/** What happened to the coupon between two answers: removed by the server (its message) or a new discount. */
export function announceCoupon(before: CartDto | undefined, next: CartDto) {
  if (next.coupon_message) warn(next.coupon_message);
  else if (before?.applied_coupon && next.applied_coupon && Math.abs(before.discount - next.discount) > 0.01) {
    info(`Discount updated: -${formatMoney(next.discount)}`);
  }
}

/**
 * The cart's changes with their toasts (docs/spec/storefront.md sections 4 and 8): each replaces the
 * cart with the server's answer. Loaded when the tab is idle or by the first change, not with every
 * page (issue 38 point 12, decision 0204); CartProvider calls them through its context.
 */
export function cartActions(d: CartActionDeps) {
  /** Replace the cart with the server's answer and announce what happened to the coupon. */
  const accept = (next: CartDto, opts: { quietCoupon?: boolean } = {}) => {
    const before = d.current.current;
    d.setCart(next);
    if (!opts.quietCoupon) announceCoupon(before, next);
  };

  /**
   * The coupon is revalidated with every cart answer. When that answer cannot be had (network down,
   * server error) the coupon is removed rather than kept unchecked (docs/spec/storefront.md sections 4 and 8).
   */
  const dropCouponAfterFailure = async () => {
    const cart = d.current.current;
    if (!cart?.applied_coupon || d.dropping.current) return;
    d.dropping.current = true;
    warn(COUPON_VALIDATION_FAILED);
    try {
      accept(await d.unapply({}), { quietCoupon: true });
    } catch {
      accept(withoutCoupon(cart), { quietCoupon: true });
    } finally {
      d.dropping.current = false;
    }
  };

  const run = async (call: () => Promise<CartDto>, ok: string | null, fail: string, opts: { quietCoupon?: boolean; fallback?: string } = {}) => {
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
  };

  return {
    /** A cart load or refresh that failed (after its retries) is a failed revalidation too. */
    async afterLoadFailure(err: unknown) {
      if (unanswered(err)) await dropCouponAfterFailure();
    },
    addItem: (variantId: string, quantity: number, opts?: { counted?: boolean }) =>
      run(() => d.add({ variant_id: variantId, quantity }), addedMessage(quantity, opts?.counted), 'Failed to add to cart', {
        fallback: 'Failed to add to cart. Please try again.',
      }),
    updateItem: (itemId: string, quantity: number) =>
      run(() => d.update({ id: itemId, quantity }), quantity === 0 ? 'Item removed from cart' : null, 'Failed to update cart'),
    removeItem: (itemId: string) => run(() => d.update({ id: itemId, quantity: 0 }), 'Item removed from cart', 'Failed to update cart'),
    async clearCart() {
      try {
        accept(await d.clear({}), { quietCoupon: true });
        toast.success('Cart cleared');
        return true;
      } catch {
        toast.error('Failed to clear cart');
        return false;
      }
    },
    async applyCoupon(code: string) {
      const trimmed = code.trim().toUpperCase();
      if (!trimmed) {
        toast.error('Please enter a coupon code');
        return false;
      }
      try {
        const next = await d.apply({ coupon_code: trimmed });
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
        accept(await d.unapply({}), { quietCoupon: true });
        info('Coupon removed');
        return true;
      } catch (err) {
        toast.error(errorDetail(err) ?? 'Failed to update cart');
        return false;
      }
    },
    async toggleGift(tierId: string, giftId: string) {
      try {
        accept(await d.gift({ tier_id: tierId, gift_id: giftId }));
        return true;
      } catch (err) {
        toast.error(errorDetail(err) ?? 'Failed to update gifts');
        return false;
      }
    },
  };
}

export type CartActions = ReturnType<typeof cartActions>;
