import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STORAGE_POLICY } from '../../../shared/content/policies';
import { createChatShop, createOrderFor } from '../../factories/chat';
import { guestId as newGuest } from '../../factories/shop';
import { createUser } from '../../factories/users';
import { createTestApp, type TestApp } from '../../setup/test-app';

let t: TestApp;
let shop: { white: string; pink: string };
beforeAll(async () => {
  t = await createTestApp();
  shop = await createChatShop(t.db);
});
afterAll(() => t.close());

const GUEST_A = newGuest();
const GUEST_B = newGuest();

async function startRest(guestId: string, body: Record<string, unknown> = { agent_type: 'sizing', page_context: 'product' }) {
  const res = await t.api('POST', '/chat/sessions', { body, guestId });
  expect(res.status).toBe(200);
  return res.body.session_id as string;
}

describe('sessions through REST', () => {
  it('creates a session with a welcome message from the requested agent', async () => {
    const res = await t.api('POST', '/chat/sessions', { body: { agent_type: 'sales', page_context: 'homepage', user_id: 'someone-else' }, guestId: GUEST_A });
    expect(res.status).toBe(200);
    expect(res.body.session_id).toEqual(res.body.sessionId);
    expect(res.body.welcome_message).toMatchObject({ agent_name: 'Sam', agent_avatar: expect.any(String), agent_type: 'sales' });
    expect(res.body.welcome_message.suggestions.length).toBeGreaterThan(0);
    expect(new Date(res.body.welcome_message.timestamp).getTime()).not.toBeNaN();
    // user_id is never trusted: the session belongs to the guest id.
    const row = await t.db.chatSession.findUnique({ where: { id: res.body.session_id } });
    expect(row).toMatchObject({ guestId: GUEST_A, userId: null });
  });

  it('refuses to start without a guest id or a session, and refuses unknown agent types', async () => {
    expect((await t.api('POST', '/chat/sessions', { body: {} })).status).toBe(400);
    const bad = await t.api('POST', '/chat/sessions', { body: { agent_type: 'boss' }, guestId: GUEST_A });
    expect(bad.status).toBe(400);
    expect(bad.body.detail).toMatch(/agent_type must be one of/);
  });

  it('answers a sizing question with the smallest fitting size in stock and product links', async () => {
    const id = await startRest(GUEST_A);
    const res = await t.api('POST', `/chat/sessions/${id}/messages`, { body: { message: 'What size for a 30 x 20 x 5 cm box?', session_id: id, agent_type: 'sizing', page_context: 'product' }, guestId: GUEST_A });
    expect(res.status).toBe(200);
    expect(res.body.content).toMatch(/28x42/);
    expect(res.body.agent_name).toBe('Sid');
    const links = res.body.actions.filter((a: { type: string }) => a.type === 'link');
    // Pink 28x42 is out of stock, so only the white product is linked.
    expect(links[0].url).toMatch(new RegExp(`^/products/${shop.white}/[a-z0-9-]+$`));
    expect(links.some((a: { url: string }) => a.url.startsWith(`/products/${shop.pink}/`))).toBe(false);
    expect(res.body).toMatchObject({ message_id: expect.any(String), timestamp: expect.any(String), suggestions: expect.any(Array) });
  });

  it('keeps history in order and deletes the session', async () => {
    const id = await startRest(GUEST_A);
    await t.api('POST', `/chat/sessions/${id}/messages`, { body: { message: 'A pair of jeans' }, guestId: GUEST_A });
    const hist = await t.api('GET', `/chat/sessions/${id}/history?limit=50`, { guestId: GUEST_A });
    expect(hist.status).toBe(200);
    expect(hist.body.map((m: { role: string }) => m.role)).toEqual(['agent', 'user', 'agent']);
    expect(hist.body[1].content).toBe('A pair of jeans');
    const limited = await t.api('GET', `/chat/sessions/${id}/history?limit=1`, { guestId: GUEST_A });
    expect(limited.body).toHaveLength(1);
    expect((await t.api('GET', `/chat/sessions/${id}/history?limit=500`, { guestId: GUEST_A })).status).toBe(400);

    expect((await t.api('DELETE', `/chat/sessions/${id}`, { guestId: GUEST_A })).status).toBe(200);
    expect((await t.api('GET', `/chat/sessions/${id}/history`, { guestId: GUEST_A })).status).toBe(404);
    expect(await t.db.chatMessage.count({ where: { sessionId: id } })).toBe(0);
  });
});

