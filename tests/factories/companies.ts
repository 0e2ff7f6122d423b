import { expect } from 'vitest';
import type { TestApp } from '../setup/test-app';
import { createUser } from './users';

/** Company details that pass the Singapore checks (UEN), for a company founded from a buyer's profile. */
export const ACME = { name: 'Acme Packaging Pte. Ltd.', country: 'SG', registration_number: '201912345K', tax_number: null, billing_address: null };

/**
 * A company founded the way a buyer founds one (saving company details makes them its admin), with a
 * second member added as buyer; `id` is the company's.
 */
export async function companyWithBuyer(t: TestApp, name = ACME.name) {
  const admin = await createUser(t.deps);
  expect((await t.api('PUT', '/users/me', { token: admin.token, body: { company: { ...ACME, name } } })).body.company_role).toBe('admin');
  const buyer = await createUser(t.deps);
  expect((await t.api('POST', '/company/members', { token: admin.token, body: { email: buyer.user.email, role: 'buyer' } })).body.status).toBe('added');
  const id = (await t.api('GET', '/company', { token: admin.token })).body.id as string;
  return { admin, buyer, id };
}
