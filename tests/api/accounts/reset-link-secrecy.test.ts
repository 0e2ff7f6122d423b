import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOutboxSender, type OutboxSender } from '../../../server/outbox/sender';
import { HIDDEN_LINK } from '../../../server/outbox/secrets';
import { smtpTransport } from '../../../server/outbox/transport';
import { RESEND_GONE } from '../../../server/services/emails/outbox.service';
import { createUser } from '../../factories/users';
import { startTestSmtp, type TestSmtp } from '../../setup/smtp';
import { createTestApp, type TestApp } from '../../setup/test-app';

// Issue 25: anyone could ask for the owner's reset link, and whoever could read the outbox (staff
// in the back office, REST, a copy of the database) could use it to take the owner's account.
// The link must reach the recipient's inbox and nowhere else, and still work there, once.

let t: TestApp;
let smtp: TestSmtp;
let sender: OutboxSender;
let owner: Awaited<ReturnType<typeof createUser>>;
let staff: Awaited<ReturnType<typeof createUser>>;
beforeAll(async () => {
  t = await createTestApp();
  smtp = await startTestSmtp();
  sender = createOutboxSender(t.db, { transport: smtpTransport(smtp.url), from: 'PackShop <orders@packshop.test>' });
  owner = await createUser(t.deps, { role: 'admin', firstName: 'Owner' });
  staff = await createUser(t.deps, { role: 'staff' });
});
afterAll(async () => {
  await sender.stop();
  await smtp.close();
  await t.close();
});

const NEW_PASSWORD = 'taken over at last 42';

/** Everything a reader of the outbox can see of the reset e-mails to this address, as text. */
async function whatTheOutboxShows(email: string): Promise<string[]> {
  const seen: string[] = [];
  const rows = await t.db.outboxMessage.findMany({ where: { toAddress: email, template: 'password_reset' } });
  expect(rows.length).toBeGreaterThan(0);
  seen.push(JSON.stringify(rows)); // at rest: a copy of the database
  for (const row of rows) {
    const asAdmin = await t.api('GET', `/admin/emails/${row.id}`, { token: owner.token });
    expect(asAdmin.status).toBe(200);
    seen.push(JSON.stringify(asAdmin.body));
    seen.push(JSON.stringify(await t.caller({ token: owner.token }).admin.emails.get({ id: row.id })));
    // Staff may not read customers' mail at all (docs/security.md, roles).
    expect((await t.api('GET', `/admin/emails/${row.id}`, { token: staff.token })).status).toBe(403);
    await expect(t.caller({ token: staff.token }).admin.emails.get({ id: row.id })).rejects.toMatchObject({ code: 'FORBIDDEN' });
  }
  const list = await t.api('GET', `/admin/emails?search=${encodeURIComponent(email)}`, { token: owner.token });
  expect(list.status).toBe(200);
  seen.push(JSON.stringify(list.body));
  return seen;
}

/** Tries every token-like string in what was seen; answers the ones that reset a password. */
async function workingTokensIn(seen: string[]): Promise<string[]> {
  const candidates = new Set(seen.flatMap((s) => s.match(/[A-Za-z0-9_-]{16,}/g) ?? []));
  const working: string[] = [];
  for (const token of candidates) {
    const res = await t.api('POST', '/auth/reset-password', { body: { token, password: NEW_PASSWORD } });
    expect(res.status).toBeLessThan(500);
    if (res.status === 200) working.push(token);
  }
  return working;
}

/** Delivers the outbox and answers the token of the newest reset e-mail received for this address. */
async function deliveredToken(email: string): Promise<string> {
  await sender.runOnce();
  const mail = smtp.received.filter((m) => m.subject === 'Reset your password' && (m.to as { text: string }).text === email).at(-1);
  if (!mail) throw new Error(`no reset e-mail for ${email}`);
  const link = /http\S+\/reset-password\?token=([A-Za-z0-9_-]+)/.exec(mail.text ?? '');
  expect(link).not.toBeNull();
  expect(mail.html).toContain(link![0]);
  expect(`${mail.text}${mail.html}`).not.toContain(HIDDEN_LINK);
  return link![1];
}

