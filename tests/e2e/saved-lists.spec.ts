import { expect, test, type Page } from '@playwright/test';
import { SHOPPER_ADDRESS, signInWithApi } from './fixtures';
import { lookAt } from './support/look-at';

// Saved lists: save a variant from the product page into a new list, save the cart and a past order
// as lists, change a quantity, add one line and then the whole list to the cart, rename and delete.

const address = SHOPPER_ADDRESS;

interface V {
  variant_id: string;
  sku: string;
  available: number;
  attributes: { size_code: string; pack_size: number };
  price_tiers: { price: number }[];
}

async function twoVariants(page: Page) {
  const list = await (await page.request.post('/api/products/filter', { data: { page: 1, limit: 20 } })).json();
  const found: { productId: string; name: string; v: V }[] = [];
  for (const p of list.products) {
    const detail = await (await page.request.get(`/api/products/${p.id}`)).json();
    const v = (detail.variants as V[]).find((x) => x.available >= 30 && x.price_tiers.every((t) => t.price > 0));
    if (v) found.push({ productId: p.id, name: detail.name, v });
    if (found.length === 2) return found;
  }
  throw new Error('the seeded catalogue lacks two variants in stock');
}

test('saved lists: from a product, the cart and an order; to the cart; rename and delete', async ({ page }) => {
  test.setTimeout(150_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const { token } = await signInWithApi(page, 'new-customer');
  const headers = { authorization: `Bearer ${token}` };
  const [first, second] = await twoVariants(page);

  // From the product page, into a new list.
  await page.goto(`/products/${first.productId}`);
  // The page arrives server-rendered; the chat button appears once it has hydrated.
  await expect(page.getByRole('button', { name: /^Open chat with/ })).toBeVisible();
  await page.getByLabel('Step 1: Select Size').selectOption(first.v.attributes.size_code);
  await page.getByLabel('Step 2: Select Pack Size').selectOption(first.v.variant_id);
  await page.getByRole('button', { name: 'Save to list' }).click();
  await page.getByLabel('Save 1 ×').selectOption({ label: 'New list...' });
  await page.getByLabel('New list name').fill('Monthly mailers');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText(/Saved .* to "Monthly mailers"/)).toBeVisible();

  // The cart (second variant) as a list of its own.
  expect((await page.request.post('/api/cart/add', { headers, data: { variant_id: second.v.variant_id, quantity: 2 } })).status()).toBe(200);
  await page.goto('/cart');
  await page.getByRole('button', { name: 'Save as a list' }).click();
  await page.getByLabel('List name').fill('Warehouse B');
  await page.getByRole('button', { name: 'Save list' }).click();
  await expect(page.getByText('Saved as list "Warehouse B" (1 line(s))')).toBeVisible();
  await expect(page).toHaveURL(/\/lists\/[^/]+$/);
  await expect(page.getByTestId('list-item')).toContainText(second.name);

  // A past order as a list; then the list of lists.
  const placed = await page.request.post('/api/orders', { headers, data: { shipping_address: address, payment_method: 'stripe' } });
  expect(placed.status()).toBe(200);
  const order = await placed.json();
  await page.goto(`/orders/${order.id}`);
  await page.getByRole('button', { name: 'Save as a list' }).click();
  await page.getByLabel('List name').fill('Warehouse B');
  await page.getByRole('button', { name: 'Save list' }).click();
  await expect(page.getByText('You already have a list called "Warehouse B"')).toBeVisible();
  await page.getByLabel('List name').fill('Last order');
  await page.getByRole('button', { name: 'Save list' }).click();
  await expect(page.getByText('Saved as list "Last order" (1 line(s))')).toBeVisible();

  await page.getByRole('link', { name: 'Lists', exact: true }).click();
  await expect(page.getByTestId('saved-lists').getByRole('listitem')).toHaveCount(3);
  await lookAt(page, { path: '/tmp/repeat-lists-1280.png', fullPage: true });

  // Monthly mailers: change the quantity, add the line, then the whole list.
  await page.getByRole('link', { name: /Monthly mailers/ }).click();
  const line = page.getByTestId('list-item');
  const qty = line.getByLabel(/Quantity of/);
  await qty.fill('3');
  await qty.press('Enter');
  await expect(page.getByText('Quantity updated')).toBeVisible();
  await line.getByRole('button', { name: /^Add .* to cart$/ }).click();
  await expect(page.getByText('Added 3 item(s) to cart!')).toBeVisible();
  await page.getByRole('button', { name: 'Add all to cart' }).click();
  await expect(page.getByText('Added 3 item(s) to cart!').first()).toBeVisible();
  // The same toast text was shown by an earlier step: the cart itself is what must change.
  await expect
    .poll(async () => ((await (await page.request.get('/api/cart', { headers })).json()).items as { sku: string; quantity: number }[]).map((i) => [i.sku, i.quantity]))
    .toEqual([[first.v.sku, 6]]);

  // Rename and delete, at phone width.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('button', { name: 'Rename list' }).click();
  await page.getByLabel('List name').fill('Monthly mailers (SG)');
  await page.getByRole('button', { name: 'Save name' }).click();
  await expect(page.getByRole('heading', { name: 'Monthly mailers (SG)' })).toBeVisible();
  await lookAt(page, { path: '/tmp/repeat-list-390.png', fullPage: true });
  page.once('dialog', (d) => d.accept());
  await page.getByRole('button', { name: 'Delete list' }).click();
  await expect(page.getByText('List deleted')).toBeVisible();
  await expect(page).toHaveURL(/\/lists$/);
  await expect(page.getByTestId('saved-lists').getByRole('listitem')).toHaveCount(2);
  await lookAt(page, { path: '/tmp/repeat-lists-390.png', fullPage: true });
});
