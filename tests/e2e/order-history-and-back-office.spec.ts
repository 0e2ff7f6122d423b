import { expect, test, type Page } from '@playwright/test';
import { signInWithApi } from './fixtures';
import { axeFindings } from './support/axe';
import { lookAt } from './support/look-at';

// Issue 38, points 10 and 13-17: a business buyer pages through and searches a long order history;
// the owner finds their way in the back office on a laptop and a phone, sees the buyer's company and
// each line's variant on the order, confirms before marking it paid, follows a stock movement to its
// order, reads "Out of stock" where none is left, and works through the first-run checklist.

const ADDRESS = { fullName: 'Aisha Rahman', phone: '+65 9123 4567', addressLine1: '1 Orchard Road', postalCode: '238801', city: 'Singapore', state: 'Singapore', country: 'SG' };
const COMPANY = { name: 'Kotak Trading Pte. Ltd.', country: 'SG', registration_number: '201912345K', tax_number: 'M90312345A', billing_address: '1 Raffles Place\nSingapore 048616' };
const SHOTS = 'test-results/issue-38';

async function variantInStock(page: Page) {
  const list = await (await page.request.post('/api/products/filter', { data: { page: 1, limit: 20 } })).json();
  for (const p of list.products as { id: string }[]) {
    const detail = await (await page.request.get(`/api/products/${p.id}`)).json();
    const v = (detail.variants as { variant_id: string; available: number; sku: string }[]).find((x) => x.available >= 60);
    if (v) return v;
  }
  throw new Error('no variant in stock');
}

test.describe.configure({ timeout: 240_000 });

test('a business buyer pages through every order and finds one by number, status or day', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const { token } = await signInWithApi(page, 'new-customer');
  const headers = { authorization: `Bearer ${token}` };
  const v = await variantInStock(page);
  const numbers: string[] = [];
  for (let i = 0; i < 23; i++) {
    expect((await page.request.post('/api/cart/add', { headers, data: { variant_id: v.variant_id, quantity: 1 } })).ok()).toBe(true);
    const placed = await page.request.post('/api/orders', { headers, data: { shipping_address: ADDRESS } });
    expect(placed.ok()).toBe(true);
    numbers.push((await placed.json()).order_number);
  }
  // REST: the specification's array, the next page named in the headers.
  const first = await page.request.get('/api/orders?limit=20', { headers });
  expect(((await first.json()) as unknown[]).length).toBe(20);
  expect(first.headers()['link']).toMatch(/^<\/api\/orders\?limit=20&cursor=[\w-]+>; rel="next"$/);

  await page.goto('/orders');
  const cards = page.getByTestId('order-card');
  await expect(cards).toHaveCount(20);
  await expect(cards.first()).toContainText(numbers[22]);
  await lookAt(page, { path: `${SHOTS}/my-orders-1280.png`, fullPage: false });
  await page.getByRole('button', { name: 'Show more orders' }).click();
  await expect(cards).toHaveCount(23);
  // The next page's first order takes the focus; the oldest order is there.
  await expect(cards.nth(20)).toBeFocused();
  await expect(cards.last()).toContainText(numbers[0]);
  await expect(page.getByTestId('orders-end')).toHaveText('That is every order you have placed.');
  await expect(page.getByRole('button', { name: 'Show more orders' })).toHaveCount(0);

  // By part of an order number, typed in lower case.
  const wanted = numbers[5];
  await page.getByLabel('Order number').fill(wanted.slice(-6).toLowerCase());
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toContainText(wanted);
  await expect(page).toHaveURL(new RegExp(`search=${wanted.slice(-6).toLowerCase()}`));
  await page.getByRole('button', { name: 'Clear filters' }).first().click();
  await expect(cards).toHaveCount(20);

  // By status: none is cancelled.
  await page.getByLabel('Status').selectOption('cancelled');
  await expect(page.getByText('No orders match these filters.')).toBeVisible();
  await page.getByLabel('Status').selectOption('');
  await expect(cards).toHaveCount(20);

  // By day placed (Singapore): today finds them, tomorrow none; a range the wrong way round is said at the field.
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Singapore' }).format(new Date());
  const tomorrow = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Singapore' }).format(new Date(Date.now() + 86_400_000));
  await page.getByLabel('Placed from').fill(today);
  await page.getByLabel('Placed until').fill(today);
  await expect(cards).toHaveCount(20);
  await page.getByLabel('Placed from').fill(tomorrow);
  await expect(page.getByText('The first day must not be after the last day')).toBeVisible();
  await page.getByLabel('Placed until').fill(tomorrow);
  await expect(page.getByText('No orders match these filters.')).toBeVisible();
  expect(await axeFindings(page, '/orders filtered', { every: true })).toEqual([]);

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/orders');
  await expect(cards).toHaveCount(20);
  await lookAt(page, { path: `${SHOTS}/my-orders-390.png`, fullPage: false });

  // The order's timeline names Singapore time.
  await cards.first().click();
  await expect(page.getByTestId('order-timeline')).toContainText(/\d{1,2}:\d{2} (am|pm) SGT/);
});

