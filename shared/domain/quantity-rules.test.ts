import { describe, expect, it } from 'vitest';
import { roomRefusal } from './cart-room';
import { clampToRules, describeRules, fitRoom, NO_RULES, smallestAllowed, stepOf, type QuantityRules } from './quantity-rules';
import { quantityRuleRefusal, rulesProblem } from './quantity-rule-checks';

const X = 'Polymailer 25x35';
const rules = (minimum: number | null, multiple: number | null, maximum: number | null): QuantityRules => ({ minimum, multiple, maximum });

describe('a rule set as staff types it', () => {
  it('accepts no rules and sound rules', () => {
    expect(rulesProblem(NO_RULES)).toBeNull();
    expect(rulesProblem(rules(10, 5, 500))).toBeNull();
    expect(rulesProblem(rules(null, 6, null))).toBeNull();
    expect(rulesProblem(rules(1, null, 1))).toBeNull();
  });

  it('refuses zero, negative and fractional limits, naming the field', () => {
    expect(rulesProblem(rules(0, null, null))).toEqual({ field: 'order_minimum', message: 'Order minimum must be a whole number of at least 1' });
    expect(rulesProblem(rules(null, -5, null))?.field).toBe('order_multiple');
    expect(rulesProblem(rules(null, 2.5, null))?.field).toBe('order_multiple');
    expect(rulesProblem(rules(null, null, 0))?.field).toBe('order_maximum');
    expect(rulesProblem(rules(null, null, Number.NaN))?.field).toBe('order_maximum');
  });

  it('refuses a maximum below the minimum and limits that are not whole cartons', () => {
    expect(rulesProblem(rules(10, null, 5))).toEqual({ field: 'order_maximum', message: 'Order maximum (5) cannot be less than the order minimum (10)' });
    expect(rulesProblem(rules(null, 5, 12))).toEqual({ field: 'order_maximum', message: 'Order maximum (12) must be a multiple of the order multiple (5)' });
    expect(rulesProblem(rules(7, 5, null))).toEqual({ field: 'order_minimum', message: 'Order minimum (7) must be a multiple of the order multiple (5)' });
  });
});

describe('a line quantity against the rules', () => {
  it('names the carton first, with quantities that are accepted', () => {
    expect(quantityRuleRefusal(X, rules(10, 5, null), 7)).toBe(`${X} is sold in cartons of 5: order 10, 15, 20...`);
    expect(quantityRuleRefusal(X, rules(null, 5, null), 7)).toBe(`${X} is sold in cartons of 5: order 5, 10, 15...`);
    // The examples stop at the maximum.
    expect(quantityRuleRefusal(X, rules(null, 5, 10), 7)).toBe(`${X} is sold in cartons of 5: order 5, 10`);
    for (const n of [10, 15, 20]) expect(quantityRuleRefusal(X, rules(10, 5, null), n)).toBeNull();
  });

  it('names the minimum and the maximum', () => {
    expect(quantityRuleRefusal(X, rules(10, 5, 500), 5)).toBe(`${X} must be ordered at least 10 at a time`);
    expect(quantityRuleRefusal(X, rules(10, 5, 500), 505)).toBe(`${X} can be ordered at most 500 at a time`);
    expect(quantityRuleRefusal(X, rules(10, 5, 500), 500)).toBeNull();
    expect(quantityRuleRefusal(X, NO_RULES, 7)).toBeNull();
  });

  it('tells the stepper where to start and how far to step', () => {
    expect(smallestAllowed(rules(10, 5, null))).toBe(10);
    expect(smallestAllowed(rules(null, 5, null))).toBe(5);
    expect(smallestAllowed(NO_RULES)).toBe(1);
    expect(stepOf(rules(10, 5, null))).toBe(5);
    expect(stepOf(NO_RULES)).toBe(1);
  });
});

describe('the rules beside the stock rule', () => {
  it('rounds the room down to whole cartons and within the maximum', () => {
    expect(fitRoom(48, 0, rules(null, 5, null))).toBe(45);
    expect(fitRoom(48, 10, rules(null, 5, null))).toBe(45);
    expect(fitRoom(1000, 10, rules(null, 5, 100))).toBe(90);
    expect(fitRoom(48, 2, NO_RULES)).toBe(48);
    // Not even the minimum fits in the stock.
    expect(fitRoom(6, 0, rules(10, null, null))).toBe(0);
    expect(fitRoom(3, 0, rules(null, 5, null))).toBe(0);
  });

  it('offers in the stock message a number the rules accept', () => {
    const r = rules(null, 5, null);
    expect(roomRefusal(X, 48, { inCart: 0 }, 50, r)?.message).toBe(`Only 48 left of ${X}: you can add 45`);
    expect(roomRefusal(X, 48, { inCart: 0 }, 45, r)).toBeNull();
    expect(roomRefusal(X, 48, { inCart: 10 }, 40, r)?.message).toBe(`Only 48 left of ${X} and you already have 10 in your cart: you can add 35 more`);
    expect(roomRefusal(X, 6, { inCart: 0 }, 10, rules(10, null, null))?.message).toBe(`Only 6 left of ${X}: fewer than the smallest order of 10`);
    // Without rules, or when the rules do not cut the room, the words of decision 0170 stay.
    expect(roomRefusal(X, 3, { inCart: 0 }, 4)?.message).toBe(`Only 3 left of ${X}`);
    expect(roomRefusal(X, 45, { inCart: 0 }, 50, r)?.message).toBe(`Only 45 left of ${X}`);
  });
});

describe('the words on the product page', () => {
  it('says the carton, the minimum above one carton and the maximum', () => {
    expect(describeRules(rules(10, 5, null))).toBe('Sold in cartons of 5, at least 10');
    expect(describeRules(rules(5, 5, 500))).toBe('Sold in cartons of 5, at most 500');
    expect(describeRules(rules(10, null, null))).toBe('At least 10');
    expect(describeRules(NO_RULES)).toBeNull();
  });
});

describe('the quantity stepper', () => {
  it('is clampQuantity without rules', async () => {
    const { clampQuantity } = await import('./product-options');
    for (const [raw, max] of [[5, 10], [50, 10], [0, 10], ['abc', 10], ['7.9', 10], [3, 0], [-4, 8]] as const) {
      expect(clampToRules(raw, max, NO_RULES), `${raw} of ${max}`).toBe(clampQuantity(raw, max));
    }
  });

  it('keeps whole cartons between the smallest order and the most that may be ordered', () => {
    const r = rules(10, 5, 500);
    expect(clampToRules(7, 1000, r)).toBe(10);
    expect(clampToRules(23, 1000, r)).toBe(20);
    expect(clampToRules(900, 1000, r)).toBe(500);
    expect(clampToRules(900, 48, r)).toBe(45);
    expect(clampToRules('x', 48, r)).toBe(10);
    // Not even the smallest order in stock: the stepper stays at it (the page says why and disables adding).
    expect(clampToRules(20, 6, r)).toBe(10);
  });
});
