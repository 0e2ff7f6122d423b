import { expect, test, type Page } from '@playwright/test';
import { ownerHeadersOnce, productForJourney, signInWithApi } from './fixtures';
import { lookAt } from './support/look-at';

// Issue 40, item 1: a shopper sees a variant's order quantity rules on the product page, the
// stepper starts at the smallest order and steps by the carton, the cart line keeps to them, and a
// wrong quantity typed in quick order gets the rule's own words (decision 0187).

/** A product of one size and pack with rules, made through the back office's API. */
async function cartonProduct(page: Page) {
  return productForJourney(page, await ownerHeadersOnce(page), `Carton Mailer ${Date.now()}`, 35, [
    { pack_size: 50, price: 3, on_hand: 200, order_minimum: 10, order_multiple: 5, order_maximum: 100 },
  ]);
}

for (const width of [1280, 390]) {
  test(`at ${width} px: sold in cartons of 5 on the product page, the stepper steps by 5, quick order names the rule`, async ({ page }) => {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    const errors: string[] = [];
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    const product = await cartonProduct(page);
    const [v] = product.variants;
    const label = `${product.name} ${v.attributes.size_code} (${v.attributes.pack_size} pcs)`;

    await page.goto(`/products/${product.id}`);
    await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
    // The page arrives server-rendered; its stepper steps once it has hydrated (the chat button shows then).
    await expect(page.getByTestId('chat-open')).toBeVisible();
    await expect(page.getByTestId('order-rules')).toHaveText('Sold in cartons of 5, at least 10, at most 100');
    const qty = page.getByRole('spinbutton', { name: 'Quantity' });
    // Starts at the smallest order; steps by the carton; cannot go below the minimum.
    await expect(qty).toHaveValue('10');
    await expect(page.getByRole('button', { name: 'Decrease quantity' })).toBeDisabled();
    await page.getByRole('button', { name: 'Increase quantity' }).click();
    await expect(qty).toHaveValue('15');
    await page.getByRole('button', { name: 'Increase quantity' }).click();
    await expect(qty).toHaveValue('20');
    // A typed number between cartons is brought to whole cartons, and said.
    await qty.fill('23');
    await qty.press('Enter');
    await expect(qty).toHaveValue('20');
    await expect(page.getByText('Lowered to 20')).toBeVisible();
    await lookAt(page, { path: `/tmp/shots-qty/product-${width}.png`, fullPage: true });
    await page.getByRole('button', { name: 'Add to Cart' }).click();
    await expect(page).toHaveURL(/\/cart$/);

    const line = page.getByTestId('line-quantity');
    await expect(line).toHaveValue('20');
    await expect(page.getByTestId('line-rules')).toHaveText('Sold in cartons of 5, at least 10, at most 100');
    await page.getByRole('button', { name: 'Increase quantity' }).click();
    await expect(line).toHaveValue('25');
    await lookAt(page, { path: `/tmp/shots-qty/cart-${width}.png`, fullPage: true });

    // Quick order: 7 more would make 32, not whole cartons; the row says the rule.
    await page.goto('/quick-order');
    await page.getByLabel('Lines to paste').fill(`${v.sku}\t7`);
    await page.getByRole('button', { name: 'Add these lines' }).click();
    const row = page.getByTestId('quick-order-row').first();
    await expect(row).toContainText(`${label} is sold in cartons of 5: order 10, 15, 20...`);
    await lookAt(page, { path: `/tmp/shots-qty/quick-order-${width}.png`, fullPage: true });
    await row.getByLabel('Quantity, line 1').fill('10');
    await expect(row).not.toContainText('is sold in cartons');
    await page.getByRole('button', { name: 'Add all to cart' }).click();
    await expect(page.getByText('Added 10 item(s) to cart!')).toBeVisible();
    expect(errors).toEqual([]);
  });
}

for (const width of [1280, 390]) {
  test(`at ${width} px: staff set the rules in a variant row; a set that cannot be ordered is said before saving`, async ({ page }) => {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    const { token } = await signInWithApi(page, 'admin');
    await page.goto('/admin/products/new');
    const name = `Ruled Mailers ${Date.now().toString(36)}`;
    await page.getByLabel('Name', { exact: true }).fill(name);
    await page.getByLabel('Description', { exact: true }).fill('Sold by the carton.');
    // A size no other product has (its SKU is made from it): the two widths of this test never pick the same one.
    await page.getByLabel('Width (cm)').fill(String((width === 390 ? 71 : 81) + (Date.now() % 90) / 10));
    await page.getByLabel('Height (cm)').fill('45');
    await page.getByLabel('25 pcs').check();
    await page.getByRole('button', { name: 'Add variants' }).click();
    const card = page.getByTestId('variant-card').first();
    await card.getByLabel('Base price').fill('12.50');
    await card.getByLabel('Carton of').fill('5');
    await card.getByLabel('Max order').fill('12');
    await expect(card.getByRole('alert')).toHaveText('Order maximum (12) must be a multiple of the order multiple (5)');
    await lookAt(card, { path: `/tmp/shots-qty/admin-form-${width}.png` });
    // Saved anyway: the server refuses it with the same words.
    await page.getByRole('button', { name: 'Create Product' }).click();
    await expect(page.getByText('Order maximum (12) must be a multiple of the order multiple (5)').last()).toBeVisible();
    await card.getByLabel('Max order').fill('100');
    await card.getByLabel('Min order').fill('10');
    await expect(card.getByRole('alert')).toHaveCount(0);
    await page.getByRole('button', { name: 'Create Product' }).click();
    await expect(page.getByText('Product created successfully')).toBeVisible();
    const products = await (await page.request.get(`/api/admin/products?search=${encodeURIComponent(name)}`, { headers: { authorization: `Bearer ${token}` } })).json();
    const detail = await (await page.request.get(`/api/products/${products[0].id}`)).json();
    expect(detail.variants[0]).toMatchObject({ order_minimum: 10, order_multiple: 5, order_maximum: 100 });
  });
}
