import { expect, test, type Page } from '@playwright/test';
import { lookAt } from './support/look-at';

// Quick order by SKU: reached from the header and the cart, lines pasted from a spreadsheet (one SKU
// with spaces, one lower case, one unknown, one with a bad quantity), checked as typed, added in one
// request; refused rows stay as typed with their reason; a CSV file adds more.

interface V {
  sku: string;
  available: number;
  price_tiers: { min_quantity: number; price: number }[];
}

async function skus(page: Page) {
  const list = await (await page.request.post('/api/products/filter', { data: { page: 1, limit: 20 } })).json();
  const found: (V & { name: string })[] = [];
  let spaced: (V & { name: string }) | undefined;
  for (const p of list.products) {
    const detail = await (await page.request.get(`/api/products/${p.id}`)).json();
    for (const v of detail.variants as V[]) {
      if (v.available < 10 || v.price_tiers.every((t) => t.price <= 0)) continue;
      if (!spaced && v.sku.includes(' ')) spaced = { ...v, name: detail.name };
      else if (found.length < 2 && !v.sku.includes(' ') && !found.some((f) => f.name === detail.name)) found.push({ ...v, name: detail.name });
    }
    if (spaced && found.length === 2) return { spaced, plain: found[0], other: found[1] };
  }
  throw new Error('the seeded catalogue lacks the SKUs this journey needs');
}

test('quick order: paste, check, add all, fix a refused row, upload a CSV', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/cart');
  const { spaced, plain, other } = await skus(page);
  await page.getByRole('link', { name: 'Quick order' }).first().click();
  await expect(page).toHaveURL(/\/quick-order$/);
  await expect(page.getByRole('heading', { name: 'Quick order' })).toBeVisible();

  await page.getByLabel('Lines to paste').fill([`SKU\tQty`, `${spaced.sku} 3`, `${plain.sku.toLowerCase()},2`, 'NO-SUCH-SKU\t1', `${other.sku}\tten`].join('\n'));
  await page.getByRole('button', { name: 'Add these lines' }).click();
  await expect(page.getByText('4 line(s) read from the paste')).toBeVisible();
  const rows = page.getByTestId('quick-order-row');
  await expect(rows.nth(0).getByLabel('SKU, line 1')).toHaveValue(spaced.sku);
  await expect(rows.nth(0).getByTestId('quick-order-match')).toContainText(spaced.name);
  await expect(rows.nth(0).getByTestId('quick-order-match')).toContainText('available');
  await expect(rows.nth(1).getByTestId('quick-order-match')).toContainText(plain.name);
  await expect(rows.nth(2)).toContainText('Unknown SKU NO-SUCH-SKU');
  await expect(rows.nth(3)).toContainText('Quantity must be a number');

  // Suggestions as the buyer types part of a SKU.
  await rows.nth(4).getByLabel('SKU, line 5').fill(plain.sku.slice(0, 8).toLowerCase());
  await expect(page.locator('datalist option').first()).toBeAttached();
  await rows.nth(4).getByRole('button', { name: 'Remove line 5' }).click();
  await lookAt(page, { path: '/tmp/repeat-quick-order-1280.png', fullPage: true });

  await page.getByRole('button', { name: 'Add all to cart' }).click();
  await expect(page.getByText('Added 5 item(s) to cart!')).toBeVisible();
  // The two refused rows stay as typed, with their reasons.
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(0).getByLabel('SKU, line 1')).toHaveValue('NO-SUCH-SKU');
  await expect(rows.nth(0)).toContainText('Unknown SKU NO-SUCH-SKU');
  await expect(rows.nth(1).getByLabel('Quantity, line 2')).toHaveValue('ten');
  await rows.nth(1).getByLabel('Quantity, line 2').fill('1');
  await rows.nth(0).getByRole('button', { name: 'Remove line 1' }).click();
  await expect(rows.nth(0).getByTestId('quick-order-match')).toContainText(other.name);
  await page.getByRole('button', { name: 'Add all to cart' }).click();
  await expect(page.getByText('Added 1 item(s) to cart!')).toBeVisible();

  // A CSV file, at phone width.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByLabel('CSV file').setInputFiles({ name: 'order.csv', mimeType: 'text/csv', buffer: Buffer.from(`sku,quantity\n"${plain.sku}",4\nNOPE,0\n`) });
  await expect(page.getByText('2 line(s) read from the file')).toBeVisible();
  await expect(page.getByTestId('quick-order-match').first()).toContainText(plain.name);
  await lookAt(page, { path: '/tmp/repeat-quick-order-390.png', fullPage: true });
  await page.getByRole('button', { name: 'Add all to cart' }).click();
  await expect(page.getByText('Added 4 item(s) to cart!')).toBeVisible();
  await expect(rows.first()).toContainText('Unknown SKU NOPE');

  await page.getByRole('link', { name: 'View cart' }).click();
  await expect(page).toHaveURL(/\/cart$/);
  const items = page.getByRole('region', { name: 'Items' });
  await expect(items.getByText(spaced.name)).toBeVisible();
  await expect(items.getByText(plain.name)).toBeVisible();
  await expect(items.getByText(other.name)).toBeVisible();
});
