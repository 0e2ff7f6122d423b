import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyWithBuyer } from '../../factories/companies';
import { createUser } from '../../factories/users';
import { createTestApp, type TestApp } from '../../setup/test-app';

// A company's address book (decision 0195): its admins keep it, every member reads it to pick at
// checkout, nobody else reaches it.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const warehouse = { fullName: 'Acme Receiving', phone: '+65 6123 4567', addressLine1: '10 Tuas Avenue 1', unit: '#02-01', postalCode: '639495', country: 'SG' as const };

const company = (name?: string) => companyWithBuyer(t, name);

describe("a company's address book", () => {
  it('is kept by its admins and read by every member (REST and tRPC)', async () => {
    const { admin, buyer } = await company();
    const added = await t.api('POST', '/company/addresses', { token: admin.token, body: warehouse });
    expect(added.status).toBe(200);
    expect(added.body).toMatchObject({ fullName: 'Acme Receiving', city: 'Singapore', postalCode: '639495' });
    const second = await t.caller({ token: admin.token }).company.addAddress({ ...warehouse, fullName: 'Acme Office', addressLine1: '1 Raffles Place' });
    expect((await t.api('GET', '/company/addresses', { token: buyer.token })).body.map((a: { fullName: string }) => a.fullName)).toEqual(['Acme Receiving', 'Acme Office']);
    expect(await t.caller({ token: buyer.token }).company.addresses()).toHaveLength(2);

    const changed = await t.api('PATCH', `/company/addresses/${second.id}`, { token: admin.token, body: { ...warehouse, fullName: 'Acme HQ', addressLine1: '1 Raffles Place' } });
    expect(changed.body.fullName).toBe('Acme HQ');
    expect((await t.api('DELETE', `/company/addresses/${added.body.id}`, { token: admin.token })).status).toBe(200);
    expect((await t.api('GET', '/company/addresses', { token: buyer.token })).body.map((a: { fullName: string }) => a.fullName)).toEqual(['Acme HQ']);

    // A buyer reads but does not change it.
    expect((await t.api('POST', '/company/addresses', { token: buyer.token, body: warehouse })).status).toBe(403);
    expect((await t.api('PATCH', `/company/addresses/${second.id}`, { token: buyer.token, body: warehouse })).status).toBe(403);
    expect((await t.api('DELETE', `/company/addresses/${second.id}`, { token: buyer.token })).status).toBe(403);
    // The member's own saved addresses are not touched.
    expect((await t.api('GET', '/users/me/addresses', { token: buyer.token })).body).toEqual([]);
  });

  it("is never another company's; odd input is a 400; a removed member loses it at once", async () => {
    const a = await company('Alpha Pte. Ltd.');
    const b = await company('Beta Pte. Ltd.');
    const bAddr = (await t.api('POST', '/company/addresses', { token: b.admin.token, body: warehouse })).body.id as string;
    expect((await t.api('GET', '/company/addresses', { token: a.admin.token })).body).toEqual([]);
    expect((await t.api('PATCH', `/company/addresses/${bAddr}`, { token: a.admin.token, body: warehouse })).status).toBe(404);
    expect((await t.api('DELETE', `/company/addresses/${bAddr}`, { token: a.admin.token })).status).toBe(404);
    await expect(t.caller({ token: a.admin.token }).company.deleteAddress({ id: bAddr })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    const loner = await createUser(t.deps);
    expect((await t.api('GET', '/company/addresses', { token: loner.token })).status).toBe(404);
    expect((await t.api('GET', '/company/addresses')).status).toBe(401);
    for (const body of [{}, { ...warehouse, postalCode: '12' }, { ...warehouse, country: 'US' }, { ...warehouse, fullName: 'x'.repeat(1000) }, { ...warehouse, addressLine1: 'a\u0000b' }, { ...warehouse, fullName: '' }]) {
      expect((await t.api('POST', '/company/addresses', { token: a.admin.token, body })).status, JSON.stringify(body).slice(0, 60)).toBe(400);
    }

    expect((await t.api('GET', '/company/addresses', { token: b.buyer.token })).body).toHaveLength(1);
    await t.api('DELETE', `/company/members/${b.buyer.user.id}`, { token: b.admin.token });
    expect((await t.api('GET', '/company/addresses', { token: b.buyer.token })).status).toBe(404);
  });

  it('holds at most 50 addresses', async () => {
    const { admin } = await company();
    const { companyId } = (await t.db.companyMember.findUniqueOrThrow({ where: { userId: admin.user.id } }));
    await t.db.companyAddress.createMany({ data: Array.from({ length: 50 }, (_, i) => ({ id: `addr-${companyId}-${i}`, companyId, fullName: `Site ${i}`, phone: '+65 6123 4567', addressLine1: 'x', postalCode: '639495', city: 'Singapore', state: 'Singapore', country: 'SG' })) });
    const over = await t.api('POST', '/company/addresses', { token: admin.token, body: warehouse });
    expect(over.status).toBe(409);
    expect(over.body.detail).toMatch(/at most 50/);
  });
});
