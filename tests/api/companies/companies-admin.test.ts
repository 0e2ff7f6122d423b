import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webhookSubscriptionsChanged } from '../../../server/webhooks/subscriptions';
import { createUser } from '../../factories/users';
import { createTestApp, type TestApp } from '../../setup/test-app';
import { startTestReceiver } from '../../setup/webhook-receiver';

// The owner's side of companies (/admin/companies, admin.companies.*; decision 0188): details
// checked as the profile form checks them, terms and credit limit, members added at once or invited.
let t: TestApp;
let staff: Awaited<ReturnType<typeof createUser>>;
let admin: Awaited<ReturnType<typeof createUser>>;
beforeAll(async () => {
  t = await createTestApp();
  staff = await createUser(t.deps, { role: 'staff' });
  admin = await createUser(t.deps, { role: 'admin' });
});
afterAll(() => t.close());

const acme = { name: 'Acme Packaging Pte. Ltd.', country: 'SG', registration_number: '201912345k', tax_number: 'M90312345A', billing_address: '1 Raffles Place\nSingapore 048616', payment_terms_days: 30, credit_limit: 5000.5 };

describe('companies in the back office', () => {
  it('are created, read, listed and changed through REST, normalised and with terms', async () => {
    const res = await t.api('POST', '/admin/companies', { token: admin.token, body: acme });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: acme.name, registration_number: '201912345K', payment_terms_days: 30, credit_limit: 5000.5, member_count: 0 });
    const id = res.body.id as string;
    expect(await t.db.company.findUniqueOrThrow({ where: { id }, select: { creditLimitCents: true } })).toEqual({ creditLimitCents: 500050 });

    const got = await t.api('GET', `/admin/companies/${id}`, { token: staff.token });
    expect(got.status).toBe(200);
    expect(got.body).toMatchObject({ id, members: [], invitations: [] });
    const list = await t.api('GET', '/admin/companies?search=acme', { token: staff.token });
    expect(list.body.items.map((c: { id: string }) => c.id)).toContain(id);
    expect((await t.api('GET', '/admin/companies?search=201912345', { token: staff.token })).body.items.map((c: { id: string }) => c.id)).toContain(id);

    const patched = await t.api('PATCH', `/admin/companies/${id}`, { token: admin.token, body: { ...acme, name: 'Acme Holdings Pte. Ltd.', payment_terms_days: 0, credit_limit: null } });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ name: 'Acme Holdings Pte. Ltd.', payment_terms_days: 0, credit_limit: null });
  });

  it('are the same through tRPC', async () => {
    const c = await t.caller({ token: admin.token }).admin.companies.create({ name: 'Kotak Sdn. Bhd.', country: 'MY', registration_number: '202001012345', tax_number: 'W10-1808-31000001', credit_limit: 0 } as never);
    expect(c).toMatchObject({ country: 'MY', payment_terms_days: 0, credit_limit: 0 });
    expect((await t.caller({ token: staff.token }).admin.companies.get({ id: c.id })).name).toBe('Kotak Sdn. Bhd.');
    await expect(t.caller({ token: staff.token }).admin.companies.create(acme as never)).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });

  it('refuse odd input with a detail, and unknown ids with 404', async () => {
    const cases: [object, RegExp][] = [
      [{ ...acme, registration_number: '12345' }, /UEN as ACRA issued it/],
      [{ ...acme, payment_terms_days: 15 }, /0, 7, 14, 30 or 60/],
      [{ ...acme, credit_limit: -1 }, /cannot be negative/],
      [{ ...acme, credit_limit: 1.005 }, /2 decimals/],
      [{ ...acme, name: 'x'.repeat(1000) }, /too long/],
      [{ ...acme, name: 'Acme\u0000' }, /./],
      [{ ...acme, country: 'TH' }, /Singapore or Malaysia/],
      [{ ...acme, name: '' }, /Company name is required/],
      [{}, /./],
    ];
    for (const [body, detail] of cases) {
      const res = await t.api('POST', '/admin/companies', { token: admin.token, body });
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.body.detail).toMatch(detail);
    }
    expect((await t.api('GET', '/admin/companies/nope', { token: staff.token })).status).toBe(404);
    expect((await t.api('PATCH', '/admin/companies/nope', { token: admin.token, body: acme })).status).toBe(404);
    expect((await t.api('POST', '/admin/companies/nope/members', { token: admin.token, body: { email: 'a@example.com', role: 'buyer' } })).status).toBe(404);
    expect((await t.api('DELETE', '/admin/companies/nope/members/nope', { token: admin.token })).status).toBe(404);
  });

  it('are out of reach of customers and of company admins', async () => {
    const buyer = await createUser(t.deps);
    await t.api('PUT', '/users/me', { token: buyer.token, body: { company: acme } });
    expect((await t.api('GET', '/admin/companies', { token: buyer.token })).status).toBe(403);
    expect((await t.api('POST', '/admin/companies', { token: buyer.token, body: acme })).status).toBe(403);
    expect((await t.api('GET', '/admin/companies', {})).status).toBe(401);
  });
});

