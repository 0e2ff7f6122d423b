import { expect, test, type Page } from '@playwright/test';
import { ADMIN, login } from './fixtures';

// The Content-Security-Policy the server sends must not break any page: every violation the
// browser reports (securitypolicyviolation events and console errors) fails the journey.

const STOREFRONT = ['/', '/home', '/products', '/faq', '/contact', '/shipping', '/about', '/cart', '/login'];
const BACK_OFFICE = ['/admin', '/admin/inventory', '/admin/products', '/admin/products/new', '/admin/packing', '/admin/promotions', '/admin/gifts', '/admin/orders', '/admin/messages', '/admin/import-export', '/admin/users', '/admin/settings'];

async function watchViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      (window as unknown as { __csp: string[] }).__csp ??= [];
      (window as unknown as { __csp: string[] }).__csp.push(`${e.violatedDirective} ${e.blockedURI}`);
    });
  });
  page.on('console', (msg) => {
    if (msg.type() === 'error' && /Content Security Policy/i.test(msg.text())) violations.push(msg.text());
  });
  return violations;
}

async function visit(page: Page, path: string, violations: string[]) {
  await page.goto(path);
  await page.waitForLoadState('networkidle');
  const events = await page.evaluate(() => (window as unknown as { __csp?: string[] }).__csp ?? []);
  violations.push(...events.map((e) => `${path}: ${e}`));
}

test('the storefront runs under the CSP with no violation', async ({ page }) => {
  const violations = await watchViolations(page);
  for (const path of STOREFRONT) await visit(page, path, violations);
  // A product page, its JSON-LD and the chat widget.
  await page.goto('/products');
  await page.locator('a[href^="/products/"]').first().click();
  await expect(page.locator('h1')).toBeVisible();
  await page.getByRole('button', { name: /chat/i }).first().click();
  await page.waitForLoadState('networkidle');
  expect(violations).toEqual([]);
});

test('the back office runs under the CSP with no violation', async ({ page }) => {
  const violations = await watchViolations(page);
  await login(page, ADMIN.email, ADMIN.password);
  for (const path of BACK_OFFICE) await visit(page, path, violations);
  expect(violations).toEqual([]);
});

test('pages, assets and both API doors carry the security headers; assets are compressed and cached for good', async ({ request, page }) => {
  for (const path of ['/', '/api/health', '/trpc/health.check']) {
    const res = await request.get(path);
    const headers = res.headers();
    expect(headers['content-security-policy'], path).toContain("frame-ancestors 'none'");
    expect(headers['x-content-type-options'], path).toBe('nosniff');
    expect(headers['referrer-policy'], path).toBe('strict-origin-when-cross-origin');
  }
  const html = await request.get('/');
  expect(html.headers()['cache-control']).toBe('no-cache');
  await page.goto('/');
  const script = await page.locator('script[type="module"][src^="/assets/"]').first().getAttribute('src');
  const asset = await request.get(script!, { headers: { 'accept-encoding': 'br, gzip' } });
  expect(asset.headers()['content-encoding']).toBe('br');
  expect(asset.headers()['cache-control']).toContain('immutable');
  expect(asset.headers()['content-security-policy']).toContain("default-src 'self'");
});
