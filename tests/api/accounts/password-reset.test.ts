import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEAK_PASSWORD_MESSAGE } from '../../../shared/messages';
import { FORGOT_PASSWORD_ANSWER } from '../../../shared/schemas/user.schema';
import { createOutboxSender, type OutboxSender } from '../../../server/outbox/sender';
import { smtpTransport } from '../../../server/outbox/transport';
import { createUser } from '../../factories/users';
import { startTestSmtp, type TestSmtp } from '../../setup/smtp';
import { createTestApp, type TestApp } from '../../setup/test-app';

let t: TestApp;
let smtp: TestSmtp;
let sender: OutboxSender;
beforeAll(async () => {
  t = await createTestApp();
  smtp = await startTestSmtp();
  sender = createOutboxSender(t.db, { transport: smtpTransport(smtp.url), from: 'PackShop <orders@packshop.test>' });
});
afterAll(async () => {
  await sender.stop();
  await smtp.close();
  await t.close();
});

/** Delivers the outbox and answers the token in the newest reset e-mail to this address. */
async function resetLinkFor(email: string): Promise<string> {
  await sender.runOnce();
  const mail = smtp.received.filter((m) => m.subject === 'Reset your password' && (m.to as { text: string }).text === email).at(-1);
  if (!mail) throw new Error(`no reset e-mail for ${email}`);
  const url = /http\S+\/reset-password\?token=([A-Za-z0-9_-]+)/.exec(mail.text ?? '');
  expect(mail.html).toContain(url![0]);
  return url![1];
}

