import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { sgAddress } from '../factories/orders';
import { ADMIN, signInWithApi, uniqueEmail } from './fixtures';
import { lookAt } from './support/look-at';

// The owner reads the reports: a customer orders, the dashboard's 30-day chart and the Sales report
// count it today, and each report shows a chart, its table and a CSV download; at 1280 and 390 px.

async function placeOrder(page: Page, quantity: number) {
  const request = page.request;
  const admin = (await (await request.post('/api/auth/login', { data: ADMIN })).json()).access_token as string;
  const rows = (await (await request.get('/api/admin/inventory?limit=2000', { headers: { authorization: `Bearer ${admin}` } })).json()) as Array<{ variant_id: string; available: number }>;
  const row = rows.find((r) => r.available > 40)!;
  const reg = await (await request.post('/api/auth/register', { data: { email: uniqueEmail('reports'), password: 'a-good-password', first_name: 'Nur', last_name: 'Aziz' } })).json();
  const customer = { authorization: `Bearer ${reg.access_token}` };
  expect((await request.post('/api/cart/add', { headers: customer, data: { variant_id: row.variant_id, quantity } })).ok()).toBe(true);
  const placed = await request.post('/api/orders', { headers: { ...customer, 'Idempotency-Key': `e2e-reports-${Date.now()}` }, data: { shipping_address: sgAddress, payment_method: 'stripe' } });
  expect(placed.ok()).toBe(true);
  return { ...(await placed.json()), customerToken: reg.access_token as string };
}

async function shoot(page: Page, name: string) {
  await page.setViewportSize({ width: 1280, height: 900 });
  await expect(page.getByTestId('report-chart').first()).toBeVisible();
  await lookAt(page, { path: `/tmp/reports-${name}-1280.png`, fullPage: true });
  // A phone opens the report at its width: fewer axis labels, tables scroll sideways inside their box.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(page.getByTestId('report-chart').first()).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  // The tab row scrolls sideways on a phone; the open report's tab is within the screen.
  const tab = await page.getByRole('navigation', { name: 'Reports' }).locator('[aria-current="page"]').boundingBox();
  expect(tab!.x).toBeGreaterThanOrEqual(0);
  expect(tab!.x + tab!.width).toBeLessThanOrEqual(390);
  await lookAt(page, { path: `/tmp/reports-${name}-390.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('the owner reads sales, products, customers, promotions, stock cover and GST with charts, tables and CSV', async ({ page }) => {
  // Six reports, each drawn at two widths (with a reload at the phone's): longer than one journey step.
  test.setTimeout(180_000);
  const order = await placeOrder(page, 30);
  await signInWithApi(page, 'admin');

  // The dashboard's 30-day chart counts today's order.
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Sales, last 30 days' })).toBeVisible();
  await expect(page.getByTestId('dashboard-sales')).toContainText('orders');
  await expect(page.getByTestId('report-chart')).toBeVisible();
  await lookAt(page, { path: '/tmp/reports-dashboard-1280.png', fullPage: true });

  // Sales, today: the order is there with its total.
  await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Reports' }).click();
  await expect(page).toHaveURL(/\/admin\/reports\/sales/);
  await page.getByLabel('Period', { exact: true }).selectOption('today');
  await expect(page).toHaveURL(/range=today/);
  const orders = Number(await page.getByTestId('sales-orders').textContent());
  expect(orders).toBeGreaterThanOrEqual(1);
  await expect(page.getByTestId('sales-cancelled')).toContainText('Cancelled and not counted above');
  await expect(page.getByRole('region', { name: 'Sales by day' }).getByRole('row')).toHaveCount(2);
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download CSV' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^sales-\d{4}-\d{2}-\d{2}_to_\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = readFileSync(await download.path(), 'utf8');
  expect(csv.replace(/^\uFEFF/, '').split('\n')[0]).toBe('date,revenue,orders,units');
  await page.getByLabel('Period', { exact: true }).selectOption('last_30_days');
  await shoot(page, 'sales');

  // A custom range that ends before from is refused in the picker with the reason.
  await page.getByLabel('Period', { exact: true }).selectOption('custom');
  await page.getByLabel('From', { exact: true }).fill('2026-03-10');
  await page.getByLabel('To', { exact: true }).fill('2026-03-01');
  await expect(page.getByRole('alert').filter({ hasText: 'from must not be after to' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Apply' })).toBeDisabled();
  await page.getByLabel('Period', { exact: true }).selectOption('last_30_days');

  // Products: the variant sold is a best seller.
  await page.getByRole('navigation', { name: 'Reports' }).getByRole('link', { name: 'Products' }).click();
  await expect(page.getByRole('region', { name: /Best sellers per product/ }).getByRole('row').nth(1)).toBeVisible();
  await shoot(page, 'products');

  await page.getByRole('navigation', { name: 'Reports' }).getByRole('link', { name: 'Customers' }).click();
  expect(Number(await page.getByTestId('customers-buyers').textContent())).toBeGreaterThanOrEqual(1);
  await shoot(page, 'customers');

  await page.getByRole('navigation', { name: 'Reports' }).getByRole('link', { name: 'Promotions' }).click();
  await expect(page.getByRole('heading', { name: 'Coupons' })).toBeVisible();
  await page.setViewportSize({ width: 1280, height: 900 });
  await lookAt(page, { path: '/tmp/reports-promotions-1280.png', fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await lookAt(page, { path: '/tmp/reports-promotions-390.png', fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });

  // Stock cover: the variant that sold has a rate; the purchase list downloads.
  await page.getByRole('navigation', { name: 'Reports' }).getByRole('link', { name: 'Stock cover' }).click();
  await expect(page.getByRole('region', { name: 'Stock cover per variant' })).toBeVisible();
  await expect(page.getByTestId('stock-flagged')).toContainText('within the lead time');
  const [purchase] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download purchase list' }).click()]);
  expect(purchase.suggestedFilename()).toMatch(/^purchase-list-\d{4}-\d{2}-\d{2}\.csv$/);
  await shoot(page, 'stock-cover');

  // GST: this quarter, with the words of what is included, and the orders behind it.
  await page.getByRole('navigation', { name: 'Reports' }).getByRole('link', { name: 'GST' }).click();
  await expect(page.getByTestId('gst-basis')).toContainText('not cancelled');
  await expect(page.getByTestId('gst-box6')).not.toHaveText('$0.00');
  const [gst] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download the orders' }).click()]);
  expect(readFileSync(await gst.path(), 'utf8')).toContain(order.order_number);
  await shoot(page, 'gst');
});
