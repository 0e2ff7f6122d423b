import { expect, test, type Page } from '@playwright/test';
import { SHOPPER_ADDRESS, signInWithApi } from './fixtures';
import { lookAt } from './support/look-at';

// Repeat buying: order again from the order list and the order page (a sold-out line is named, not
// dropped), and "Buy again" in the account.

const address = SHOPPER_ADDRESS;

interface V {
  variant_id: string;
  sku: string;
  available: number;
}

/** Two in-stock variants of different products: `plenty` has 20+, `few` 1-40 (the order takes all of them). */
async function pickVariants(page: Page) {
  const list = await (await page.request.post('/api/products/filter', { data: { page: 1, limit: 20 } })).json();
  let plenty: (V & { name: string }) | undefined;
  let few: (V & { name: string }) | undefined;
  for (const p of list.products) {
    const detail = await (await page.request.get(`/api/products/${p.id}`)).json();
    const vs = detail.variants as V[];
    if (!plenty) {
      const v = vs.find((x) => x.available >= 20);
      if (v) {
        plenty = { ...v, name: detail.name };
        continue;
      }
    }
    if (!few) {
      const v = vs.find((x) => x.available >= 1 && x.available <= 40);
      if (v) few = { ...v, name: detail.name };
    }
    if (plenty && few) return { plenty, few };
  }
  throw new Error('the seeded catalogue has no two such variants');
}

test('order again names a sold-out line and adds the rest; Buy again adds a selection', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const { token } = await signInWithApi(page, 'new-customer');
  const headers = { authorization: `Bearer ${token}` };
  const { plenty, few } = await pickVariants(page);
  for (const [v, q] of [[plenty, 2], [few, few.available]] as const) {
    expect((await page.request.post('/api/cart/add', { headers, data: { variant_id: v.variant_id, quantity: q } })).status()).toBe(200);
  }
  const placed = await page.request.post('/api/orders', { headers, data: { shipping_address: address, payment_method: 'stripe' } });
  expect(placed.status()).toBe(200);
  const order = (await placed.json()) as { id: string; order_number: string };

  // The order took every unit of `few`: ordering again adds `plenty` and says why `few` is not added.
  await page.goto('/orders');
  await page.getByRole('button', { name: `Order ${order.order_number} again` }).click();
  await expect(page.getByText('Added 2 item(s) to cart!')).toBeVisible();
  const skipped = page.getByTestId('reorder-skipped');
  await expect(skipped).toContainText(few.sku);
  await expect(skipped).toContainText('is out of stock');
  await expect(page.getByRole('link', { name: 'View cart' })).toBeVisible();
  await lookAt(page, { path: '/tmp/repeat-order-again-1280.png', fullPage: true });

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/orders/${order.id}`);
  await page.getByRole('button', { name: `Order ${order.order_number} again` }).click();
  await expect(page.getByTestId('reorder-skipped')).toContainText('is out of stock');
  await lookAt(page, { path: '/tmp/repeat-order-again-390.png', fullPage: true });
  await page.getByRole('link', { name: 'View cart' }).click();
  await expect(page).toHaveURL(/\/cart$/);
  const cart = await (await page.request.get('/api/cart', { headers })).json();
  expect(cart.items.map((i: { sku: string; quantity: number }) => [i.sku, i.quantity])).toEqual([[plenty.sku, 4]]);

  // Buy again: both variants bought before; the sold-out one cannot be added; a selection goes in together.
  await page.goto('/account?tab=buy-again');
  const rows = page.getByTestId('buy-again-row');
  await expect(rows).toHaveCount(2);
  await expect(rows.filter({ hasText: few.sku })).toContainText('Out of Stock');
  await page.getByPlaceholder('Search by name or SKU').fill(plenty.sku);
  await expect(rows).toHaveCount(1);
  await lookAt(page, { path: '/tmp/repeat-buy-again-390.png', fullPage: true });
  await page.getByPlaceholder('Search by name or SKU').fill('');
  await expect(rows).toHaveCount(2);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.getByRole('button', { name: 'Select all' }).click();
  await page.getByRole('button', { name: 'Add selected to cart (2)' }).click();
  await expect(page.getByText('Added 2 item(s) to cart!')).toBeVisible();
  await expect(rows.filter({ hasText: few.sku })).toContainText('is out of stock');
  await lookAt(page, { path: '/tmp/repeat-buy-again-1280.png', fullPage: true });
  const after = await (await page.request.get('/api/cart', { headers })).json();
  expect(after.items.map((i: { sku: string; quantity: number }) => [i.sku, i.quantity])).toEqual([[plenty.sku, 6]]);
});
