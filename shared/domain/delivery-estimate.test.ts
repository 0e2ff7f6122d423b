import { describe, expect, it } from 'vitest';
import { deliveryEstimate } from './delivery-estimate';

describe('deliveryEstimate', () => {
  it('adds 1-2 processing and 2-5 delivery working days', () => {
    expect(deliveryEstimate(new Date('2026-11-18T02:00:00Z')).label).toBe('3-7 working days');
  });
  it('skips weekends (Wednesday order: Monday to Thursday next week)', () => {
    const e = deliveryEstimate(new Date('2026-11-18T02:00:00Z')); // Wed 18 Nov, SGT
    expect(e.earliest_date).toBe('2026-11-23');
    expect(e.latest_date).toBe('2026-11-27');
  });
  it('uses the Singapore date: 17:00 UTC Friday is already Saturday in Singapore', () => {
    const e = deliveryEstimate(new Date('2026-11-20T17:00:00Z')); // Sat 21 Nov 01:00 SGT
    expect(e.earliest_date).toBe('2026-11-25');
    expect(e.latest_date).toBe('2026-12-01');
  });
});