describe('members added by the owner', () => {
  it('join at once with an account, are refused while in another company, and leave at once', async () => {
    const a = (await t.api('POST', '/admin/companies', { token: admin.token, body: acme })).body.id as string;
    const b = (await t.api('POST', '/admin/companies', { token: admin.token, body: { ...acme, name: 'Other Pte. Ltd.' } })).body.id as string;
    const buyer = await createUser(t.deps);
    expect((await t.api('GET', '/users/me', { token: buyer.token })).body.company).toBeNull();

    const added = await t.api('POST', `/admin/companies/${a}/members`, { token: admin.token, body: { email: buyer.user.email.toUpperCase(), role: 'buyer' } });
    expect(added.status).toBe(200);
    expect(added.body).toMatchObject({ status: 'added', member: { user_id: buyer.user.id, role: 'buyer' }, invitation: null });
    // The session carried no company; the add dropped it, so the next request sees the company.
    const me = (await t.api('GET', '/users/me', { token: buyer.token })).body;
    expect(me).toMatchObject({ company: { name: acme.name }, company_role: 'buyer' });

    const again = await t.api('POST', `/admin/companies/${a}/members`, { token: admin.token, body: { email: buyer.user.email, role: 'admin' } });
    expect(again.status).toBe(409);
    expect(again.body.detail).toMatch(/already a member of this company/);
    const other = await t.api('POST', `/admin/companies/${b}/members`, { token: admin.token, body: { email: buyer.user.email, role: 'buyer' } });
    expect(other.status).toBe(409);
    expect(other.body.detail).toBe(`${buyer.user.email} is already a member of another company; they must leave it first`);
    await expect(t.caller({ token: admin.token }).admin.companies.addMember({ id: b, email: buyer.user.email, role: 'buyer' })).rejects.toMatchObject({ code: 'CONFLICT' });

    const role = await t.caller({ token: admin.token }).admin.companies.setMemberRole({ id: a, userId: buyer.user.id, role: 'admin' });
    expect(role.role).toBe('admin');
    expect((await t.api('GET', '/users/me', { token: buyer.token })).body.company_role).toBe('admin');
    expect((await t.api('PATCH', `/admin/companies/${a}/members/${buyer.user.id}`, { token: admin.token, body: { role: 'owner' } })).status).toBe(400);
    // Another company's id with this member: not found there.
    expect((await t.api('DELETE', `/admin/companies/${b}/members/${buyer.user.id}`, { token: admin.token })).status).toBe(404);

    expect((await t.api('DELETE', `/admin/companies/${a}/members/${buyer.user.id}`, { token: admin.token })).status).toBe(200);
    expect((await t.api('GET', '/users/me', { token: buyer.token })).body).toMatchObject({ company: null, company_role: null });
    // Free again: another company may add them.
    expect((await t.api('POST', `/admin/companies/${b}/members`, { token: admin.token, body: { email: buyer.user.email, role: 'buyer' } })).body.status).toBe('added');
  });

  it('without an account are invited by e-mail through the outbox; the link is made at delivery', async () => {
    const a = (await t.api('POST', '/admin/companies', { token: admin.token, body: acme })).body.id as string;
    const res = await t.api('POST', `/admin/companies/${a}/members`, { token: admin.token, body: { email: 'New.Buyer@Example.com', role: 'buyer' } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'invited', member: null, invitation: { email: 'new.buyer@example.com', role: 'buyer' } });
    const mail = await t.db.outboxMessage.findFirstOrThrow({ where: { template: 'company_invitation', toAddress: 'new.buyer@example.com' } });
    expect(mail.text).toContain('Acme Packaging');
    expect(mail.text).toContain('{{one-time-link}}');
    const row = await t.db.companyInvitation.findFirstOrThrow({ where: { companyId: a } });
    expect(row.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect((await t.api('GET', `/admin/companies/${a}`, { token: staff.token })).body.invitations).toHaveLength(1);
    // Inviting again ends the first invitation.
    await t.api('POST', `/admin/companies/${a}/members`, { token: admin.token, body: { email: 'new.buyer@example.com', role: 'admin' } });
    const open = (await t.api('GET', `/admin/companies/${a}`, { token: staff.token })).body.invitations;
    expect(open).toHaveLength(1);
    expect(open[0].role).toBe('admin');
  });

  it('are told to integrators as company.* webhooks', async () => {
    const rx = await startTestReceiver();
    const hook = await t.api('POST', '/admin/webhooks', { token: admin.token, body: { url: `${rx.url}/hooks`, events: ['company.created', 'company.updated', 'company.member_added', 'company.member_removed'], description: 'CRM' } });
    expect(hook.status, JSON.stringify(hook.body)).toBe(200);
    webhookSubscriptionsChanged();
    const a = (await t.api('POST', '/admin/companies', { token: admin.token, body: acme })).body.id as string;
    const buyer = await createUser(t.deps);
    await t.api('POST', `/admin/companies/${a}/members`, { token: admin.token, body: { email: buyer.user.email, role: 'buyer' } });
    await t.api('PATCH', `/admin/companies/${a}`, { token: admin.token, body: { ...acme, name: 'Renamed Pte. Ltd.' } });
    await t.api('DELETE', `/admin/companies/${a}/members/${buyer.user.id}`, { token: admin.token });
    const events = await t.db.webhookEvent.findMany({ where: { resourceKey: `company:${a}` }, select: { type: true, payload: true }, orderBy: { seq: 'asc' } });
    expect(events.map((e) => e.type)).toEqual(['company.created', 'company.member_added', 'company.updated', 'company.member_removed']);
    const removed = JSON.parse(events[3]!.payload).data;
    expect(removed.company).toMatchObject({ id: a, name: 'Renamed Pte. Ltd.' });
    expect(removed.member).toMatchObject({ user_id: buyer.user.id, email: buyer.user.email, role: 'buyer' });
    await rx.close();
  });
});
