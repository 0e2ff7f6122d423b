// Order quantity rules of a few seeded variants (decision 0187), so a fresh shop shows them: single
// rolls of tape go out in cartons of 6, thermal labels in cartons of 5 packs with a minimum of 10,
// and the bulky 1 m x 50 m bubble wrap roll at most 10 an order. The e2e journeys pick their
// variants from the featured products, which have no rules, so they stay unaffected.
export const SEED_ORDER_RULES: Readonly<Record<string, { orderMinimum?: number; orderMultiple?: number; orderMaximum?: number }>> = {
  'ACCESSORIES_NORMAL_CLEAR_4.8X10000_1': { orderMultiple: 6 },
  ACCESSORIES_NORMAL_WHITE_10X15_100: { orderMinimum: 10, orderMultiple: 5 },
  'ACCESSORIES_BUBBLE WRAP_WHITE_100X5000_1': { orderMaximum: 10 },
};
