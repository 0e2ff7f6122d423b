import type { TestApp } from '../setup/test-app';

export const sgAddress = {
  fullName: 'Tan Mei Ling',
  phone: '+65 9123 4567',
  addressLine1: '1 Orchard Road',
  addressLine2: '',
  unit: '#05-01',
  postalCode: '238801',
  city: 'Singapore',
  state: 'Singapore',
  country: 'SG' as const,
};

/** Puts the variant in the user's cart and places the order through REST; returns the order. */
export async function placeOrderFor(t: TestApp, token: string, variantId: string, quantity: number, extra: Record<string, unknown> = {}) {
  const add = await t.api('POST', '/cart/add', { token, body: { variant_id: variantId, quantity } });
  if (add.status !== 200) throw new Error(`cart/add answered ${add.status}: ${JSON.stringify(add.body)}`);
  const res = await t.api('POST', '/orders', { token, body: { shipping_address: sgAddress, payment_method: 'stripe', ...extra } });
  if (res.status !== 200) throw new Error(`POST /orders answered ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body as { id: string; order_number: string; total: number; status: string };
}
