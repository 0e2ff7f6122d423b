import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GUEST_CARTS_PER_IP, GUEST_CARTS_WINDOW_S } from '../../../server/auth/rate-limit';
import { createGiftTier, createVariant, guestId } from '../../factories/shop';
import { createUser } from '../../factories/users';
import { createTestApp, type TestApp } from '../../setup/test-app';

// Starting a guest cart is limited per client address (decision 0163): the first add of a new
// guest, on whichever door and path, spends one of the address's allowance; using a cart never does.
// Each test is its own client address (the app believes X-Forwarded-For from loopback).

let t: TestApp;
let mailer: Awaited<ReturnType<typeof createVariant>>;
beforeAll(async () => {
  t = await createTestApp();
  mailer = await createVariant(t.db, { onHand: 100_000 });
});
afterAll(() => t.close());

const add = (address: string, guest: string, quantity = 1) =>
  t.api('POST', '/cart/add', { guestId: guest, headers: { 'x-forwarded-for': address }, body: { variant_id: mailer.variantId, quantity } });

/** The /trpc door over HTTP, as the storefront calls it (one procedure, input as the body). */
async function trpc(address: string, guest: string, procedure: string, input: unknown) {
  const res = await fetch(`${t.baseUrl}/trpc/${procedure}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-session-id': guest, 'x-forwarded-for': address },
    body: JSON.stringify(input),
  });
  return { status: res.status, body: (await res.json()) as { error?: { message: string; detail?: string } }, headers: res.headers };
}

const guestCarts = () => t.db.cart.count({ where: { userId: null } });

function expectRefusal(res: { status: number; headers: Headers }, detail: string | undefined) {
  expect(res.status).toBe(429);
  expect(detail).toMatch(/^Too many new shopping carts have been started from your network\. Please try again in \d+ minutes?\.$/);
  const wait = Number(res.headers.get('retry-after'));
  expect(Number.isInteger(wait)).toBe(true);
  expect(wait).toBeGreaterThan(0);
  expect(wait).toBeLessThanOrEqual(GUEST_CARTS_WINDOW_S);
}

describe('new guest carts per address', () => {
  it('REST: the allowance of new carts passes, the next is a 429 with Retry-After, and existing carts keep working', async () => {
    const address = '203.0.113.10';
    const guests = Array.from({ length: GUEST_CARTS_PER_IP }, () => guestId());
    for (const g of guests) expect((await add(address, g)).status).toBe(200);
    const before = await guestCarts();

    const refused = await add(address, guestId());
    expectRefusal(refused, refused.body.detail);
    expect(refused.body.request_id).toEqual(expect.any(String));
    // Quick order by SKU makes a cart too, through the adapter's door.
    const bulk = await t.api('POST', '/cart/bulk', { guestId: guestId(), headers: { 'x-forwarded-for': address }, body: { items: [{ sku: mailer.sku, quantity: 1 }] } });
    expectRefusal(bulk, bulk.body.detail);
    expect(await guestCarts()).toBe(before);

    // A shopper with a cart is never limited: adds, quick order, a change of quantity, reading it.
    const [first] = guests;
    const again = await add(address, first, 2);
    expect(again.status).toBe(200);
    expect(again.body.items[0].quantity).toBe(3);
    const more = await t.api('POST', '/cart/bulk', { guestId: first, headers: { 'x-forwarded-for': address }, body: { items: [{ sku: mailer.sku, quantity: 1 }] } });
    expect(more.status).toBe(200);
    const line = more.body.cart.items[0];
    expect((await t.api('PUT', `/cart/item/${line.id}`, { guestId: first, headers: { 'x-forwarded-for': address }, body: { quantity: 5 } })).status).toBe(200);
    expect((await t.api('GET', '/cart', { guestId: first, headers: { 'x-forwarded-for': address } })).body.items[0].quantity).toBe(5);

    // A signed-in shopper's cart is not a guest cart, and another address has its own allowance.
    const buyer = await createUser(t.deps);
    const signedIn = await t.api('POST', '/cart/add', { token: buyer.token, headers: { 'x-forwarded-for': address }, body: { variant_id: mailer.variantId, quantity: 1 } });
    expect(signedIn.status).toBe(200);
    expect((await add('203.0.113.11', guestId())).status).toBe(200);
  });

  it('tRPC: add, quick order and a gift pick each spend the allowance; the next new cart is a 429 with Retry-After', async () => {
    const address = '203.0.113.20';
    const tier = await createGiftTier(t.db, { thresholdCents: 1 });
    const first = guestId();
    // A gift pick by a new guest makes its (empty) cart before the tier is checked.
    const pick = await trpc(address, first, 'cart.toggleGift', { tier_id: tier.tierId, gift_id: tier.giftIds[0] });
    expect(pick.status).toBe(400);
    expect(await t.db.cart.count({ where: { guestId: first } })).toBe(1);
    expect((await trpc(address, guestId(), 'cart.bulk', { items: [{ sku: mailer.sku, quantity: 1 }] })).status).toBe(200);
    for (let i = 2; i < GUEST_CARTS_PER_IP; i++) expect((await trpc(address, guestId(), 'cart.add', { variant_id: mailer.variantId, quantity: 1 })).status).toBe(200);

    const refused = await trpc(address, guestId(), 'cart.add', { variant_id: mailer.variantId, quantity: 1 });
    expectRefusal(refused, refused.body.error?.detail);
    expect(refused.body.error?.message).toBe(refused.body.error?.detail);
    const gift = await trpc(address, guestId(), 'cart.toggleGift', { tier_id: tier.tierId, gift_id: tier.giftIds[0] });
    expectRefusal(gift, gift.body.error?.detail);

    // The first guest's cart still takes lines, and its gift now.
    expect((await trpc(address, first, 'cart.add', { variant_id: mailer.variantId, quantity: 1 })).status).toBe(200);
    expect((await trpc(address, first, 'cart.toggleGift', { tier_id: tier.tierId, gift_id: tier.giftIds[0] })).status).toBe(200);
  });

  it('counts only carts made: refused adds and reads spend nothing', async () => {
    const address = '203.0.113.30';
    for (let i = 0; i < GUEST_CARTS_PER_IP + 5; i++) {
      const g = guestId();
      expect((await t.api('POST', '/cart/add', { guestId: g, headers: { 'x-forwarded-for': address }, body: { variant_id: 'no-such-variant', quantity: 1 } })).status).toBe(404);
      expect((await t.api('GET', '/cart', { guestId: g, headers: { 'x-forwarded-for': address } })).status).toBe(200);
    }
    expect((await add(address, guestId())).status).toBe(200);
  });
});
