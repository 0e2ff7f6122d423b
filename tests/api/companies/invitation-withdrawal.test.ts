import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyWithBuyer } from '../../factories/companies';
import { HIDDEN_INVITATION_LINK, HIDDEN_LINK, issueOneTimeLink } from '../../../server/outbox/secrets';
import { createUser } from '../../factories/users';
import { createTestApp, type TestApp } from '../../setup/test-app';

// Withdrawing a company invitation (decision 0195): the company's admins (DELETE /company/invitations/{id},
// company.withdrawInvitation) and the owner (DELETE /admin/companies/{id}/invitations/{invitationId});
// the link then says it was withdrawn.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const company = (name?: string) => companyWithBuyer(t, name);

async function invitationLink(email: string) {
  const mail = await t.db.outboxMessage.findFirstOrThrow({ where: { template: 'company_invitation', toAddress: email }, orderBy: { createdAt: 'desc' } });
  return new URL(await issueOneTimeLink(t.db, mail.secret)).searchParams.get('token')!;
}

describe('withdrawing an invitation', () => {
  it("by the company's admin: listed, withdrawn, and the link says so (REST and tRPC)", async () => {
    const { admin, buyer } = await company();
    const one = await t.api('POST', '/company/members', { token: admin.token, body: { email: 'one@example.com', role: 'buyer' } });
    await t.caller({ token: admin.token }).company.invite({ email: 'two@example.com', role: 'admin' });
    const token = await invitationLink('one@example.com');
    const list = await t.api('GET', '/company/invitations', { token: admin.token });
    expect(list.status).toBe(200);
    expect(list.body.map((i: { email: string }) => i.email)).toEqual(['two@example.com', 'one@example.com']);
    // A buyer may neither list nor withdraw.
    expect((await t.api('GET', '/company/invitations', { token: buyer.token })).status).toBe(403);
    expect((await t.api('DELETE', `/company/invitations/${one.body.invitation.id}`, { token: buyer.token })).status).toBe(403);

    expect((await t.api('DELETE', `/company/invitations/${one.body.invitation.id}`, { token: admin.token })).status).toBe(200);
    expect((await t.api('DELETE', `/company/invitations/${one.body.invitation.id}`, { token: admin.token })).status).toBe(404);
    expect((await t.caller({ token: admin.token }).company.invitations()).map((i) => i.email)).toEqual(['two@example.com']);
    const two = (await t.api('GET', '/company/members', { token: admin.token })).body.invitations[0].id as string;
    expect(await t.caller({ token: admin.token }).company.withdrawInvitation({ id: two })).toEqual({ ok: true });
    expect((await t.api('GET', '/company/invitations', { token: admin.token })).body).toEqual([]);

    const preview = await t.api('POST', '/company-invitations/preview', { body: { token } });
    expect(preview.status).toBe(404);
    expect(preview.body.detail).toMatch(/withdrawn by the company/);
    const reg = await t.api('POST', '/auth/register', { body: { email: 'one@example.com', password: 'Correct horse 42!', first_name: 'On', last_name: 'E' } });
    const accept = await t.api('POST', '/company-invitations/accept', { token: reg.body.access_token, body: { token } });
    expect(accept.status).toBe(404);
    expect(accept.body.detail).toMatch(/withdrawn by the company/);
    expect((await t.api('GET', '/users/me', { token: reg.body.access_token })).body.company).toBeNull();
  });

  it("never reaches another company's invitation; odd ids are 4xx; an accepted one cannot be withdrawn", async () => {
    const a = await company('Alpha Pte. Ltd.');
    const b = await company('Beta Pte. Ltd.');
    const bInv = (await t.api('POST', '/company/members', { token: b.admin.token, body: { email: 'bee@example.com', role: 'buyer' } })).body.invitation.id as string;
    expect((await t.api('DELETE', `/company/invitations/${bInv}`, { token: a.admin.token })).status).toBe(404);
    // Naming A's own company id in the owner's path does not help a customer.
    expect((await t.api('DELETE', `/admin/companies/${b.id}/invitations/${bInv}`, { token: a.admin.token })).status).toBe(403);
    expect((await t.api('GET', '/company/invitations', { token: b.admin.token })).body).toHaveLength(1);
    for (const id of ['unknown', 'x'.repeat(1000), 'a%00b']) {
      expect((await t.api('DELETE', `/company/invitations/${id}`, { token: a.admin.token })).status, id.slice(0, 10)).toSatisfy((s: number) => s === 400 || s === 404);
    }
    const loner = await createUser(t.deps);
    expect((await t.api('DELETE', `/company/invitations/${bInv}`, { token: loner.token })).status).toBe(404);
    expect((await t.api('DELETE', `/company/invitations/${bInv}`)).status).toBe(401);

    const token = await invitationLink('bee@example.com');
    const reg = await t.api('POST', '/auth/register', { body: { email: 'bee@example.com', password: 'Correct horse 42!', first_name: 'B', last_name: 'Ee' } });
    expect((await t.api('POST', '/company-invitations/accept', { token: reg.body.access_token, body: { token } })).status).toBe(200);
    expect((await t.api('DELETE', `/company/invitations/${bInv}`, { token: b.admin.token })).status).toBe(404);
    expect((await t.api('GET', '/users/me', { token: reg.body.access_token })).body.company_role).toBe('buyer');
  });

  it('by the owner in the back office; staff may list but not withdraw', async () => {
    const { id } = await company();
    const other = await company('Other Pte. Ltd.');
    const owner = await createUser(t.deps, { role: 'admin' });
    const staff = await createUser(t.deps, { role: 'staff' });
    const inv = (await t.api('POST', `/admin/companies/${id}/members`, { token: owner.token, body: { email: 'new@example.com', role: 'buyer' } })).body.invitation.id as string;
    const token = await invitationLink('new@example.com');
    expect((await t.api('GET', `/admin/companies/${id}/invitations`, { token: staff.token })).body.map((i: { id: string }) => i.id)).toEqual([inv]);
    expect((await t.api('GET', '/admin/companies/unknown/invitations', { token: staff.token })).status).toBe(404);
    expect((await t.api('DELETE', `/admin/companies/${id}/invitations/${inv}`, { token: staff.token })).status).toBe(403);
    // The invitation belongs to its company: another company's path does not reach it.
    expect((await t.api('DELETE', `/admin/companies/${other.id}/invitations/${inv}`, { token: owner.token })).status).toBe(404);
    expect((await t.caller({ token: owner.token }).admin.companies.withdrawInvitation({ id, invitationId: inv })).ok).toBe(true);
    expect((await t.api('GET', `/admin/companies/${id}`, { token: owner.token })).body.invitations).toEqual([]);
    expect((await t.api('POST', '/company-invitations/preview', { body: { token } })).body.detail).toMatch(/withdrawn by the company/);
  });
});

describe("an invitation e-mail in the back office's outbox", () => {
  it('shows its own words where the link goes, never the reset wording or a link', async () => {
    const { admin } = await company();
    await t.api('POST', '/company/members', { token: admin.token, body: { email: 'shown@example.com', role: 'buyer' } });
    const owner = await createUser(t.deps, { role: 'admin' });
    const mail = await t.db.outboxMessage.findFirstOrThrow({ where: { template: 'company_invitation', toAddress: 'shown@example.com' }, select: { id: true } });
    const shown = await t.api('GET', `/admin/emails/${mail.id}`, { token: owner.token });
    expect(shown.status).toBe(200);
    expect(shown.body.text).toContain(HIDDEN_INVITATION_LINK);
    expect(shown.body.html).toContain(HIDDEN_INVITATION_LINK);
    expect(`${shown.body.text}${shown.body.html}`).not.toContain(HIDDEN_LINK);
    expect(shown.body).not.toHaveProperty('secret');
  });
});
