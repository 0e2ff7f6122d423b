import { expect, test, type Page } from '@playwright/test';
import { fillCartPastGiftTier, signInWithApi } from './fixtures';
import { axeFindings } from './support/axe';

// Every storefront and back-office page at desktop and phone width: axe finds no serious or
// critical violations (WCAG 2.1 A and AA rules).
const WIDTHS = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
];

async function audit(page: Page, path: string) {
  await page.goto(path);
  await expect(page.locator('main')).toBeVisible();
  // Audit the page's real content, not its loading spinner or skeletons.
  await expect(page.locator('main .animate-spin, main .animate-pulse')).toHaveCount(0);
  return axeFindings(page, path);
}


test.describe.configure({ timeout: 240_000 });

for (const w of WIDTHS) {
  test(`${w.name}: storefront pages have no serious or critical axe violations`, async ({ page }) => {
    await page.setViewportSize({ width: w.width, height: w.height });
    const list = await (await page.request.post('/api/products/filter', { data: { page: 1, limit: 1 } })).json();
    const paths = ['/', '/products', `/products/${list.products[0].id}`, '/cart', '/faq', '/contact', '/shipping', '/login'];
    const problems: string[] = [];
    for (const path of paths) problems.push(...(await audit(page, path)));
    // The chat panel, open.
    await page.goto('/faq');
    await page.getByTestId('chat-open').click();
    await expect(page.getByTestId('chat-agent-message').first()).toBeVisible();
    problems.push(...(await axeFindings(page, '/faq with the chat open')));
    // Signed in, with a cart past the first gift tier: cart, gift picker, checkout, account, orders.
    await signInWithApi(page, 'new-customer');
    await fillCartPastGiftTier(page);
    for (const path of ['/cart', '/checkout', '/account', '/orders']) problems.push(...(await audit(page, path)));
    expect(problems, problems.join('\n')).toEqual([]);
  });

  test(`${w.name}: back-office pages have no serious or critical axe violations`, async ({ page }) => {
    await page.setViewportSize({ width: w.width, height: w.height });
    await signInWithApi(page, 'admin');
    const paths = ['/admin', '/admin/inventory', '/admin/products', '/admin/products/new', '/admin/packing', '/admin/promotions', '/admin/gifts', '/admin/orders', '/admin/users', '/admin/messages', '/admin/import-export'];
    const problems: string[] = [];
    for (const path of paths) problems.push(...(await audit(page, path)));
    expect(problems, problems.join('\n')).toEqual([]);
  });

  test(`${w.name}: the reports have no serious or critical axe violations`, async ({ page }) => {
    await page.setViewportSize({ width: w.width, height: w.height });
    await signInWithApi(page, 'admin');
    const problems: string[] = [];
    for (const report of ['sales', 'products', 'customers', 'promotions', 'stock-cover', 'gst']) problems.push(...(await audit(page, `/admin/reports/${report}`)));
    expect(problems, problems.join('\n')).toEqual([]);
  });
}