describe('ownership', () => {
  it("a guest cannot read, write or delete another guest's session (404)", async () => {
    const id = await startRest(GUEST_A);
    expect((await t.api('GET', `/chat/sessions/${id}/history`, { guestId: GUEST_B })).status).toBe(404);
    expect((await t.api('POST', `/chat/sessions/${id}/messages`, { body: { message: 'hi' }, guestId: GUEST_B })).status).toBe(404);
    expect((await t.api('DELETE', `/chat/sessions/${id}`, { guestId: GUEST_B })).status).toBe(404);
    expect((await t.api('GET', `/chat/sessions/${id}/history`)).status).toBe(404);
    expect((await t.api('GET', '/chat/sessions/nope-not-a-session/history', { guestId: GUEST_A })).status).toBe(404);
  });

  it("a user cannot read another user's session, whatever user_id says", async () => {
    const a = await createUser(t.deps);
    const b = await createUser(t.deps);
    const created = await t.caller({ token: a.token }).chat.createSession({ agent_type: 'care', page_context: 'support', user_id: b.user.id });
    const row = await t.db.chatSession.findUnique({ where: { id: created.session_id } });
    expect(row?.userId).toBe(a.user.id);
    await expect(t.caller({ token: b.token }).chat.history({ sessionId: created.session_id, limit: 50 })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(t.caller({ token: b.token }).chat.deleteSession({ sessionId: created.session_id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    const mine = await t.caller({ token: a.token }).chat.history({ sessionId: created.session_id, limit: 50 });
    expect(mine).toHaveLength(1);
  });

  it("a guest who signs in keeps reading the guest conversation; a guest id never opens a user's session", async () => {
    const guest = newGuest();
    const id = await startRest(guest);
    const user = await createUser(t.deps);
    const kept = await t.caller({ token: user.token, guestId: guest }).chat.history({ sessionId: id, limit: 50 });
    expect(kept).toEqual([expect.objectContaining({ role: 'agent', timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/) })]);
    const created = await t.caller({ token: user.token, guestId: guest }).chat.createSession({ agent_type: 'care', page_context: 'support' });
    // Even a user's session that carries the guest id (none is written so today) stays the user's.
    await t.db.chatSession.update({ where: { id: created.session_id }, data: { guestId: guest } });
    await expect(t.caller({ guestId: guest }).chat.history({ sessionId: created.session_id, limit: 50 })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});

describe('bad input', () => {
  it('refuses empty, whitespace-only and 10,000-character messages with a clear 400', async () => {
    const id = await startRest(GUEST_A);
    for (const message of ['', '    \n\t ', 'x'.repeat(10_000)]) {
      const res = await t.api('POST', `/chat/sessions/${id}/messages`, { body: { message }, guestId: GUEST_A });
      expect(res.status).toBe(400);
      expect(res.body.detail).toMatch(/Please type a message|at most 2000 characters/);
    }
    expect(await t.db.chatMessage.count({ where: { sessionId: id, role: 'user' } })).toBe(0);
  });

  it("answers 400 'Session ID is required' without a session id; unknown and others' sessions stay 404", async () => {
    // What a client without a session puts in the path: blank, null or undefined.
    for (const path of ['/chat/sessions/%20/messages', '/chat/sessions/null/messages', '/chat/sessions/undefined/messages']) {
      const res = await t.api('POST', path, { body: { message: 'hello' }, guestId: GUEST_A });
      expect(res.status, path).toBe(400);
      expect(res.body.detail, path).toBe('Session ID is required');
    }
    await expect(t.caller({ guestId: GUEST_A }).chat.sendMessage({ sessionId: '', message: 'hi' })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: expect.stringMatching(/Session ID is required/),
    });
    await expect(t.caller({ guestId: GUEST_A }).chat.sendMessage({ message: 'hi' } as never)).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    const unknown = await t.api('POST', '/chat/sessions/not-a-session/messages', { body: { message: 'hello' }, guestId: GUEST_A });
    expect(unknown.status).toBe(404);
    expect(unknown.body.detail).toBe('Chat session not found');
    const theirs = await startRest(GUEST_B);
    expect((await t.api('POST', `/chat/sessions/${theirs}/messages`, { body: { message: 'hello' }, guestId: GUEST_A })).status).toBe(404);
  });

  it('stores HTML and script exactly as typed, as plain text', async () => {
    const id = await startRest(GUEST_A);
    const evil = '<script>alert(1)</script><img src=x onerror=alert(2)>';
    const res = await t.api('POST', `/chat/sessions/${id}/messages`, { body: { message: evil }, guestId: GUEST_A });
    expect(res.status).toBe(200);
    const hist = await t.api('GET', `/chat/sessions/${id}/history`, { guestId: GUEST_A });
    expect(hist.body[1].content).toBe(evil);
    expect(res.body.content).not.toContain('<script>');
  });

  it('rate-limits a flood of messages on one session with a clear 429', async () => {
    const id = await startRest(GUEST_B);
    const statuses: number[] = [];
    for (let i = 0; i < 22; i++) {
      statuses.push((await t.api('POST', `/chat/sessions/${id}/messages`, { body: { message: `hello ${i}` }, guestId: GUEST_B })).status);
    }
    expect(statuses.slice(0, 20).every((s) => s === 200)).toBe(true);
    expect(statuses[20]).toBe(429);
    const last = await t.api('POST', `/chat/sessions/${id}/messages`, { body: { message: 'again' }, guestId: GUEST_B });
    expect(last.body.detail).toMatch(/sending messages too quickly/);
  });
});

describe('agents answer from live data', () => {
  const ask = async (message: string, opts: { token?: string; guestId?: string } = { guestId: GUEST_A }, extra: Record<string, unknown> = {}) => {
    const c = t.caller(opts);
    const { session_id } = await c.chat.createSession({ agent_type: 'main', page_context: 'homepage' });
    return c.chat.sendMessage({ sessionId: session_id, message, ...extra });
  };

  it('quotes real tier prices for "white 25x35 price" and offers add to cart', async () => {
    const r = await ask('white 25x35 price');
    expect(r.agent_type).toBe('sales');
    expect(r.content).toContain('$9.90 per pack');
    expect(r.content).toContain('$8.40 from 100 packs');
    expect(r.actions).toContainEqual(expect.objectContaining({ type: 'add_to_cart', label: 'Add to cart' }));
  });

  it('adds to cart as an action with the variant and quantity', async () => {
    const r = await ask('add 2 packs of pink 25x35 to my cart');
    const action = r.actions.find((a) => a.type === 'add_to_cart');
    const variant = await t.db.variant.findUniqueOrThrow({ where: { id: action!.payload!.variant_id } });
    expect(variant).toMatchObject({ productId: shop.pink, sizeCode: '25x35', packSize: 50 });
    expect(action!.payload!.quantity).toBe(2);
    expect(r.content).toContain('$23.80 in total');
  });

  it('lists only coupons valid now, and gift tiers', async () => {
    const coupons = await ask('any coupon codes?');
    expect(coupons.content).toContain('WELCOME10: 10% off orders of $30.00 or more');
    expect(coupons.content).not.toContain('OLDCODE');
    const gifts = await ask('do I get a free gift?');
    expect(gifts.content).toMatch(/Spend \$100: choose 1 free gift from Fragile Stickers on orders of \$100\.00 or more/);
  });

  it('answers "2000 mailers" with quantity tiers and the bulk-quote offer, not coupon codes', async () => {
    const r = await ask('Discounts if I buy 2000 mailers?');
    expect(r.agent_type).toBe('sales');
    expect(r.content).toMatch(/% off from \d+ packs/);
    expect(r.content).toContain('For 2,000 mailers');
    expect(r.content).not.toContain('Coupons you can use right now');
    expect(r.actions).toContainEqual(expect.objectContaining({ label: 'Get Bulk Quote', url: '/contact' }));
  });

  it('answers how to keep the adhesive sticky from the storage policy', async () => {
    const r = await ask('How do I store polymailers so the adhesive stays sticky?');
    expect(r.agent_type).toBe('care');
    expect(r.content).toContain(STORAGE_POLICY.where);
    expect(r.content).toContain(STORAGE_POLICY.liner);
  });

  it('answers shipping with the shared policy and unknown questions with a person to reach', async () => {
    const ship = await ask('Do you deliver to Malaysia?');
    expect(ship.agent_type).toBe('care');
    expect(ship.content).toMatch(/Singapore and Malaysia only/);
    expect(ship.content).toMatch(/2 to 5 working days/);
    const unknown = await ask("what's the weather like tomorrow");
    expect(unknown.content).toMatch(/don't have a good answer/);
    expect(unknown.actions).toContainEqual(expect.objectContaining({ url: '/contact' }));
  });

  it("tells only the owner their order status; others and guests learn nothing", async () => {
    const owner = await createUser(t.deps, { firstName: 'Owner' });
    const other = await createUser(t.deps);
    await createOrderFor(t.db, owner.user.id, 'PS-20261121-ABC123');
    const mine = await ask('Where is my order PS-20261121-ABC123?', { token: owner.token });
    expect(mine.content).toMatch(/has shipped/);
    expect(mine.content).toContain('SPX123456789');
    const theirs = await ask('Where is my order PS-20261121-ABC123?', { token: other.token });
    expect(theirs.content).toMatch(/couldn't find order PS-20261121-ABC123 on your account/);
    expect(theirs.content).not.toContain('SPX123456789');
    const guest = await ask('status of ps20261121abc123', { guestId: GUEST_A });
    expect(guest.content).toMatch(/sign in/);
    expect(guest.content).not.toContain('SPX');
  });
});
