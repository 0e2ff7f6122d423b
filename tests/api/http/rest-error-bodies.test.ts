import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVariant, guestId } from '../../factories/shop';
import { createUser } from '../../factories/users';
import { createTestApp, type TestApp } from '../../setup/test-app';

// Issue 24: errors answered through the procedures adapter carried tRPC's internals beside detail
// (message, code, data.path such as orders.get, httpStatus, issues). The REST door answers
// { detail, request_id } and nothing else, whichever route produced the error.

let t: TestApp;
let customer: string;
let variantId: string;
beforeAll(async () => {
  t = await createTestApp();
  customer = (await createUser(t.deps)).token;
  variantId = (await createVariant(t.db, { onHand: 5 })).variantId;
});
afterAll(() => t.close());

function expectRestError(res: { status: number; body: unknown; headers: Headers }, status: number) {
  expect(res.status).toBe(status);
  expect(Object.keys(res.body as object).sort()).toEqual(['detail', 'request_id']);
  const body = res.body as { detail: unknown; request_id: unknown };
  expect(body.detail).toEqual(expect.any(String));
  expect(body.request_id).toBe(res.headers.get('x-request-id'));
}

describe('REST error bodies', () => {
  it('400 from a schema: detail and request_id only', async () => {
    const g = guestId();
    const added = await t.api('POST', '/cart/add', { guestId: g, body: { variant_id: variantId, quantity: 1 } });
    const res = await t.api('PUT', `/cart/item/${added.body.items[0].id}`, { guestId: g, body: { quantity: '3' } });
    expectRestError(res, 400);
    expect(res.body.detail).toBe('Quantity must be a number');
    expectRestError(await t.api('POST', '/contact', { body: { name: 'A', email: 'not-an-email', message: 'hi' } }), 400);
  });

  it('401 and 403: detail and request_id only', async () => {
    expectRestError(await t.api('GET', '/orders'), 401);
    expectRestError(await t.api('GET', '/admin/orders', { token: customer }), 403);
  });

  it('404 of an unknown id: detail and request_id only', async () => {
    const res = await t.api('GET', '/orders/clnotanorder000000000000', { token: customer });
    expectRestError(res, 404);
    expect(JSON.stringify(res.body)).not.toContain('orders.get');
  });

  it('409 on both the adapter path and the direct one: detail and request_id only', async () => {
    const g = guestId();
    const added = await t.api('POST', '/cart/add', { guestId: g, body: { variant_id: variantId, quantity: 1 } });
    expectRestError(await t.api('PUT', `/cart/item/${added.body.items[0].id}`, { guestId: g, body: { quantity: 50 } }), 409);
    expectRestError(await t.api('POST', '/cart/add', { guestId: g, body: { variant_id: variantId, quantity: 50 } }), 409);
  });

  it('429 after too many sign-in attempts: detail and request_id only', async () => {
    const email = 'error-bodies@example.com';
    const from = { 'x-forwarded-for': '203.0.113.24' };
    let res = await t.api('POST', '/auth/login', { headers: from, body: { email, password: 'guess-0' } });
    expectRestError(res, 401);
    for (let i = 1; res.status !== 429 && i < 20; i++) res = await t.api('POST', '/auth/login', { headers: from, body: { email, password: `guess-${i}` } });
    expectRestError(res, 429);
  });
});
