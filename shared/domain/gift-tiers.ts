// Free gifts at spending tiers (docs/spec/storefront.md sections 3-5). Amounts in cents.
import { GIFT_PROGRESS_CAP_PERCENT } from '../constants';

interface GiftItemRule {
  id: string;
  name: string;
  description: string;
  imageUrl: string | null;
  stockQuantity: number;
  allocated: number;
  isActive: boolean;
}

export interface GiftTierRule {
  id: string;
  name: string;
  spendingThresholdCents: number;
  giftLimit: number;
  isActive: boolean;
  items: GiftItemRule[];
}

export interface AvailableTier {
  id: string;
  name: string;
  gift_limit: number;
  spending_threshold_cents: number;
  gift_items: { id: string; name: string; description: string; image_url: string | null }[];
}

export interface NearbyTier {
  tier_id: string;
  tier_name: string;
  amount_needed_cents: number;
  gift_count: number;
  spending_threshold_cents: number;
  /** 0-95: how far the subtotal is towards the threshold, capped so the bar never looks full. */
  progress_percent: number;
}

export interface GiftSelection {
  tierId: string;
  giftId: string;
}

const giftInStock = (g: GiftItemRule) => g.isActive && g.stockQuantity - g.allocated > 0;

/** Tiers the subtotal reaches, each with only its active, in-stock gifts; lowest threshold first. */
export function availableGiftTiers(tiers: readonly GiftTierRule[], subtotalCents: number): AvailableTier[] {
  if (subtotalCents <= 0) return [];
  return tiers
    .filter((t) => t.isActive && t.spendingThresholdCents <= subtotalCents)
    .map((t) => ({
      id: t.id,
      name: t.name,
      gift_limit: Math.max(1, t.giftLimit),
      spending_threshold_cents: t.spendingThresholdCents,
      gift_items: t.items.filter(giftInStock).map((g) => ({ id: g.id, name: g.name, description: g.description, image_url: g.imageUrl })),
    }))
    .filter((t) => t.gift_items.length > 0)
    .sort((a, b) => a.spending_threshold_cents - b.spending_threshold_cents);
}

/** Tiers not reached yet that have gifts to give, nearest first. */
export function nearbyGiftTiers(tiers: readonly GiftTierRule[], subtotalCents: number): NearbyTier[] {
  return tiers
    .filter((t) => t.isActive && t.spendingThresholdCents > subtotalCents)
    .map((t) => ({ t, count: t.items.filter(giftInStock).length }))
    .filter(({ count }) => count > 0)
    .sort((a, b) => a.t.spendingThresholdCents - b.t.spendingThresholdCents)
    .map(({ t, count }) => ({
      tier_id: t.id,
      tier_name: t.name,
      amount_needed_cents: t.spendingThresholdCents - Math.max(0, subtotalCents),
      gift_count: count,
      spending_threshold_cents: t.spendingThresholdCents,
      progress_percent: progressPercent(subtotalCents, t.spendingThresholdCents),
    }));
}

function progressPercent(subtotalCents: number, thresholdCents: number): number {
  if (thresholdCents <= 0) return GIFT_PROGRESS_CAP_PERCENT;
  const pct = (Math.max(0, subtotalCents) / thresholdCents) * 100;
  return Math.min(GIFT_PROGRESS_CAP_PERCENT, Math.floor(pct * 10) / 10);
}

/**
 * Checks a selection against the tiers available now: the gift must be in a reached tier, each
 * gift at most once, at most gift_limit per tier. Returns the first problem, or null.
 */
export function selectionProblem(available: readonly AvailableTier[], selections: readonly GiftSelection[]): string | null {
  const seen = new Set<string>();
  const perTier = new Map<string, number>();
  for (const s of selections) {
    const tier = available.find((t) => t.id === s.tierId);
    if (!tier) return 'This gift tier is not available for your order';
    if (!tier.gift_items.some((g) => g.id === s.giftId)) return 'This gift is not available in this tier';
    if (seen.has(s.giftId)) return 'Each gift can be chosen only once';
    seen.add(s.giftId);
    const n = (perTier.get(s.tierId) ?? 0) + 1;
    if (n > tier.gift_limit) return `You can choose up to ${tier.gift_limit} gift(s) from ${tier.name}`;
    perTier.set(s.tierId, n);
  }
  return null;
}

/** The selections that are still allowed, in order; the rest are dropped (a cart that shrank). */
export function keepValidSelections(available: readonly AvailableTier[], selections: readonly GiftSelection[]): GiftSelection[] {
  const kept: GiftSelection[] = [];
  for (const s of selections) {
    if (selectionProblem(available, [...kept, s]) === null) kept.push(s);
  }
  return kept;
}

/**
 * Reached tiers where the shopper can still pick a gift, with how many: below the tier's limit and
 * with a gift not already picked (a gift picked under one tier cannot be picked again under another).
 * The checkout reminds the shopper of these before the order is placed.
 */
export function tiersWithUnpickedGifts<T extends { id: string; name: string; gift_limit: number; gift_items: readonly { id: string }[] }>(
  available: readonly T[],
  selected: readonly { tier_id: string; gift_id: string }[],
): { tier: T; left: number }[] {
  const picked = new Set(selected.map((s) => s.gift_id));
  return available
    .map((tier) => {
      const inTier = selected.filter((s) => s.tier_id === tier.id).length;
      const choosable = tier.gift_items.filter((g) => !picked.has(g.id)).length;
      return { tier, left: Math.min(tier.gift_limit - inTier, choosable) };
    })
    .filter((x) => x.left > 0);
}
