import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GST_WITHOUT_NUMBER } from '../../../shared/domain/setup-checklist';
import { createUser } from '../../factories/users';
import { createTestApp, type TestApp } from '../../setup/test-app';

// Issue 38, point 17: the dashboard's first-run checklist, from what the shop has really saved.

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = (await createUser(t.deps, { role: 'admin' })).token;
});
afterAll(() => t.close());

const done = (body: { steps: { id: string; done: boolean }[] }) => Object.fromEntries(body.steps.map((s) => [s.id, s.done]));

describe('the first-run checklist', () => {
  it('starts with every step to do and the GST warning, and ticks each step as the owner saves it, on both doors', async () => {
    const fresh = await t.api('GET', '/admin/setup-checklist', { token: admin });
    expect(fresh.status).toBe(200);
    expect(done(fresh.body)).toEqual({ shop_details: false, payments: false, shipping: false, email: false, backups: false });
    expect(fresh.body).toMatchObject({ done: false, gst_warning: GST_WITHOUT_NUMBER });

    // Saved without a GST number: still to do, still warned.
    expect((await t.api('PUT', '/admin/shop-profile', { token: admin, body: { shop_name: 'Kotak Supplies' } })).status).toBe(200);
    const noGst = await t.api('GET', '/admin/setup-checklist', { token: admin });
    expect(done(noGst.body).shop_details).toBe(false);
    expect(noGst.body.gst_warning).toBe(GST_WITHOUT_NUMBER);

    expect((await t.api('PUT', '/admin/shop-profile', { token: admin, body: { gst_registration_number: 'M90312345A' } })).status).toBe(200);
    expect((await t.api('PUT', '/admin/payment-settings', { token: admin, body: { paynow_proxy_type: 'uen', paynow_proxy: '201912345K', paynow_payee_name: 'KOTAK SUPPLIES' } })).status).toBe(200);
    const rules = (await t.api('GET', '/admin/shipping', { token: admin })).body;
    expect((await t.api('PUT', '/admin/shipping', { token: admin, body: rules })).status).toBe(200);

    const after = await t.caller({ token: admin }).admin.setup.checklist();
    // No SMTP_URL and no backup directory in the tests: those two stay to do.
    expect(done(after)).toEqual({ shop_details: true, payments: true, shipping: true, email: false, backups: false });
    expect(after.gst_warning).toBeNull();
    expect(after.done).toBe(false);
    expect(after.steps.find((s) => s.id === 'payments')?.detail).toBe('Buyers can pay by PayNow.');
  });

  it('is the owner\'s: staff and customers are refused', async () => {
    const staff = await createUser(t.deps, { role: 'staff' });
    expect((await t.api('GET', '/admin/setup-checklist', { token: staff.token })).status).toBe(403);
    const customer = await createUser(t.deps);
    expect((await t.api('GET', '/admin/setup-checklist', { token: customer.token })).status).toBe(403);
    expect((await t.api('GET', '/admin/setup-checklist')).status).toBe(401);
  });
});
