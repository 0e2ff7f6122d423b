import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { placeOrderFor } from '../../factories/orders';
import { createVariant } from '../../factories/shop';
import { createUser } from '../../factories/users';
import { pdfPages } from '../../setup/pdf-text';
import { createTestApp, type TestApp } from '../../setup/test-app';

// A business buyer's company details on GET/PUT /users/me: checked by country, normalised as the
// registries write them, removable, and never someone else's.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const acme = { name: 'Acme Packaging Pte. Ltd.', country: 'SG', registration_number: '201912345k', tax_number: 'm9 0312345a', billing_address: '1 Raffles Place\n#20-01\nSingapore 048616' };

describe('company details on the profile', () => {
  it('are saved, normalised, read back and removed through REST', async () => {
    const { token } = await createUser(t.deps);
    expect((await t.api('GET', '/users/me', { token })).body.company).toBeNull();

    const put = await t.api('PUT', '/users/me', { token, body: { company: acme } });
    expect(put.status).toBe(200);
    expect(put.body.company).toEqual({ ...acme, registration_number: '201912345K', tax_number: 'M90312345A' });
    // The session's cached user was dropped: the next read sees the company.
    expect((await t.api('GET', '/users/me', { token })).body.company.registration_number).toBe('201912345K');

    // Other fields change without touching the company.
    const phone = await t.api('PUT', '/users/me', { token, body: { phone: '+65 9123 4567' } });
    expect(phone.body.company.name).toBe(acme.name);

    const removed = await t.api('PUT', '/users/me', { token, body: { company: null } });
    expect(removed.status).toBe(200);
    expect(removed.body.company).toBeNull();
    expect((await t.api('GET', '/users/me', { token })).body.company).toBeNull();
  });

  it('are the same through tRPC, with Malaysian SSM and SST numbers', async () => {
    const { token } = await createUser(t.deps);
    const me = await t.caller({ token }).users.updateMe({ company: { name: 'Kotak Sdn. Bhd.', country: 'MY', registration_number: '202001012345', tax_number: 'W10-1808-31000001' } });
    expect(me.company).toEqual({ name: 'Kotak Sdn. Bhd.', country: 'MY', registration_number: '202001012345', tax_number: 'W10-1808-31000001', billing_address: null });
  });

  it('refuses numbers in the wrong format with what the format is, and keeps what was saved', async () => {
    const { token } = await createUser(t.deps);
    await t.api('PUT', '/users/me', { token, body: { company: acme } });
    const cases: [object, RegExp][] = [
      [{ ...acme, registration_number: '12345' }, /UEN as ACRA issued it/],
      [{ ...acme, country: 'MY', registration_number: 'ABC', tax_number: null }, /SSM registration number/],
      [{ ...acme, country: 'MY' }, /SST registration number/],
      [{ ...acme, tax_number: 'GST-1' }, /GST registration number/],
      [{ ...acme, name: '  ' }, /Company name is required/],
      [{ ...acme, country: 'TH' }, /Singapore or Malaysia/],
      [{ ...acme, billing_address: 'a\nb\nc\nd\ne\nf\ng' }, /at most 6 lines/],
      [{ ...acme, name: 'x'.repeat(121) }, /Company name is too long/],
      [{ ...acme, name: 'Acme\u0000' }, /./],
      [{ ...acme, registration_number: 12345 }, /./],
    ];
    for (const [company, detail] of cases) {
      const res = await t.api('PUT', '/users/me', { token, body: { company } });
      expect(res.status, JSON.stringify(company)).toBe(400);
      expect(res.body.detail).toMatch(detail);
    }
    expect((await t.api('GET', '/users/me', { token })).body.company.registration_number).toBe('201912345K');
    await expect(t.caller({ token }).users.updateMe({ company: { ...acme, registration_number: 'nope' } as never })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
  });

  it('belong to the signed-in buyer only', async () => {
    const a = await createUser(t.deps);
    const b = await createUser(t.deps);
    await t.api('PUT', '/users/me', { token: a.token, body: { company: acme } });
    expect((await t.api('GET', '/users/me', { token: b.token })).body.company).toBeNull();
    expect((await t.api('PUT', '/users/me', { body: { company: acme } })).status).toBe(401);
  });

  it('print on the tax invoice of an order as they were when it was placed', async () => {
    const { token } = await createUser(t.deps);
    await t.api('PUT', '/users/me', { token, body: { company: acme } });
    const v = await createVariant(t.db, { onHand: 50, tiers: [[1, 1000]] });
    const order = await placeOrderFor(t, token, v.variantId, 2);
    // A later change of the profile does not rewrite an invoice already issued.
    await t.api('PUT', '/users/me', { token, body: { company: { ...acme, name: 'Renamed Pte. Ltd.' } } });
    const res = await fetch(`${t.baseUrl}/api/orders/${order.id}/invoice.pdf`, { headers: { authorization: `Bearer ${token}` } });
    expect(res.status).toBe(200);
    const text = (await pdfPages(new Uint8Array(await res.arrayBuffer()))).join(' ');
    for (const line of ['Acme Packaging Pte. Ltd.', 'UEN: 201912345K', 'GST Reg. No.: M90312345A', 'Singapore 048616', 'Ship to']) expect(text).toContain(line);
    expect(text).not.toContain('Renamed');

    // A private buyer's order has no company on it.
    const other = await createUser(t.deps);
    const plain = await placeOrderFor(t, other.token, v.variantId, 1);
    expect((await t.db.order.findUniqueOrThrow({ where: { id: plain.id }, select: { buyerCompany: true } })).buyerCompany).toBeNull();
  });
});
