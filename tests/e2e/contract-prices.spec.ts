import { expect, test, type Page } from '@playwright/test';
import { ADMIN, mailerForJourney, ownerApi, storeSession, uniqueEmail } from './fixtures';
import { lookAt } from './support/look-at';

// Contract prices (issue 40, item 3; decision 0193): the owner makes a price list in the back
// office, lists a SKU at its own price, assigns the list to a company; a member of that company sees
// the price on the product page and in the cart, while a visitor still sees the list price.

test('the owner gives a company a price list; its member sees the contract price on the product page and in the cart', async ({ page }) => {
  test.setTimeout(180_000);
  const { owner, headers } = await ownerApi(page);
  const stamp = Date.now();

  // A product at $4.00 a pack, a company and its buyer, made through the API.
  const product = await mailerForJourney(page, headers, `Contract Mailer ${stamp}`, 41);
  const sku = product.variants[0].sku;
  const company = await page.request.post('/api/admin/companies', { headers, data: { name: `Contract Co ${stamp} Pte. Ltd.`, country: 'SG', registration_number: '201912345K' } });
  expect(company.status()).toBe(200);
  const companyId = (await company.json()).id as string;
  const email = uniqueEmail('contract');
  const reg = await page.request.post('/api/auth/register', { data: { email, password: 'a-good-password', first_name: 'Mei', last_name: 'Tan' } });
  expect(reg.ok()).toBe(true);
  const member = await reg.json();
  expect((await page.request.post(`/api/admin/companies/${companyId}/members`, { headers, data: { email, role: 'buyer' } })).status()).toBe(200);

  // The owner makes the price list in the back office and lists the SKU at $2.50.
  await storeSession(page, owner.access_token, owner.user);
  await page.goto('/admin/price-lists');
  await page.getByRole('button', { name: 'New price list' }).click();
  await page.getByLabel('Price list name').fill(`Contract ${stamp}`);
  await page.getByLabel('Percentage off everything else').fill('10');
  await page.getByRole('button', { name: 'Create price list' }).click();
  await expect(page.getByRole('heading', { name: `Contract ${stamp}` })).toBeVisible();
  await page.getByLabel('Listed prices').fill(`sku,price,min_quantity\n${sku},2.50,1`);
  await page.getByRole('button', { name: 'Save price list' }).click();
  await expect(page.getByTestId('listed-price').filter({ hasText: sku })).toContainText('$2.50 from 1');
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await lookAt(page, { path: `/tmp/shots-prices/price-list-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });

  // ...and assigns it to the company.
  await page.goto(`/admin/companies/${companyId}`);
  await page.getByLabel('Price list').selectOption({ label: `Contract ${stamp}` });
  await page.getByRole('button', { name: 'Save company' }).click();
  await expect.poll(async () => (await (await page.request.get(`/api/admin/companies/${companyId}`, { headers })).json()).price_list_id).not.toBeNull();

  // A visitor sees the list price.
  await page.evaluate(() => localStorage.clear());
  await page.goto(`/products/${product.id}`);
  await expect(page.getByTestId('total-price')).toHaveText('$4.00');

  // The member sees the contract price on the product page and in the cart.
  await storeSession(page, member.access_token, member.user);
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.goto(`/products/${product.id}`);
    await expect(page.getByTestId('total-price')).toHaveText('$2.50');
    await lookAt(page, { path: `/tmp/shots-prices/product-member-${width}.png`, fullPage: true });
  }
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page).toHaveURL(/\/cart$/);
  await expect(page.getByTestId('cart-line').filter({ hasText: `Contract Mailer ${stamp}` }).getByTestId('line-total')).toHaveText('$2.50');
  await lookAt(page, { path: '/tmp/shots-prices/cart-member-390.png', fullPage: true });
});

test('a member’s saved list and the quote they ask for show the contract price', async ({ page }) => {
  test.setTimeout(120_000);
  const owner = await (await page.request.post('/api/auth/login', { data: ADMIN })).json();
  const headers = { authorization: `Bearer ${owner.access_token}` };
  const stamp = Date.now();
  const product = await mailerForJourney(page, headers, `Listed Mailer ${stamp}`, 43);
  const { sku, variant_id } = product.variants[0];
  const list = await page.request.post('/api/admin/price-lists', { headers, data: { name: `Listed ${stamp}`, items: [{ sku, tiers: [{ min_quantity: 1, price: 2.5 }] }] } });
  expect(list.status()).toBe(200);
  const company = await page.request.post('/api/admin/companies', { headers, data: { name: `Listed Co ${stamp} Pte. Ltd.`, country: 'SG', registration_number: '201912345K', price_list_id: (await list.json()).id } });
  expect(company.status()).toBe(200);
  const email = uniqueEmail('listed');
  const member = await (await page.request.post('/api/auth/register', { data: { email, password: 'a-good-password', first_name: 'Wei', last_name: 'Lim' } })).json();
  expect((await page.request.post(`/api/admin/companies/${(await company.json()).id}/members`, { headers, data: { email, role: 'buyer' } })).status()).toBe(200);
  const auth = { authorization: `Bearer ${member.access_token}` };
  const saved = await (await page.request.post('/api/lists', { headers: auth, data: { name: `Weekly ${stamp}` } })).json();
  expect((await page.request.post(`/api/lists/${saved.id}/items`, { headers: auth, data: { variant_id, quantity: 3 } })).status()).toBe(200);
  const quote = await (await page.request.post('/api/quotes', { headers: auth, data: { lines: [{ sku, quantity: 3 }] } })).json();

  await storeSession(page, member.access_token, member.user);
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.goto(`/lists/${saved.id}`);
    await expect(page.getByText('$2.50 per pack')).toBeVisible();
    await lookAt(page, { path: `/tmp/shots-prices/list-member-${width}.png`, fullPage: true });
    await page.goto(`/quotes/${quote.id}`);
    await expect(page.getByText(`Listed Mailer ${stamp}`)).toBeVisible();
    await expect(width === 390 ? page.getByText('Usual price $2.50') : page.getByRole('cell', { name: '$2.50', exact: true })).toBeVisible();
    await lookAt(page, { path: `/tmp/shots-prices/quote-member-${width}.png`, fullPage: true });
  }
});
