import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GUEST_ID_RULE } from '../../../shared/domain/guest-id';
import { createVariant, guestId } from '../../factories/shop';
import { createUser } from '../../factories/users';
import { createTestApp, type TestApp } from '../../setup/test-app';

// A guest id is the only key to a guest's cart and chat, so one that could be guessed (what the
// shop itself made before: 9 base-36 characters) is refused, never used.
let t: TestApp;
let variantId: string;
beforeAll(async () => {
  t = await createTestApp();
  variantId = (await createVariant(t.db, { onHand: 100 })).variantId;
});
afterAll(() => t.close());

const OLD_STYLE = 'guest_1700000000000_k2j4h5g6f';
const WEAK = [OLD_STYLE, 'abcdefgh', `guest_1700000000000_${'a'.repeat(31)}`, `guest_x_${'a'.repeat(32)}`];

describe('a weak or malformed X-Session-Id', () => {
  it('is refused with 400 by the cart and the chat through REST, and nothing is stored under it', async () => {
    for (const weak of WEAK) {
      for (const [method, path, body] of [
        ['GET', '/cart', undefined],
        ['POST', '/cart/add', { variant_id: variantId, quantity: 1 }],
        ['DELETE', '/cart', undefined],
        ['POST', '/chat/sessions', { agent_type: 'main', page_context: 'homepage' }],
      ] as const) {
        const res = await t.api(method, path, { guestId: weak, body });
        expect(res.status, `${method} ${path} with ${weak}`).toBe(400);
        expect(res.body.detail).toBe(GUEST_ID_RULE);
      }
    }
    expect(await t.db.cart.count({ where: { guestId: { in: WEAK } } })).toBe(0);
    expect(await t.db.chatSession.count({ where: { guestId: { in: WEAK } } })).toBe(0);
  });

  it('is refused with BAD_REQUEST through tRPC', async () => {
    const weak = t.caller({ guestId: OLD_STYLE });
    await expect(weak.cart.get()).rejects.toMatchObject({ code: 'BAD_REQUEST', message: GUEST_ID_RULE });
    await expect(weak.cart.add({ variant_id: variantId, quantity: 1 })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    await expect(weak.chat.createSession({ agent_type: 'main', page_context: 'homepage' })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
  });

  it('is refused at sign-in, which would merge that cart into the account', async () => {
    const { email, password } = await createUser(t.deps);
    const rest = await t.api('POST', '/auth/login', { guestId: OLD_STYLE, body: { email, password } });
    expect(rest.status).toBe(400);
    expect(rest.body.detail).toBe(GUEST_ID_RULE);
    await expect(t.caller({ guestId: OLD_STYLE }).auth.login({ email, password })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    expect((await t.api('POST', '/auth/login', { body: { email, password } })).status).toBe(200);
  });

  it('is ignored by operations that do not use it (the catalogue)', async () => {
    expect((await t.api('GET', '/products/filter-options', { guestId: OLD_STYLE })).status).toBe(200);
    expect(await t.caller({ guestId: OLD_STYLE }).catalog.filterOptions()).toBeTruthy();
  });
});

describe('a strong guest id', () => {
  it('keeps a cart that another strong id does not see, through both doors', async () => {
    const mine = guestId();
    expect((await t.api('POST', '/cart/add', { guestId: mine, body: { variant_id: variantId, quantity: 2 } })).status).toBe(200);
    expect((await t.caller({ guestId: mine }).cart.get()).items).toHaveLength(1);
    expect((await t.api('GET', '/cart', { guestId: guestId() })).body.items).toEqual([]);
  });

  it('may use base64url characters', async () => {
    const b64 = `guest_1764000000000_${'Ab9-_'.repeat(7)}`;
    expect((await t.api('POST', '/cart/add', { guestId: b64, body: { variant_id: variantId, quantity: 1 } })).status).toBe(200);
    expect((await t.api('GET', '/cart', { guestId: b64 })).body.items).toHaveLength(1);
  });
});
