import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { pdfPages } from '../setup/pdf-text';
import { registerCustomer, SHOPPER_ADDRESS } from './fixtures';
import { lookAt } from './support/look-at';

// A business buyer keeps its company on the profile (checked as typed, by country) and finds it
// on the tax invoice of its next order.

for (const width of [1280, 390]) {
  test(`company details on the profile and on the tax invoice (${width} px)`, async ({ page }) => {
    test.setTimeout(120_000);
    await registerCustomer(page); // at the default width, where the header shows the Account link
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/account');
    await page.getByRole('tab', { name: 'Profile' }).click();
    await page.getByRole('button', { name: 'Add company details' }).click();
    await page.getByLabel('Company name').fill('Acme Packaging Pte. Ltd.');
    await page.getByLabel('UEN').fill('12345');
    await page.getByRole('button', { name: 'Save Profile' }).click();
    await expect(page.getByText('Please check the company details')).toBeVisible();
    await expect(page.getByText('Enter the UEN as ACRA issued it, for example 201912345K or 53012345D')).toBeVisible();

    await page.getByLabel('UEN').fill('201912345k');
    await page.getByLabel('GST registration number').fill('M90312345A');
    await page.getByLabel('Billing address').fill('1 Raffles Place\n#20-01\nSingapore 048616');
    await page.getByRole('button', { name: 'Save Profile' }).click();
    await expect(page.getByText('Profile updated successfully.')).toBeVisible();
    await lookAt(page, { path: `/tmp/company-profile-${width}.png`, fullPage: true });

    await page.reload();
    await page.getByRole('tab', { name: 'Profile' }).click();
    await expect(page.getByLabel('UEN')).toHaveValue('201912345K');

    // An order placed now carries the company onto its tax invoice.
    const token = await page.evaluate(() => localStorage.getItem('access_token'));
    const headers = { authorization: `Bearer ${token}` };
    const list = await (await page.request.post('/api/products/filter', { data: { page: 1, limit: 20 } })).json();
    let orderId = '';
    for (const p of list.products) {
      const detail = await (await page.request.get(`/api/products/${p.id}`)).json();
      const v = detail.variants.find((x: { available: number }) => x.available >= 5);
      if (!v) continue;
      expect((await page.request.post('/api/cart/add', { headers, data: { variant_id: v.variant_id, quantity: 1 } })).status()).toBe(200);
      const res = await page.request.post('/api/orders', { headers, data: { shipping_address: SHOPPER_ADDRESS, payment_method: 'stripe' } });
      expect(res.status()).toBe(200);
      orderId = (await res.json()).id;
      break;
    }
    await page.goto(`/orders/${orderId}`);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Tax invoice (PDF)' }).click()]);
    const invoice = (await pdfPages(readFileSync(await download.path()))).join(' ');
    for (const text of ['Acme Packaging Pte. Ltd.', 'UEN: 201912345K', 'GST Reg. No.: M90312345A', '1 Raffles Place', 'Ship to']) expect(invoice).toContain(text);
  });
}
