import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createChatShop } from '../../factories/chat';
import { createUser } from '../../factories/users';
import { createTestApp, type TestApp } from '../../setup/test-app';

// The chat's price answers (decision 0193): a company member is quoted their company's prices, a
// plain buyer the list price, through both doors.
let t: TestApp;
let member: Awaited<ReturnType<typeof createUser>>;
let plain: Awaited<ReturnType<typeof createUser>>;
beforeAll(async () => {
  t = await createTestApp();
  await createChatShop(t.db);
  const admin = await createUser(t.deps, { role: 'admin' });
  [member, plain] = [await createUser(t.deps), await createUser(t.deps)];
  const list = await t.api('POST', '/admin/price-lists', { token: admin.token, body: { name: 'Ten off', percent_off: 10 } });
  const c = await t.api('POST', '/admin/companies', { token: admin.token, body: { name: 'Delta Pte. Ltd.', country: 'SG', registration_number: '201912345K', price_list_id: list.body.id } });
  await t.api('POST', `/admin/companies/${c.body.id}/members`, { token: admin.token, body: { email: member.user.email, role: 'buyer' } });
});
afterAll(() => t.close());

describe('the chat’s price answers', () => {
  it('quote the member’s contract price and the plain buyer’s list price', async () => {
    const ask = async (token: string) => {
      const c = t.caller({ token });
      const { session_id } = await c.chat.createSession({ agent_type: 'main', page_context: 'homepage' });
      return c.chat.sendMessage({ sessionId: session_id, message: 'white 25x35 price' });
    };
    const mine = await ask(member.token);
    expect(mine.content).toContain('$8.91 per pack');
    expect(mine.content).toContain('$7.56 from 100 packs');
    expect((await ask(plain.token)).content).toContain('$9.90 per pack');

    const auth = { token: member.token };
    const s = await t.api('POST', '/chat/sessions', { ...auth, body: { agent_type: 'main', page_context: 'homepage' } });
    const rest = await t.api('POST', `/chat/sessions/${s.body.session_id}/messages`, { ...auth, body: { message: 'white 25x35 price' } });
    expect(rest.status).toBe(200);
    expect(rest.body.content).toContain('$8.91 per pack');
  });
});
