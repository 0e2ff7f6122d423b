import { describe, expect, it } from 'vitest';
import { courierName, trackingUrl } from './couriers';

describe('trackingUrl', () => {
  it('links a known courier with the number encoded', () => {
    expect(trackingUrl('ninjavan', 'NV 123')).toBe('https://www.ninjavan.co/en-sg/tracking?id=NV%20123');
    expect(courierName('jt')).toBe('J&T Express');
  });
  it('gives no link for an unknown courier or a missing number', () => {
    expect(trackingUrl('other', 'X1')).toBeNull();
    expect(trackingUrl(null, 'X1')).toBeNull();
    expect(trackingUrl('dhl', '')).toBeNull();
  });
});
