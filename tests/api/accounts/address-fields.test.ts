import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sgAddress } from '../../factories/orders';
import { createVariant } from '../../factories/shop';
import { createUser } from '../../factories/users';
import { createTestApp, type TestApp } from '../../setup/test-app';

// Issue 38, point 7: the account's address form asks for full name, phone, address line 1 and
// postal code only (docs/spec/storefront.md section 5); checkout still needs city and state.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const bare = { fullName: 'Tan Mei Ling', phone: '+65 9123 4567', addressLine1: '1 Orchard Road', postalCode: '238801', country: 'SG' };

describe('a saved address needs only what the account form asks', () => {
  it('takes a Singapore address without city or state (REST) and fills them with Singapore', async () => {
    const { token } = await createUser(t.deps);
    const res = await t.api('POST', '/users/me/addresses', { token, body: bare });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ city: 'Singapore', state: 'Singapore', isDefault: true });

    const blank = await t.api('PUT', `/users/me/addresses/${res.body.id}`, { token, body: { ...bare, city: '', state: '  ' } });
    expect(blank.status, JSON.stringify(blank.body)).toBe(200);
    expect(blank.body).toMatchObject({ city: 'Singapore', state: 'Singapore' });
  });

  it('keeps a Malaysian address without city or state blank rather than guessing (tRPC)', async () => {
    const { token } = await createUser(t.deps);
    const c = t.caller({ token });
    const saved = await c.users.addAddress({ ...bare, country: 'MY', postalCode: '50450', city: null, state: null });
    expect(saved).toMatchObject({ country: 'MY', city: '', state: '' });
    const kept = await c.users.addAddress({ ...bare, country: 'MY', postalCode: '50450', city: 'Johor Bahru', state: 'Johor' });
    expect(kept).toMatchObject({ city: 'Johor Bahru', state: 'Johor' });
  });

  it('says which field is wrong in the words the form shows under it', async () => {
    const { token } = await createUser(t.deps);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ ...bare, fullName: ' ' }, 'Full name is required'],
      [{ ...bare, phone: '' }, 'Phone is required'],
      [{ ...bare, phone: 'call me' }, 'Please enter a valid phone number'],
      [{ ...bare, phone: '123' }, 'Please enter a valid phone number'],
      [{ ...bare, addressLine1: '' }, 'Address line 1 is required'],
      [{ ...bare, postalCode: '' }, 'Postal code is required'],
      [{ ...bare, postalCode: '23880' }, 'Singapore postal codes have 6 digits'],
    ];
    for (const [body, detail] of cases) {
      const res = await t.api('POST', '/users/me/addresses', { token, body });
      expect(res.status, detail).toBe(400);
      expect(res.body.detail).toBe(detail);
    }
    expect((await t.api('GET', '/users/me/addresses', { token })).body).toEqual([]);
  });
});

describe('checkout still requires city and state', () => {
  it('refuses an order without a state, and takes it with one', async () => {
    const v = await createVariant(t.db, { onHand: 10, tiers: [[1, 1000]] });
    const { token } = await createUser(t.deps);
    expect((await t.api('POST', '/cart/add', { token, body: { variant_id: v.variantId, quantity: 1 } })).status).toBe(200);
    const { state: _state, ...noState } = sgAddress;
    const refused = await t.api('POST', '/orders', { token, body: { shipping_address: noState, payment_method: 'stripe' } });
    expect(refused.status).toBe(400);
    expect(refused.body.detail).toBe('State is required');
    const badPhone = await t.api('POST', '/orders', { token, body: { shipping_address: { ...sgAddress, phone: '12' }, payment_method: 'stripe' } });
    expect(badPhone.body.detail).toBe('Please enter a valid phone number');
    const placed = await t.api('POST', '/orders', { token, body: { shipping_address: sgAddress, payment_method: 'stripe' } });
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
  });
});
