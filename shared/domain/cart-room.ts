// How much more of a variant a shopper can still put in the cart, and how the cart says so. One
// rule for every door (one add, quick order, order again, a saved list) and for the message, so the
// number a message offers is always a number the server then accepts (issue 38, item 2).
import { MAX_LINE_QUANTITY } from '../schemas/cart.schema';
import { fitRoom, NO_RULES, smallestAllowed, type QuantityRules } from './quantity-rules';

/** What the shopper already holds of a variant before this line: in the cart, and on earlier lines of the same request. */
export interface Held {
  inCart: number;
  /** Accepted earlier lines of the same bulk request (quick order, order again, a list). */
  earlier?: number;
}

const heldTotal = (h: Held) => h.inCart + (h.earlier ?? 0);

/** How many more units can still be added: the stock left (and the line limit) minus what is already held. */
export function roomToAdd(available: number, held: Held): number {
  return Math.max(0, Math.min(available, MAX_LINE_QUANTITY) - heldTotal(held));
}

function whereHeld(h: Held): string {
  if (h.inCart > 0 && (h.earlier ?? 0) > 0) return `${h.inCart} in your cart and ${h.earlier} on earlier lines`;
  return h.inCart > 0 ? `${h.inCart} in your cart` : `${h.earlier} on earlier lines`;
}

/**
 * Why `quantity` more cannot be added, or null when it can. The words always name the number that
 * can still be added, so "you can add 46 more" is then accepted and 47 is not. With order quantity
 * rules (quantity-rules.ts) that number is the room rounded down to whole cartons and within the
 * maximum; the caller checks the rules themselves first, with their own message.
 */
export function roomRefusal(
  label: string,
  available: number,
  held: Held,
  quantity: number,
  rules: QuantityRules = NO_RULES,
): { reason: 'out_of_stock' | 'not_enough_stock' | 'bad_quantity'; message: string } | null {
  const plain = roomToAdd(available, held);
  const total = heldTotal(held);
  const room = fitRoom(plain, total, rules);
  if (quantity <= room) return null;
  if (available <= 0) return { reason: 'out_of_stock', message: `Sorry, ${label} is out of stock` };
  if (available > MAX_LINE_QUANTITY && total + quantity <= available) {
    // Stock is not the limit, the size of one cart line is.
    const more = total > 0 ? ` (you already have ${whereHeld(held)}: you can add ${room} more)` : '';
    return { reason: 'bad_quantity', message: `Quantity cannot be more than ${MAX_LINE_QUANTITY}${more}` };
  }
  if (total === 0 && room === plain) return { reason: 'not_enough_stock', message: `Only ${available} left of ${label}` };
  if (total === 0) {
    const can = room > 0 ? `you can add ${room}` : `fewer than the smallest order of ${smallestAllowed(rules)}`;
    return { reason: 'not_enough_stock', message: `Only ${available} left of ${label}: ${can}` };
  }
  const can = room > 0 ? `you can add ${room} more` : 'you cannot add more';
  return { reason: 'not_enough_stock', message: `Only ${available} left of ${label} and you already have ${whereHeld(held)}: ${can}` };
}
