// Order quantity rules of a variant (issue 40, item 1): at least a minimum, in whole cartons of a
// multiple, at most a maximum. The rules come in as a value, never read from a variant here, so a
// company's price list can later bring its own. A rule applies to the line's total (what is in the
// cart plus what is added), the way the stock rule does (cart-room.ts).

/** Null is "no rule". Names match the API's `order_minimum`, `order_multiple`, `order_maximum`. */
export interface QuantityRules {
  minimum: number | null;
  multiple: number | null;
  maximum: number | null;
}

export const NO_RULES: QuantityRules = { minimum: null, multiple: null, maximum: null };

export type RuleField = 'order_minimum' | 'order_multiple' | 'order_maximum';

export const hasRules = (r: QuantityRules) => r.minimum !== null || r.multiple !== null || r.maximum !== null;

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

/** The smallest total the rules allow: the minimum, else one carton, else 1. */
export const smallestAllowed = (r: QuantityRules) => r.minimum ?? r.multiple ?? 1;

/** The step of a quantity stepper: one carton, else 1. */
export const stepOf = (r: QuantityRules) => r.multiple ?? 1;

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

/**
 * The largest quantity that can be added to `held` within `room` (what stock and the line limit
 * leave, cart-room.ts) so that the total keeps the rules: the room rounded down to whole cartons and
 * capped at the maximum; 0 when not even the minimum fits. A message offering this number offers one
 * the server accepts.
 */
export function fitRoom(room: number, held: number, r: QuantityRules): number {
  let top = held + Math.max(0, room);
  if (r.maximum !== null) top = Math.min(top, r.maximum);
  if (r.multiple !== null) top -= top % r.multiple;
  if (top < smallestAllowed(r) || top <= held) return 0;
  return top - held;
}

/** How the product page describes the rules: "Sold in cartons of 5, at least 10, at most 500"; null without rules. */
export function describeRules(r: QuantityRules): string | null {
  const parts: string[] = [];
  if (r.multiple !== null && r.multiple > 1) parts.push(`sold in ${cartonWord(r.multiple)}`);
  if (r.minimum !== null && r.minimum > (r.multiple ?? 1)) parts.push(`at least ${r.minimum}`);
  if (r.maximum !== null) parts.push(`at most ${r.maximum}`);
  if (parts.length === 0) return null;
  const text = parts.join(', ');
  return text[0].toUpperCase() + text.slice(1);
}

/** The rules of a variant row read from the database, by its column names. */
export const rulesOf = (v: { orderMinimum: number | null; orderMultiple: number | null; orderMaximum: number | null }): QuantityRules => ({
  minimum: v.orderMinimum,
  multiple: v.orderMultiple,
  maximum: v.orderMaximum,
});

/** The rules of a variant as the API sends it (`order_minimum`, ...). */
export const rulesOfDto = (v: { order_minimum?: number | null; order_multiple?: number | null; order_maximum?: number | null }): QuantityRules => ({
  minimum: v.order_minimum ?? null,
  multiple: v.order_multiple ?? null,
  maximum: v.order_maximum ?? null,
});

/**
 * The quantity stepper's rule under order quantity rules (docs/spec/storefront.md section 5 without
 * them): a whole number of cartons from the smallest order to the most that may be ordered (the
 * stock `max`, the maximum), typed numbers rounded down to a carton, anything non-numeric the
 * smallest order. With no rules it is clampQuantity (product-options.ts) exactly.
 */
export function clampToRules(raw: unknown, max: number, r: QuantityRules): number {
  const low = smallestAllowed(r);
  const step = stepOf(r);
  const top = Math.max(low, fitRoom(max, 0, r));
  const n = typeof raw === 'number' ? raw : Number.parseInt(String(raw ?? ''), 10);
  if (!Number.isFinite(n)) return low;
  return Math.max(low, Math.min(Math.floor(n / step) * step, top));
}