describe('a reset link is readable only in the recipient inbox', () => {
  it('the outbox, the back office and REST hold no link that works, before or after delivery; the e-mailed one works once', async () => {
    const asked = await t.api('POST', '/auth/forgot-password', { body: { email: owner.email } });
    expect(asked.status).toBe(200);

    // Before delivery: the takeover this guards against (ask for the owner's reset link, read it as
    // staff) finds nothing to use; the link's place says why.
    expect(await workingTokensIn(await whatTheOutboxShows(owner.email))).toEqual([]);
    const id = (await t.db.outboxMessage.findFirstOrThrow({ where: { toAddress: owner.email }, select: { id: true } })).id;
    const shown = await t.api('GET', `/admin/emails/${id}`, { token: owner.token });
    expect(shown.body.html).toContain(HIDDEN_LINK);
    expect(shown.body.text).toContain(`Choose a new password: ${HIDDEN_LINK}`);

    const token = await deliveredToken(owner.email);
    // After delivery: the row is marked sent and still shows no link.
    const seen = await whatTheOutboxShows(owner.email);
    expect(seen.join('\n')).not.toContain(token);
    expect(await workingTokensIn(seen)).toEqual([]);
    const row = await t.db.outboxMessage.findFirstOrThrow({ where: { toAddress: owner.email, template: 'password_reset' } });
    expect(row.status).toBe('sent');

    // The owner's link works, once.
    const reset = await t.api('POST', '/auth/reset-password', { body: { token, password: 'the owner chose this one' } });
    expect(reset.status).toBe(200);
    expect(reset.body.user.email).toBe(owner.email);
    const again = await t.api('POST', '/auth/reset-password', { body: { token, password: 'the owner chose another' } });
    expect(again.status).toBe(400);
    expect(again.body.detail).toBe('This reset link has already been used. Please ask for a new one.');
    owner.token = reset.body.access_token;
  });

  it('a resend issues a fresh link that ends the earlier one, and is refused once the link was used', async () => {
    const u = await createUser(t.deps);
    await t.caller({ ip: '10.9.0.1' }).auth.forgotPassword({ email: u.email });
    const first = await deliveredToken(u.email);
    const row = await t.db.outboxMessage.findFirstOrThrow({ where: { toAddress: u.email, template: 'password_reset' }, select: { id: true } });

    const resent = await t.api('POST', `/admin/emails/${row.id}/resend`, { token: owner.token });
    expect(resent.status).toBe(200);
    expect(resent.body.html).toContain(HIDDEN_LINK);
    const second = await deliveredToken(u.email);
    expect(second).not.toBe(first);
    expect((await t.api('POST', '/auth/reset-password', { body: { token: first, password: 'the first link password' } })).status).toBe(400);
    expect((await t.api('POST', '/auth/reset-password', { body: { token: second, password: 'the second link password' } })).status).toBe(200);

    const refused = await t.api('POST', `/admin/emails/${row.id}/resend`, { token: owner.token });
    expect(refused.status).toBe(409);
    expect(refused.body.detail).toBe(RESEND_GONE);
    await expect(t.caller({ token: owner.token }).admin.emails.resend({ id: row.id })).rejects.toMatchObject({ code: 'CONFLICT', message: RESEND_GONE });
    const resetMails = () => smtp.received.filter((m) => m.subject === 'Reset your password' && (m.to as { text: string }).text === u.email).length;
    const before = resetMails();
    await sender.runOnce();
    expect(resetMails()).toBe(before);
  });

  it('a link that expired before delivery is not mailed, and the message says why', async () => {
    const u = await createUser(t.deps);
    await t.caller({ ip: '10.9.0.2' }).auth.forgotPassword({ email: u.email });
    await t.db.passwordResetToken.updateMany({ where: { userId: u.user.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    await sender.runOnce();
    expect(smtp.received.filter((m) => (m.to as { text: string }).text === u.email)).toEqual([]);
    const row = await t.db.outboxMessage.findFirstOrThrow({ where: { toAddress: u.email, template: 'password_reset' } });
    expect(row.status).toBe('failed');
    expect(row.lastError).toMatch(/used or expired before this e-mail was sent/);
  });
});
