import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACME, companyWithBuyer } from '../../factories/companies';
import { placeOrderFor } from '../../factories/orders';
import { createVariant } from '../../factories/shop';
import { createUser } from '../../factories/users';
import { createTestApp, type TestApp } from '../../setup/test-app';

// A company's own side (/company, company.*; decision 0188): its admins manage members and see
// every order placed for it with who placed it; buyers see their own; nobody sees another company.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const company = (name?: string) => companyWithBuyer(t, name);

describe('the company admin', () => {
  it('sees the members and every order placed for the company, with who placed it (REST and tRPC)', async () => {
    const { admin, buyer } = await company();
    const v = await createVariant(t.db, { onHand: 50, tiers: [[1, 1000]] });
    const own = await placeOrderFor(t, admin.token, v.variantId, 1);
    const theirs = await placeOrderFor(t, buyer.token, v.variantId, 2);

    const members = await t.api('GET', '/company/members', { token: admin.token });
    expect(members.status).toBe(200);
    expect(members.body.members.map((m: { user_id: string; role: string }) => [m.user_id, m.role]).sort()).toEqual([[admin.user.id, 'admin'], [buyer.user.id, 'buyer']].sort());

    const orders = await t.api('GET', '/company/orders', { token: admin.token });
    expect(orders.status).toBe(200);
    expect(orders.body.items.map((o: { id: string }) => o.id)).toEqual([theirs.id, own.id]);
    expect(orders.body.items[0].placed_by).toMatchObject({ user_id: buyer.user.id, email: buyer.user.email });
    const trpc = await t.caller({ token: admin.token }).company.orders();
    expect(trpc.total).toBe(2);
    // The buyer's order printed the company on its invoice, as the admin's did.
    expect((await t.db.order.findUniqueOrThrow({ where: { id: theirs.id }, select: { buyerCompany: true } })).buyerCompany).toMatchObject({ name: ACME.name });

    // A buyer sees the company, but not its members or orders; their own orders as before.
    expect((await t.api('GET', '/company', { token: buyer.token })).body).toMatchObject({ name: ACME.name, role: 'buyer' });
    expect((await t.api('GET', '/company/orders', { token: buyer.token })).status).toBe(403);
    expect((await t.api('GET', '/company/members', { token: buyer.token })).status).toBe(403);
    expect((await t.api('POST', '/company/members', { token: buyer.token, body: { email: 'x@example.com', role: 'buyer' } })).status).toBe(403);
    await expect(t.caller({ token: buyer.token }).company.orders()).rejects.toMatchObject({ code: 'FORBIDDEN' });
    const mine = await t.api('GET', '/orders', { token: buyer.token });
    expect(JSON.stringify(mine.body)).toContain(theirs.id);
    expect(JSON.stringify(mine.body)).not.toContain(own.id);
    // Nobody outside a company has one.
    const loner = await createUser(t.deps);
    expect((await t.api('GET', '/company', { token: loner.token })).status).toBe(404);
    expect((await t.api('GET', '/company/orders', { token: loner.token })).status).toBe(404);
  });

  it("never reaches another company's members or orders", async () => {
    const a = await company('Alpha Pte. Ltd.');
    const b = await company('Beta Pte. Ltd.');
    const v = await createVariant(t.db, { onHand: 50, tiers: [[1, 1000]] });
    const bOrder = await placeOrderFor(t, b.buyer.token, v.variantId, 1);
    const aOrders = await t.api('GET', '/company/orders', { token: a.admin.token });
    expect(JSON.stringify(aOrders.body)).not.toContain(bOrder.id);
    expect((await t.api('GET', `/orders/${bOrder.id}`, { token: a.admin.token })).status).toBe(404);
    // B's members are not A's to change or remove.
    expect((await t.api('DELETE', `/company/members/${b.buyer.user.id}`, { token: a.admin.token })).status).toBe(404);
    expect((await t.api('PATCH', `/company/members/${b.buyer.user.id}`, { token: a.admin.token, body: { role: 'admin' } })).status).toBe(404);
    const refused = await t.api('POST', '/company/members', { token: a.admin.token, body: { email: b.buyer.user.email, role: 'buyer' } });
    expect(refused.status).toBe(409);
    expect(refused.body.detail).toMatch(/already a member of another company/);
    expect((await t.api('GET', '/company/members', { token: b.admin.token })).body.members).toHaveLength(2);
  });

  it('keeps an admin: the last admin cannot remove themselves or step down; a removed member loses access at once', async () => {
    const { admin, buyer } = await company();
    const self = await t.api('DELETE', `/company/members/${admin.user.id}`, { token: admin.token });
    expect(self.status).toBe(409);
    expect(self.body.detail).toMatch(/needs an admin/);
    expect((await t.api('PATCH', `/company/members/${admin.user.id}`, { token: admin.token, body: { role: 'buyer' } })).status).toBe(409);
    // Leaving through the profile form is refused the same way.
    expect((await t.api('PUT', '/users/me', { token: admin.token, body: { company: null } })).status).toBe(409);

    // Promote the buyer, who then manages; then the first admin is removed and loses access at once.
    expect((await t.api('PATCH', `/company/members/${buyer.user.id}`, { token: admin.token, body: { role: 'admin' } })).body.role).toBe('admin');
    expect((await t.api('GET', '/company/orders', { token: admin.token })).status).toBe(200);
    expect((await t.api('DELETE', `/company/members/${admin.user.id}`, { token: buyer.token })).status).toBe(200);
    expect((await t.api('GET', '/company/orders', { token: admin.token })).status).toBe(404);
    expect((await t.api('GET', '/company/members', { token: admin.token })).status).toBe(404);
    expect((await t.api('GET', '/users/me', { token: admin.token })).body.company).toBeNull();
  });

  it("is the only one who may change the company's details on the profile form", async () => {
    const { admin, buyer } = await company();
    const denied = await t.api('PUT', '/users/me', { token: buyer.token, body: { company: { ...ACME, name: 'Hijacked Pte. Ltd.' } } });
    expect(denied.status).toBe(403);
    expect(denied.body.detail).toBe("Only a company admin can change the company's details");
    // The whole profile sent back unchanged is fine.
    expect((await t.api('PUT', '/users/me', { token: buyer.token, body: { phone: '+65 9123 4567', company: ACME } })).status).toBe(200);
    // The admin's change is every member's at their next request.
    await t.api('PUT', '/users/me', { token: admin.token, body: { company: { ...ACME, name: 'Acme Holdings Pte. Ltd.' } } });
    expect((await t.api('GET', '/users/me', { token: buyer.token })).body.company.name).toBe('Acme Holdings Pte. Ltd.');
  });

  it('invites by e-mail, refuses odd input and an e-mail of the same company', async () => {
    const { admin, buyer } = await company();
    const inv = await t.caller({ token: admin.token }).company.invite({ email: 'fresh@example.com', role: 'admin' });
    expect(inv).toMatchObject({ status: 'invited', invitation: { email: 'fresh@example.com', role: 'admin' } });
    for (const body of [{ email: 'nope', role: 'buyer' }, { email: 'a@example.com', role: 'owner' }, { email: `${'x'.repeat(1000)}@example.com`, role: 'buyer' }, { email: 'a\u0000@example.com', role: 'buyer' }, {}]) {
      expect((await t.api('POST', '/company/members', { token: admin.token, body })).status, JSON.stringify(body).slice(0, 60)).toBe(400);
    }
    expect((await t.api('POST', '/company/members', { token: admin.token, body: { email: buyer.user.email, role: 'admin' } })).status).toBe(409);
    expect((await t.api('DELETE', '/company/members/unknown', { token: admin.token })).status).toBe(404);
  });
});

