import { expect, test } from '@playwright/test';
import { ADMIN, login } from './fixtures';
import { lookAt } from './support/look-at';

// An admin gives an integration a key, the integration uses it, the admin revokes it.
for (const width of [1280, 390]) {
  test(`admin creates, uses and revokes an API key (${width} px)`, async ({ page, request }) => {
    await page.setViewportSize({ width, height: 900 });
    await login(page, ADMIN.email, ADMIN.password);
    await page.goto('/admin/settings');
    await expect(page.getByRole('heading', { name: 'API keys' })).toBeVisible();

    const name = `Warehouse ERP ${width}`;
    await page.getByLabel('Key name').fill(name);
    await page.getByRole('checkbox', { name: /inventory:read/ }).check();
    await page.getByRole('button', { name: 'Create key' }).click();
    await expect(page.getByText(`API key "${name}" created`)).toBeVisible();
    const secret = (await page.getByTestId('new-api-key').textContent())!.trim();
    expect(secret).toMatch(/^psk_/);
    await lookAt(page, { path: `test-results/api-keys-${width}.png`, fullPage: true });

    const ok = await request.get('/api/admin/inventory', { headers: { authorization: `Bearer ${secret}` } });
    expect(ok.status()).toBe(200);
    const denied = await request.get('/api/admin/orders', { headers: { authorization: `Bearer ${secret}` } });
    expect(denied.status()).toBe(403);

    // The secret is gone once dismissed; the list keeps only the prefix.
    await page.getByRole('button', { name: 'Done' }).click();
    await expect(page.getByTestId('new-api-key')).toHaveCount(0);
    await expect(page.getByText(secret)).toHaveCount(0);

    page.once('dialog', (d) => d.accept());
    await page.getByRole('button', { name: `Revoke ${name}` }).click();
    await expect(page.getByText(`"${name}" revoked`)).toBeVisible();
    const revoked = await request.get('/api/admin/inventory', { headers: { authorization: `Bearer ${secret}` } });
    expect(revoked.status()).toBe(401);
  });
}
