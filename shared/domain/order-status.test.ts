import { describe, expect, it } from 'vitest';
import { ORDER_STATUSES } from '../constants';
import { allowedNextStatuses, canTransition, transitionError } from './order-status';

describe('order status transitions', () => {
  it('moves one step at a time along the happy path', () => {
    expect(canTransition('pending', 'paid')).toBe(true);
    expect(canTransition('paid', 'processing')).toBe(true);
    expect(canTransition('processing', 'shipped')).toBe(true);
    expect(canTransition('shipped', 'delivered')).toBe(true);
    expect(canTransition('pending', 'shipped')).toBe(false);
    expect(canTransition('paid', 'delivered')).toBe(false);
  });

  it('allows cancel before shipping only', () => {
    expect(canTransition('pending', 'cancelled')).toBe(true);
    expect(canTransition('paid', 'cancelled')).toBe(true);
    expect(canTransition('processing', 'cancelled')).toBe(true);
    expect(canTransition('shipped', 'cancelled')).toBe(false);
    expect(canTransition('delivered', 'cancelled')).toBe(false);
  });

  it('treats delivered and cancelled as final', () => {
    for (const to of ORDER_STATUSES) {
      expect(canTransition('delivered', to)).toBe(false);
      expect(canTransition('cancelled', to)).toBe(false);
    }
    expect(allowedNextStatuses('cancelled')).toEqual([]);
  });

  it('explains refusals', () => {
    expect(transitionError('pending', 'paid')).toBeNull();
    expect(transitionError('shipped', 'cancelled')).toBe('A shipped order cannot be cancelled');
    expect(transitionError('pending', 'shipped')).toMatch(/next step: paid/);
    expect(transitionError('paid', 'paid')).toBe('Order is already paid');
  });
});
