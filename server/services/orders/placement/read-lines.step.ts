// Step 1: this shopper's rows (the cart or the quote), locked and read as they are now, and the rules
// the order is priced by, read fresh in the transaction; the idempotency key is claimed first.
import { AppError, badRequest } from '../../../../shared/errors';
import { normaliseCouponCode } from '../../../../shared/domain/coupon';
import { hasPositivePrice, notForSaleMessage } from '../../../../shared/domain/pricing';
import { quantityRuleRefusal, rulesOf } from '../../../../shared/domain/quantity-rule-checks';
import type { GiftTierRule } from '../../../../shared/domain/gift-tiers';
import { normaliseShippingRules, SHIPPING_RULES_KEY } from '../../../../shared/domain/shipping';
import type { SqlClient } from '../../../db/sql-client';
import { tiersOf } from '../../cart/cart-view';
import { variantLabel } from '../../cart/cart.service';
import { PAYMENT_SETTINGS_KEY, paymentOptionsFromSetting } from '../../settings/payment-settings.service';
import type { FoundCoupon } from '../../promotions/promotions.service';
import { SHOP_PROFILE_KEY, shopProfileOf } from '../../settings/shop-profile.service';
import type { PlaceOrderInput, QuotedSource } from './placement.types';
import { claimAndReadRules, readCart } from './read-lines.sql';
import { resolvePriceList } from '../../price-lists/resolve-price-list';

const SETTING_KEYS = [SHIPPING_RULES_KEY, SHOP_PROFILE_KEY, PAYMENT_SETTINGS_KEY];

export type LinesToPlace = Awaited<ReturnType<typeof readLinesStep>>;

export async function readLinesStep<C extends SqlClient>(
  tx: C,
  userId: string,
  key: string | null,
  input: PlaceOrderInput,
  quote: QuotedSource<C> | undefined,
  now: Date,
  /** The buyer's company's price list (decision 0193), read here in the order's transaction. */
  priceListId: string | null = null,
) {
  const sent = input.coupon_code?.trim();
  // This shopper's rows: the idempotency key is claimed and the cart locked, with the rules, in one
  // statement; then the cart read as it is now. Nothing here is shared with other shoppers' orders.
  const rules = await claimAndReadRules(tx, { userId, key, lockCart: !quote, code: !quote && sent ? normaliseCouponCode(sent) : null, settingKeys: SETTING_KEYS });
  const settings = rules.settings ?? {};
  const read = {
    tiers: rules.tiers satisfies GiftTierRule[],
    shipping: normaliseShippingRules(settings[SHIPPING_RULES_KEY] ?? null),
    shop: shopProfileOf(settings[SHOP_PROFILE_KEY]),
    payOptions: paymentOptionsFromSetting(settings[PAYMENT_SETTINGS_KEY]),
    coupon: rules.coupon satisfies FoundCoupon | null,
  };
  if (quote) {
    const q = await quote.take(tx, now);
    return { ...read, cart: { id: null, couponCode: null, items: q.items, gifts: [] }, quoted: { unitCents: q.unitCents, shippingCents: q.shippingCents }, priceList: null };
  }
  if (!rules.cartId) throw badRequest('Your cart is empty');
  const cart = await readCart(tx, rules.cartId);
  if (cart.items.length === 0) throw badRequest('Your cart is empty');
  const priceList = await resolvePriceList(tx, priceListId, cart.items.map((l) => l.variant.id));
  // A price may have been set to 0 after the line was carted: nothing is sold for nothing.
  const unpriced = cart.items.find((l) => !hasPositivePrice(tiersOf(l, priceList), l.quantity));
  if (unpriced) throw new AppError('CONFLICT', notForSaleMessage(variantLabel(unpriced.variant)));
  // The order quantity rules may have changed after a line was carted: the line's message, the
  // cart's own words (a quote's quantities were agreed with staff and are not re-checked).
  const broken = cart.items.map((l) => quantityRuleRefusal(variantLabel(l.variant), rulesOf(l.variant), l.quantity)).find((m) => m !== null);
  if (broken) throw new AppError('CONFLICT', broken);
  return { ...read, cart, quoted: undefined, priceList };
}
