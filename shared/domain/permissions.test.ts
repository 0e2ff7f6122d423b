import { describe, expect, it } from 'vitest';
import { BACK_OFFICE_OPERATIONS, mayCall, roleForRoute } from './permissions';

describe('the back-office role table', () => {
  it('lets admins call everything, staff their rows, and nobody else anything', () => {
    for (const op of BACK_OFFICE_OPERATIONS) {
      expect(mayCall('admin', op.rest)).toBe(true);
      expect(mayCall('staff', op.rest)).toBe(op.role === 'staff');
      expect(mayCall('customer', op.rest)).toBe(false);
      expect(mayCall(undefined, op.rest)).toBe(false);
    }
    expect(mayCall('staff', 'GET /admin/orders')).toBe(true);
    expect(mayCall('staff', 'GET /admin/emails')).toBe(false);
  });

  it('refuses an operation without a row, for every role', () => {
    expect(mayCall('admin', 'GET /admin/something-new')).toBe(false);
    expect(() => roleForRoute('GET /admin/something-new')).toThrow('has no row');
  });
});
