import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../factories/users';
import { createTestApp, type TestApp } from '../setup/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const CONFIRMATION = "Thanks, we've received your message and usually reply within 24 hours.";

describe('POST /contact', () => {
  it('stores the message and answers the confirmation', async () => {
    const res = await t.api('POST', '/contact', { body: { name: ' Aisyah ', email: 'Aisyah@Shop.MY', message: 'Do you ship to Johor Bahru?' } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: CONFIRMATION });
    const row = await t.db.contactMessage.findFirst({ where: { name: 'Aisyah' } });
    expect(row).toMatchObject({ email: 'aisyah@shop.my', message: 'Do you ship to Johor Bahru?', isRead: false, userId: null });
  });

  it('links the message to the signed-in user (tRPC door)', async () => {
    const { user, token } = await createUser(t.deps);
    const res = await t.caller({ token, ip: '10.1.0.1' }).contact.send({ name: 'Mei', email: 'mei@example.com', message: 'Custom printing?' });
    expect(res.message).toBe(CONFIRMATION);
    expect((await t.db.contactMessage.findFirst({ where: { message: 'Custom printing?' } }))?.userId).toBe(user.id);
  });

  it.each([
    ['no name', { email: 'a@b.co', message: 'hi' }],
    ['blank message', { name: 'A', email: 'a@b.co', message: '   ' }],
    ['empty body', {}],
  ])('%s: 400 Please fill in all required fields', async (_l, body) => {
    const res = await t.api('POST', '/contact', { body, headers: { 'x-forwarded-for': '10.9.9.9' } });
    expect(res.status).toBe(400);
    expect(res.body.detail).toMatch(/^Please fill in all required fields/);
  });

  it('refuses an invalid email and stores nothing', async () => {
    const before = await t.db.contactMessage.count();
    const res = await t.api('POST', '/contact', { body: { name: 'A', email: 'not-an-email', message: 'hi' } });
    expect(res.status).toBe(400);
    expect(res.body.detail).toMatch(/valid email/);
    expect(await t.db.contactMessage.count()).toBe(before);
  });

  it('rate-limits by IP with a 429', async () => {
    const caller = t.caller({ ip: '10.7.7.7' });
    for (let i = 0; i < 5; i++) await caller.contact.send({ name: 'Spam', email: 's@example.com', message: `hello ${i}` });
    await expect(caller.contact.send({ name: 'Spam', email: 's@example.com', message: 'again' })).rejects.toMatchObject({
      code: 'TOO_MANY_REQUESTS',
      message: expect.stringMatching(/Too many messages sent/),
    });
    await t.caller({ ip: '10.7.7.8' }).contact.send({ name: 'Other', email: 'o@example.com', message: 'fine' });
  });
});
