// Step 2: the order priced from what step 1 read (never from what the browser sent), the coupon
// checked against it, and the gifts chosen or assigned and checked against the tiers reached.
// Pure: nothing is read or written here.
import { checkCoupon, couponRefusal } from '../../../../shared/domain/coupon';
import { selectionProblem, type GiftSelection } from '../../../../shared/domain/gift-tiers';
import { badRequest } from '../../../../shared/errors';
import { priceCart } from '../../cart/cart-view';
import type { PlaceOrderInput } from './placement.types';
import type { LinesToPlace } from './read-lines.step';

export type PricedOrder = ReturnType<typeof priceOrderStep>;

export function priceOrderStep(lines: LinesToPlace, input: PlaceOrderInput, now: Date) {
  const { cart, quoted, tiers, shipping: rules, coupon: found, priceList } = lines;
  const code = quoted ? null : input.coupon_code?.trim() || cart.couponCode || null;
  const coupon = code ? found : null;
  const priced = priceCart(cart, { coupon, tiers: quoted ? [] : tiers, rules, country: input.shipping_address.country, now, quoted, priceList });
  if (code) {
    const check = checkCoupon(coupon, priced.totals.subtotalCents, now);
    if (!check.valid) throw couponRefusal(check);
  }

  const selections = input.selected_gifts ? assignGifts(priced.available, input.selected_gifts) : priced.selections;
  const problem = selectionProblem(priced.available, selections);
  if (problem) throw badRequest(problem);
  return { priced, coupon, selections };
}

/** Gift ids from the request, each put in the lowest reached tier that still has room for it. */
function assignGifts(available: ReturnType<typeof priceCart>['available'], giftIds: string[]): GiftSelection[] {
  const used = new Map<string, number>();
  return giftIds.map((giftId) => {
    const tier = available.find((t) => t.gift_items.some((g) => g.id === giftId) && (used.get(t.id) ?? 0) < t.gift_limit);
    const tierId = tier?.id ?? available.find((t) => t.gift_items.some((g) => g.id === giftId))?.id ?? 'none';
    used.set(tierId, (used.get(tierId) ?? 0) + 1);
    return { tierId, giftId };
  });
}