describe('forgot password -> reset -> signed in', () => {
  it('e-mails a single-use link, stores only its hash, signs every session out and signs in with the new password', async () => {
    const u = await createUser(t.deps, { firstName: 'Hui' });
    const otherSession = await createUser(t.deps); // someone else's session must survive
    const res = await t.api('POST', '/auth/forgot-password', { body: { email: u.email.toUpperCase() } });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(FORGOT_PASSWORD_ANSWER);
    const token = await resetLinkFor(u.email);
    const stored = await t.db.passwordResetToken.findFirstOrThrow({ where: { userId: u.user.id } });
    expect(stored.tokenHash).not.toContain(token);
    expect(stored.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    const validFor = stored.expiresAt.getTime() - stored.createdAt.getTime();
    expect(validFor).toBeGreaterThan(29 * 60_000);
    expect(validFor).toBeLessThanOrEqual(30 * 60_000 + 1000);

    const done = await t.api('POST', '/auth/reset-password', { body: { token, password: 'a brand new secret' } });
    expect(done.status).toBe(200);
    expect(done.body.user.email).toBe(u.email);
    // The old session is signed out, the new one works, and so does the new password.
    expect((await t.api('GET', '/users/me', { token: u.token })).status).toBe(401);
    expect((await t.api('GET', '/users/me', { token: done.body.access_token })).status).toBe(200);
    expect((await t.api('GET', '/users/me', { token: otherSession.token })).status).toBe(200);
    expect((await t.api('POST', '/auth/login', { body: { email: u.email, password: 'a brand new secret' } })).status).toBe(200);
    expect((await t.api('POST', '/auth/login', { body: { email: u.email, password: u.password } })).status).toBe(401);
    await sender.runOnce();
    expect(smtp.received.some((m) => m.subject === 'Your password was changed' && (m.to as { text: string }).text === u.email)).toBe(true);

    // Used once: a second use is refused with a clear message.
    const again = await t.api('POST', '/auth/reset-password', { body: { token, password: 'another new secret' } });
    expect(again.status).toBe(400);
    expect(again.body.detail).toBe('This reset link has already been used. Please ask for a new one.');
  });

  it('answers the same for an unknown e-mail and sends nothing', async () => {
    const before = await t.db.outboxMessage.count();
    const res = await t.caller({ ip: '10.0.0.2' }).auth.forgotPassword({ email: 'nobody-here@example.com' });
    expect(res.message).toBe(FORGOT_PASSWORD_ANSWER);
    expect(await t.db.outboxMessage.count()).toBe(before);
  });

  it('refuses forged and expired links, and weak passwords, with clear messages', async () => {
    const forged = await t.api('POST', '/auth/reset-password', { body: { token: 'made-up-token', password: 'long enough pw' } });
    expect(forged.status).toBe(400);
    expect(forged.body.detail).toBe('This reset link is not valid. Please ask for a new one.');

    const u = await createUser(t.deps);
    await t.api('POST', '/auth/forgot-password', { body: { email: u.email } });
    const token = await resetLinkFor(u.email);
    const short = await t.api('POST', '/auth/reset-password', { body: { token, password: 'short' } });
    expect(short.status).toBe(400);
    expect(short.body.detail).toContain('at least 8 characters');

    await t.db.passwordResetToken.updateMany({ where: { userId: u.user.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const expired = await t.api('POST', '/auth/reset-password', { body: { token, password: 'long enough pw' } });
    expect(expired.status).toBe(400);
    expect(expired.body.detail).toBe('This reset link has expired. Please ask for a new one.');
    expect((await t.api('GET', '/users/me', { token: u.token })).status).toBe(200); // nothing changed
  });

  it('a password the policy refuses changes nothing: the link still works, once', async () => {
    const u = await createUser(t.deps);
    await t.api('POST', '/auth/forgot-password', { body: { email: u.email } });
    const token = await resetLinkFor(u.email);
    // Long enough for the schema, refused by the strength rule, which runs in the service.
    const weak = await t.api('POST', '/auth/reset-password', { body: { token, password: 'password1234' } });
    expect(weak.status).toBe(400);
    expect(weak.body.detail).toBe(WEAK_PASSWORD_MESSAGE);
    expect((await t.db.passwordResetToken.findFirstOrThrow({ where: { userId: u.user.id } })).usedAt).toBeNull();
    expect((await t.api('GET', '/users/me', { token: u.token })).status).toBe(200);

    const done = await t.api('POST', '/auth/reset-password', { body: { token, password: 'a brand new secret' } });
    expect(done.status).toBe(200);
    const again = await t.api('POST', '/auth/reset-password', { body: { token, password: 'another new secret' } });
    expect(again.body.detail).toBe('This reset link has already been used. Please ask for a new one.');
  });

  it('limits requests per e-mail and per client address', async () => {
    const u = await createUser(t.deps);
    const ask = (ip: string, email = u.email) => t.caller({ ip }).auth.forgotPassword({ email });
    for (let i = 0; i < 3; i++) await ask(`10.1.0.${i}`);
    await expect(ask('10.1.0.9')).rejects.toMatchObject({ code: 'TOO_MANY_REQUESTS' });
    for (let i = 0; i < 10; i++) await ask('10.2.0.1', `probe${i}@example.com`);
    await expect(ask('10.2.0.1', 'probe-last@example.com')).rejects.toMatchObject({ code: 'TOO_MANY_REQUESTS' });
  });
});

describe('change password on the account', () => {
  it('needs the current password, keeps this session and signs the others out', async () => {
    const u = await createUser(t.deps);
    const other = await t.api('POST', '/auth/login', { body: { email: u.email, password: u.password } });
    const wrong = await t.api('POST', '/auth/change-password', { token: u.token, body: { current_password: 'nope nope', new_password: 'fresh password 1' } });
    expect(wrong.status).toBe(400);
    expect(wrong.body.detail).toBe('Your current password is not correct');

    const ok = await t.caller({ token: u.token }).auth.changePassword({ current_password: u.password, new_password: 'fresh password 1' });
    expect(ok.ok).toBe(true);
    expect((await t.api('GET', '/users/me', { token: u.token })).status).toBe(200);
    expect((await t.api('GET', '/users/me', { token: other.body.access_token })).status).toBe(401);
    expect((await t.api('POST', '/auth/change-password', { body: { current_password: 'x', new_password: 'y long enough' } })).status).toBe(401);
  });
});
