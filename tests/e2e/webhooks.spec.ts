import { expect, test } from '@playwright/test';
import { Webhook } from 'standardwebhooks';
import { startTestReceiver, type TestReceiver } from '../setup/webhook-receiver';
import { ADMIN, login, uniqueEmail } from './fixtures';
import { sgAddress } from '../factories/orders';
import { lookAt } from './support/look-at';

// An admin registers a webhook pointing at a receiver this test runs, a shopper places an order,
// the receiver gets it signed, the admin sees it in the delivery log and redelivers it.
let rx: TestReceiver;
test.beforeAll(async () => {
  rx = await startTestReceiver();
});
test.afterAll(async () => {
  await rx.close();
});

for (const width of [1280, 390]) {
  test(`admin registers a webhook, sees an order delivered and redelivers it (${width} px)`, async ({ page, request }) => {
    await page.setViewportSize({ width, height: 900 });
    rx.received.length = 0;
    await login(page, ADMIN.email, ADMIN.password);
    await page.goto('/admin/settings');
    await expect(page.getByRole('heading', { name: 'Webhooks' })).toBeVisible();
    await expect(page.getByText('No webhook endpoints yet').or(page.getByRole('link', { name: /^Manage / }).first())).toBeVisible();

    const url = `${rx.url}/hooks/${width}`;
    await page.getByLabel('Endpoint URL').fill(url);
    await page.getByLabel('Description').fill(`ERP ${width}`);
    await page.getByRole('checkbox', { name: /order\.created/ }).check();
    await page.getByRole('button', { name: 'Add endpoint' }).click();
    await expect(page.getByText('Webhook endpoint added')).toBeVisible();
    const secret = (await page.getByTestId('new-webhook-secret').textContent())!.trim();
    expect(secret).toMatch(/^whsec_/);
    await lookAt(page, { path: `test-results/webhooks-settings-${width}.png`, fullPage: true });

    // A shopper places an order through the API.
    const reg = await request.post('/api/auth/register', { data: { email: uniqueEmail('hook'), password: 'a-good-password', first_name: 'Aisha', last_name: 'Rahman' } });
    const auth = { authorization: `Bearer ${(await reg.json()).access_token}` };
    const list = await (await request.post('/api/products/filter', { data: { page: 1, limit: 5 } })).json();
    const detail = await (await request.get(`/api/products/${list.products[0].id}`)).json();
    const variant = detail.variants.find((v: { available: number }) => v.available >= 1);
    expect((await request.post('/api/cart/add', { headers: auth, data: { variant_id: variant.variant_id, quantity: 1 } })).ok()).toBe(true);
    const placed = await request.post('/api/orders', { headers: auth, data: { shipping_address: sgAddress, payment_method: 'stripe' } });
    expect(placed.ok()).toBe(true);
    const order = await placed.json();

    // The receiver gets it, signed with the secret the admin was shown.
    await expect.poll(() => rx.received.filter((r) => r.path === `/hooks/${width}`).length, { timeout: 20_000 }).toBe(1);
    const [first] = rx.received.filter((r) => r.path === `/hooks/${width}`);
    const msg = new Webhook(secret).verify(first.body, first.headers as Record<string, string>) as { type: string; data: { order: { id: string } } };
    expect(msg).toMatchObject({ type: 'order.created', data: { order: { id: order.id } } });

    // The log shows the delivery; redelivering sends it again with the same webhook-id.
    await page.getByRole('button', { name: 'Done' }).click();
    await page.getByRole('link', { name: `Manage ${url}` }).click();
    await expect(page.getByRole('heading', { name: 'Webhook endpoint' })).toBeVisible();
    const row = page.getByRole('list', { name: 'Deliveries' }).getByRole('button').filter({ hasText: 'order.created' });
    await expect(row).toContainText('Delivered');
    await expect(row).toContainText('HTTP 200');
    await lookAt(page, { path: `test-results/webhooks-endpoint-${width}.png`, fullPage: true });
    await row.click();
    await expect(page.getByRole('dialog')).toContainText(`order:${order.id}`);
    await page.getByRole('button', { name: 'Redeliver' }).click();
    await expect(page.getByText('Queued to be delivered again')).toBeVisible();
    await expect.poll(() => rx.received.filter((r) => r.path === `/hooks/${width}`).length, { timeout: 20_000 }).toBe(2);
    const [, second] = rx.received.filter((r) => r.path === `/hooks/${width}`);
    expect(second.headers['webhook-id']).toBe(first.headers['webhook-id']);
    await expect(page.getByRole('list', { name: 'Attempts' }).getByRole('listitem')).toHaveCount(2);
    await expect(page.getByRole('heading', { name: 'Attempts (2, newest first)' })).toBeVisible();
    await lookAt(page, { path: `test-results/webhooks-delivery-${width}.png`, fullPage: true });
    await page.keyboard.press('Escape');

    // Clean up, so the next run starts from an empty list for this URL.
    page.once('dialog', (d) => d.accept());
    await page.getByRole('button', { name: 'Delete endpoint' }).click();
    await expect(page.getByText('Webhook endpoint deleted')).toBeVisible();
  });
}
