// The checks of order quantity rules (decision 0187): a rule set as staff types it, and a line's
// quantity against it. Apart from quantity-rules.ts, which the product page loads, so that its
// first-load JavaScript carries only the stepper's and the description's rules.
import type { QuantityRules } from './quantity-rules';

export type RuleField = 'order_minimum' | 'order_multiple' | 'order_maximum';

/**
 * What is wrong with a rule set as staff typed it, naming the field, or null when it is sound. The
 * minimum and maximum must themselves be orderable (whole cartons), or no quantity would satisfy all.
 */
export function rulesProblem(r: QuantityRules): { field: RuleField; message: string } | null {
  const whole = (n: number | null) => n === null || (Number.isSafeInteger(n) && n >= 1);
  if (!whole(r.minimum)) return { field: 'order_minimum', message: 'Order minimum must be a whole number of at least 1' };
  if (!whole(r.multiple)) return { field: 'order_multiple', message: 'Order multiple must be a whole number of at least 1' };
  if (!whole(r.maximum)) return { field: 'order_maximum', message: 'Order maximum must be a whole number of at least 1' };
  const { minimum, multiple, maximum } = r;
  if (minimum !== null && maximum !== null && maximum < minimum) {
    return { field: 'order_maximum', message: `Order maximum (${maximum}) cannot be less than the order minimum (${minimum})` };
  }
  if (multiple !== null && minimum !== null && minimum % multiple !== 0) {
    return { field: 'order_minimum', message: `Order minimum (${minimum}) must be a multiple of the order multiple (${multiple})` };
  }
  if (multiple !== null && maximum !== null && maximum % multiple !== 0) {
    return { field: 'order_maximum', message: `Order maximum (${maximum}) must be a multiple of the order multiple (${multiple})` };
  }
  return null;
}

/** The rules of a variant row read from the database, by its column names. */
export const rulesOf = (v: { orderMinimum: number | null; orderMultiple: number | null; orderMaximum: number | null }): QuantityRules => ({
  minimum: v.orderMinimum,
  multiple: v.orderMultiple,
  maximum: v.orderMaximum,
});

const cartonWord = (n: number) => `cartons of ${n}`;

/**
 * Why a line's total quantity breaks the rules, in one message naming the rule, or null when it keeps
 * them. The multiple is named first: a buyer who typed 7 of a carton of 5 learns the cartons at once.
 */
export function quantityRuleRefusal(label: string, r: QuantityRules, total: number): string | null {
  if (r.multiple !== null && total % r.multiple !== 0) {
    const first = Math.max(r.multiple, r.minimum ?? 0);
    const examples = [first, first + r.multiple, first + 2 * r.multiple].filter((n) => r.maximum === null || n <= r.maximum);
    return `${label} is sold in ${cartonWord(r.multiple)}: order ${examples.join(', ')}${examples.length === 3 ? '...' : ''}`;
  }
  if (r.minimum !== null && total < r.minimum) return `${label} must be ordered at least ${r.minimum} at a time`;
  if (r.maximum !== null && total > r.maximum) return `${label} can be ordered at most ${r.maximum} at a time`;
  return null;
}

