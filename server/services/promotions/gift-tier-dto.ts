import { toDollars } from '../../../shared/domain/money';
import type { AvailableTier } from '../../../shared/domain/gift-tiers';

/** A gift tier the shopper can choose from, as the cart and the promotions call send it. */
export const giftTierDto = (t: AvailableTier) => ({
  id: t.id,
  name: t.name,
  gift_limit: t.gift_limit,
  spending_threshold: toDollars(t.spending_threshold_cents),
  gift_items: t.gift_items,
});