test('the owner: section navigation, the order page, stock words and the first-run checklist', async ({ page }) => {
  // A business buyer's order for the owner to work on.
  await page.setViewportSize({ width: 1280, height: 900 });
  const buyer = await signInWithApi(page, 'new-customer');
  const buyerHeaders = { authorization: `Bearer ${buyer.token}` };
  expect((await page.request.put('/api/users/me', { headers: buyerHeaders, data: { company: COMPANY } })).ok()).toBe(true);
  const v = await variantInStock(page);
  expect((await page.request.post('/api/cart/add', { headers: buyerHeaders, data: { variant_id: v.variant_id, quantity: 2 } })).ok()).toBe(true);
  const order = await (await page.request.post('/api/orders', { headers: buyerHeaders, data: { shipping_address: ADDRESS } })).json();

  const admin = await signInWithApi(page, 'admin');
  const headers = { authorization: `Bearer ${admin.token}` };

  // The dashboard: the checklist until the shop is set up, and the GST warning while there is no GST number.
  const checklist = await (await page.request.get('/api/admin/setup-checklist', { headers })).json();
  await page.goto('/admin');
  const nav = page.getByRole('navigation', { name: 'Back office' });
  await expect(nav.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
  if (!checklist.done) {
    await expect(page.getByTestId('setup-checklist')).toBeVisible();
    await expect(page.getByTestId('setup-checklist').getByRole('listitem')).toHaveCount(5);
  }
  if (checklist.gst_warning) await expect(page.getByTestId('gst-warning')).toContainText('9% GST');
  await lookAt(page, { path: `${SHOTS}/dashboard-1280.png`, fullPage: true });
  expect(await axeFindings(page, '/admin', { every: true })).toEqual([]);

  // Shipping rates: saved from Shop details, the checklist ticks the step (a retry finds it ticked).
  if (!checklist.done && !checklist.steps.find((s: { id: string }) => s.id === 'shipping').done) {
    await page.getByTestId('setup-shipping').getByRole('link').or(page.getByRole('link', { name: 'Set up shipping rates' })).first().click();
    await expect(page).toHaveURL(/\/admin\/shop#shipping$/);
    await page.getByRole('button', { name: 'Save shipping rates' }).click();
    await expect(page.getByText('Shipping rates saved')).toBeVisible();
    await lookAt(page, { path: `${SHOTS}/shop-shipping-1280.png`, fullPage: true });
    await nav.getByRole('link', { name: 'Dashboard' }).click();
    await expect(page.getByTestId('setup-shipping').or(page.getByRole('heading', { name: 'Dashboard' })).first()).toBeVisible();
    const after = await (await page.request.get('/api/admin/setup-checklist', { headers })).json();
    expect(after.steps.find((s: { id: string }) => s.id === 'shipping').done).toBe(true);
    if (!after.done) await expect(page.getByTestId('setup-shipping')).toHaveAttribute('data-done', 'true');
  }

  // The order: company, the line's variant and SKU; Mark as paid asks first.
  await page.goto(`/admin/orders/${order.id}`);
  await expect(nav.getByRole('link', { name: 'Orders' })).toHaveAttribute('aria-current', 'page');
  const company = page.getByTestId('order-company');
  await expect(company).toContainText(COMPANY.name);
  await expect(company).toContainText(COMPANY.registration_number);
  await expect(company).toContainText(COMPANY.tax_number);
  await expect(page.getByTestId('line-variant').first()).toContainText(/cm/);
  await expect(page.getByText(v.sku)).toBeVisible();
  let asked = '';
  page.once('dialog', (d) => {
    asked = d.message();
    void d.dismiss();
  });
  await page.getByRole('button', { name: 'Mark as paid' }).click();
  await expect.poll(() => asked).toContain(`Mark order ${order.order_number} as paid?`);
  await expect(page.getByTestId('order-status')).toHaveText('Pending');
  page.once('dialog', (d) => void d.accept());
  await page.getByRole('button', { name: 'Mark as paid' }).click();
  await expect(page.getByTestId('order-status')).toHaveText('Paid');
  await lookAt(page, { path: `${SHOTS}/order-1280.png`, fullPage: true });
  expect(await axeFindings(page, '/admin/orders/{id}', { every: true })).toEqual([]);

  // The variant's stock history: the order's movement links to the order.
  await nav.getByRole('link', { name: 'Inventory' }).click();
  await page.getByRole('searchbox', { name: 'Search inventory' }).fill(v.sku);
  // The SKU may be the start of another (…_10 and …_100): the row is the one with this SKU's buttons.
  const historyButton = page.getByRole('button', { name: `History of ${v.sku}`, exact: true });
  await historyButton.click();
  await page.getByRole('link', { name: `Order ${order.order_number}` }).first().click();
  await expect(page).toHaveURL(new RegExp(`/admin/orders/${order.id}$`));

  // Out of stock reads so in inventory and on the packing tile.
  const row = (await (await page.request.get(`/api/admin/inventory/page?search=${encodeURIComponent(v.sku)}`, { headers })).json()).items[0];
  const set = (value: number) => page.request.post('/api/admin/inventory/adjust', { headers, data: { variant_id: v.variant_id, adjustment_type: 'set', on_hand_value: value, reason: 'recount', notes: 'e2e: out of stock words' } });
  expect((await set(row.allocated + row.safety_stock)).ok()).toBe(true);
  try {
    await page.goto(`/admin/inventory?q=${encodeURIComponent(v.sku)}`);
    await expect(page.getByTestId('inventory-row').filter({ has: historyButton })).toContainText('Out of stock');
    await expect(page.getByText(/^[\d,]+ SKUs · [\d,]+ out of stock · [\d,]+ low on stock$/)).toBeVisible();
    await page.goto('/admin/packing');
    await page.getByPlaceholder('Search products or SKU...').fill(v.sku);
    const tile = page.locator(`[data-testid="packing-tile"][data-sku="${v.sku}"]`);
    await expect(tile.getByTestId('tile-stock-word')).toHaveText('Out of stock');
    await expect(tile.getByRole('button', { name: `Remove one ${v.sku}` })).toBeDisabled();
    await lookAt(page, { path: `${SHOTS}/packing-1280.png` });
  } finally {
    expect((await set(row.on_hand)).ok()).toBe(true);
  }

  // On a phone: the section menu names the current section and opens the list.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/admin/orders/${order.id}`);
  const menu = nav.getByRole('button', { name: /Section: Orders/ });
  await expect(menu).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Inventory' })).toBeHidden();
  await lookAt(page, { path: `${SHOTS}/order-390.png`, fullPage: false });
  await menu.click();
  await expect(menu).toHaveAttribute('aria-expanded', 'true');
  await lookAt(page, { path: `${SHOTS}/menu-390.png`, fullPage: false });
  await expect(nav.getByRole('link', { name: 'Orders' })).toHaveAttribute('aria-current', 'page');
  await page.keyboard.press('Escape');
  await expect(menu).toBeFocused();
  await expect(menu).toHaveAttribute('aria-expanded', 'false');
  await menu.click();
  await nav.getByRole('link', { name: 'Inventory' }).click();
  await expect(page).toHaveURL(/\/admin\/inventory$/);
  await expect(nav.getByRole('button', { name: /Section: Inventory/ })).toHaveAttribute('aria-expanded', 'false');
  // Scrolled down a long page, the menu is still in reach under the site header.
  await page.mouse.wheel(0, 3000);
  await expect(nav.getByRole('button', { name: /Section: Inventory/ })).toBeInViewport();
  // Not under the site header either: a click would reach it.
  await nav.getByRole('button', { name: /Section: Inventory/ }).click({ trial: true, timeout: 3000 });
  await lookAt(page, { path: `${SHOTS}/inventory-390.png`, fullPage: false });
  await page.goto('/admin');
  await lookAt(page, { path: `${SHOTS}/dashboard-390.png`, fullPage: true });
  expect(await axeFindings(page, '/admin (phone)', { every: true })).toEqual([]);
});
