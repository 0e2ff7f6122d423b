import { describe, expect, it } from 'vitest';
import { availableGiftTiers, keepValidSelections, nearbyGiftTiers, selectionProblem, tiersWithUnpickedGifts, type GiftTierRule } from './gift-tiers';

const gift = (id: string, stock = 10, allocated = 0, isActive = true) => ({ id, name: id, description: '', imageUrl: null, stockQuantity: stock, allocated, isActive });
const tiers: GiftTierRule[] = [
  { id: 't250', name: 'Spend $250', spendingThresholdCents: 25000, giftLimit: 2, isActive: true, items: [gift('a'), gift('b'), gift('c')] },
  { id: 't100', name: 'Spend $100', spendingThresholdCents: 10000, giftLimit: 1, isActive: true, items: [gift('a'), gift('b', 5, 5), gift('x', 5, 0, false)] },
  { id: 'off', name: 'Old', spendingThresholdCents: 100, giftLimit: 1, isActive: false, items: [gift('a')] },
];

describe('availableGiftTiers', () => {
  it('offers reached, active tiers with only active gifts that have stock', () => {
    const av = availableGiftTiers(tiers, 10000);
    expect(av.map((t) => t.id)).toEqual(['t100']);
    expect(av[0].gift_items.map((g) => g.id)).toEqual(['a']);
    expect(availableGiftTiers(tiers, 30000).map((t) => t.id)).toEqual(['t100', 't250']);
    expect(availableGiftTiers(tiers, 9999)).toEqual([]);
  });
});

describe('nearbyGiftTiers', () => {
  it('gives amount needed, gift count and progress capped at 95%', () => {
    const near = nearbyGiftTiers(tiers, 9900);
    expect(near[0]).toMatchObject({ tier_id: 't100', amount_needed_cents: 100, gift_count: 1, spending_threshold_cents: 10000, progress_percent: 95 });
    expect(near[1]).toMatchObject({ tier_id: 't250', amount_needed_cents: 15100, gift_count: 3, progress_percent: 39.6 });
    expect(nearbyGiftTiers(tiers, 0)[0].progress_percent).toBe(0);
  });
});

describe('gift selection', () => {
  const av = availableGiftTiers(tiers, 30000);
  it('allows up to gift_limit per tier, each gift once', () => {
    expect(selectionProblem(av, [{ tierId: 't250', giftId: 'a' }, { tierId: 't250', giftId: 'b' }])).toBeNull();
    expect(selectionProblem(av, [{ tierId: 't100', giftId: 'a' }, { tierId: 't250', giftId: 'a' }])).toMatch(/only once/);
    expect(selectionProblem(av, [{ tierId: 't250', giftId: 'a' }, { tierId: 't250', giftId: 'b' }, { tierId: 't250', giftId: 'c' }])).toMatch(/up to 2/);
  });
  it('refuses a tier not reached or a gift outside the tier', () => {
    expect(selectionProblem(availableGiftTiers(tiers, 10000), [{ tierId: 't250', giftId: 'a' }])).toMatch(/not available/);
    expect(selectionProblem(av, [{ tierId: 't100', giftId: 'c' }])).toMatch(/not available in this tier/);
  });
  it('drops selections a smaller cart no longer allows', () => {
    const sel = [{ tierId: 't100', giftId: 'a' }, { tierId: 't250', giftId: 'b' }];
    expect(keepValidSelections(availableGiftTiers(tiers, 12000), sel)).toEqual([{ tierId: 't100', giftId: 'a' }]);
  });
});

describe('tiersWithUnpickedGifts', () => {
  const t100 = { id: 't100', name: 'Spend $100', gift_limit: 1, gift_items: [{ id: 'a' }, { id: 'b' }] };
  const t250 = { id: 't250', name: 'Spend $250', gift_limit: 2, gift_items: [{ id: 'a' }, { id: 'b' }, { id: 'c' }] };
  it('lists reached tiers still below their limit, with how many gifts are left', () => {
    expect(tiersWithUnpickedGifts([t100], []).map((x) => [x.tier.id, x.left])).toEqual([['t100', 1]]);
    expect(tiersWithUnpickedGifts([t100], [{ tier_id: 't100', gift_id: 'a' }])).toEqual([]);
    expect(tiersWithUnpickedGifts([t100, t250], [{ tier_id: 't100', gift_id: 'a' }, { tier_id: 't250', gift_id: 'b' }]).map((x) => [x.tier.id, x.left])).toEqual([['t250', 1]]);
  });
  it('does not count gifts already picked under another tier', () => {
    const small = { id: 's', name: 'S', gift_limit: 2, gift_items: [{ id: 'a' }] };
    expect(tiersWithUnpickedGifts([small, t100], [{ tier_id: 't100', gift_id: 'a' }]).map((x) => x.tier.id)).toEqual([]);
  });
});