describe('an invitation link', () => {
  /** The link as the outbox sender makes it at delivery (server/outbox/secrets.ts). */
  async function invitationLink(email: string) {
    const { issueOneTimeLink } = await import('../../../server/outbox/secrets');
    const mail = await t.db.outboxMessage.findFirstOrThrow({ where: { template: 'company_invitation', toAddress: email }, orderBy: { createdAt: 'desc' } });
    return new URL(await issueOneTimeLink(t.db, mail.secret)).searchParams.get('token')!;
  }

  it('signs up a new buyer who joins once; the link then stops working', async () => {
    const { admin } = await company();
    await t.api('POST', '/company/members', { token: admin.token, body: { email: 'joiner@example.com', role: 'buyer' } });
    const token = await invitationLink('joiner@example.com');
    expect((await t.api('POST', '/company-invitations/preview', { body: { token } })).body).toMatchObject({ company_name: ACME.name, email: 'joiner@example.com', role: 'buyer' });
    const reg = await t.api('POST', '/auth/register', { body: { email: 'joiner@example.com', password: 'Correct horse 42!', first_name: 'Jo', last_name: 'Iner' } });
    expect(reg.status).toBe(200);
    const accepted = await t.api('POST', '/company-invitations/accept', { token: reg.body.access_token, body: { token } });
    expect(accepted.status).toBe(200);
    expect(accepted.body.role).toBe('buyer');
    expect((await t.api('GET', '/users/me', { token: reg.body.access_token })).body).toMatchObject({ company: { name: ACME.name }, company_role: 'buyer' });
    expect((await t.api('POST', '/company-invitations/accept', { token: reg.body.access_token, body: { token } })).status).toBe(404);
    expect((await t.api('POST', '/company-invitations/preview', { body: { token } })).status).toBe(404);
    const stored = await t.db.companyInvitation.findFirstOrThrow({ where: { email: 'joiner@example.com' } });
    expect(stored.tokenHash).not.toContain(token);
  });

  it('is refused for another e-mail, for a member of another company, when expired, and for a made-up token', async () => {
    const a = await company('Alpha Pte. Ltd.');
    const b = await company('Beta Pte. Ltd.');
    // A invites an e-mail with no account; the person signs up and B adds them before they accept.
    await t.api('POST', '/company/members', { token: a.admin.token, body: { email: 'late@example.com', role: 'buyer' } });
    const token = await invitationLink('late@example.com');
    const late = (await t.api('POST', '/auth/register', { body: { email: 'late@example.com', password: 'Correct horse 42!', first_name: 'La', last_name: 'Te' } })).body.access_token as string;
    expect((await t.api('POST', '/company/members', { token: b.admin.token, body: { email: 'late@example.com', role: 'buyer' } })).body.status).toBe('added');
    const other = await t.api('POST', '/company-invitations/accept', { token: late, body: { token } });
    expect(other.status).toBe(409);
    expect(other.body.detail).toMatch(/already a member of another company/);

    const stranger = await createUser(t.deps);
    const wrong = await t.caller({ token: stranger.token }).companyInvitations.accept({ token }).catch((e: { code: string; message: string }) => e);
    expect(wrong).toMatchObject({ code: 'FORBIDDEN' });

    await t.db.companyInvitation.updateMany({ where: { email: 'late@example.com' }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect((await t.api('POST', '/company-invitations/preview', { body: { token } })).status).toBe(404);
    for (const bad of ['made-up', 'x'.repeat(1000), 'a\u0000b', '']) {
      expect((await t.api('POST', '/company-invitations/accept', { token: stranger.token, body: { token: bad } })).status, bad.slice(0, 10)).toSatisfy((s: number) => s === 400 || s === 404);
    }
    expect((await t.api('POST', '/company-invitations/accept', { body: { token } })).status).toBe(401);
  });
});
