import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../factories/users';
import { createTestApp, type TestApp } from '../../setup/test-app';

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

// The form is no relay for phishing from the shop's own address. Whatever it names, the shop writes
// its fixed words only to a signed-in customer's own account address; the staff copy keeps
// everything typed.
describe('the acknowledgement relays nothing', () => {
  const LURE = { name: 'PackShop Security Team', message: 'Your account is locked. Sign in at http://evil.example/login within 24 hours.' };
  const mailsTo = (address: string) => t.db.outboxMessage.findMany({ where: { toAddress: address, template: { startsWith: 'contact' } } });
  const staffCopyOf = (message: string) => t.db.outboxMessage.findFirstOrThrow({ where: { template: 'contact_staff', text: { contains: message } } });
  const everything = (m: { subject: string; text: string; html: string }) => `${m.subject}\n${m.text}\n${m.html}`;

  it("a guest naming someone else's address: nothing is sent to it, and the page's answer is unchanged (REST)", async () => {
    const victim = 'victim-guest@example.net';
    const res = await t.api('POST', '/contact', { body: { ...LURE, email: victim }, headers: { 'x-forwarded-for': '10.25.0.1' } });
    expect(res).toMatchObject({ status: 200, body: { message: CONFIRMATION } });
    expect(await mailsTo(victim)).toEqual([]);
    expect(await t.db.outboxMessage.count({ where: { template: 'contact_acknowledgement', text: { contains: 'evil.example' } } })).toBe(0);
    const staff = await staffCopyOf(LURE.message);
    expect(staff.toAddress).toBe('hello@packshop.sg');
    expect(everything(staff)).toContain(LURE.name);
    expect(staff.text).toContain(victim);
  });

  it.each(['tRPC', 'REST'] as const)(
    'a signed-in customer naming another address: the fixed acknowledgement goes to the account address only (%s)',
    async (door) => {
      const { email: own, token } = await createUser(t.deps);
      const other = `victim-${door.toLowerCase()}@example.net`;
      const message = `${LURE.message} (${door})`;
      if (door === 'tRPC') {
        expect((await t.caller({ token, ip: '10.25.0.2' }).contact.send({ ...LURE, email: other, message })).message).toBe(CONFIRMATION);
      } else {
        const res = await t.api('POST', '/contact', { token, body: { ...LURE, email: other, message }, headers: { 'x-forwarded-for': '10.25.0.3' } });
        expect(res).toMatchObject({ status: 200, body: { message: CONFIRMATION } });
      }
      expect(await mailsTo(other)).toEqual([]);
      const acks = await mailsTo(own);
      expect(acks.map((m) => m.template)).toEqual(['contact_acknowledgement']);
      const ack = everything(acks[0]);
      expect(ack).toContain('We have received your message and usually reply within 24 hours.');
      for (const typed of [LURE.name, 'evil.example', 'Your account is locked', other]) expect(ack).not.toContain(typed);
      const staff = await staffCopyOf(message);
      for (const typed of [LURE.name, other, message, own]) expect(everything(staff)).toContain(typed);
    },
  );
});
