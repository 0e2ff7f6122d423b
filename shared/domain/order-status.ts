// Order status transitions for the back office. Staff move an order one step at a time along
// pending -> paid -> processing -> shipped -> delivered; cancelling is possible until it ships,
// because after that the goods have left the shelf and only a return can undo it.
import type { OrderStatus } from '../constants';

const NEXT: Record<OrderStatus, readonly OrderStatus[]> = {
  pending: ['paid', 'cancelled'],
  paid: ['processing', 'cancelled'],
  processing: ['shipped', 'cancelled'],
  shipped: ['delivered'],
  delivered: [],
  cancelled: [],
};

export function allowedNextStatuses(from: OrderStatus): readonly OrderStatus[] {
  return NEXT[from];
}

export function canTransition(from: OrderStatus, to: OrderStatus): boolean {
  return NEXT[from].includes(to);
}

/** Why a transition is refused, in words staff understand; null when it is allowed. */
export function transitionError(from: OrderStatus, to: OrderStatus): string | null {
  if (canTransition(from, to)) return null;
  if (from === to) return `Order is already ${from}`;
  if (to === 'cancelled') return `A ${from} order cannot be cancelled`;
  if (NEXT[from].length === 0) return `A ${from} order cannot change status`;
  return `Cannot change an order from ${from} to ${to}; next step: ${NEXT[from].filter((s) => s !== 'cancelled').join(' or ')}`;
}
