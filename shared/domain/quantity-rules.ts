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

/** The smallest total the rules allow: the minimum, else one carton, else 1. */
export const smallestAllowed = (r: QuantityRules) => r.minimum ?? r.multiple ?? 1;

/** The step of a quantity stepper: one carton, else 1. */
export const stepOf = (r: QuantityRules) => r.multiple ?? 1;

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
  if (r.multiple !== null && r.multiple > 1) parts.push(`sold in cartons of ${r.multiple}`);
  if (r.minimum !== null && r.minimum > (r.multiple ?? 1)) parts.push(`at least ${r.minimum}`);
  if (r.maximum !== null) parts.push(`at most ${r.maximum}`);
  if (parts.length === 0) return null;
  const text = parts.join(', ');
  return text[0].toUpperCase() + text.slice(1);
}

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
