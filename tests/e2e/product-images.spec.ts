import { expect, test, type Page } from '@playwright/test';

// Product images on the seeded catalogue: each <img> knows its size before its bytes arrive (no
// layout shift) and offers AVIF and WebP at several widths; the page's largest image is fetched
// first and the rest of the list waits until it nears the screen.

const SRCSET_ENTRY = /^\/uploads\/img\/[0-9a-f]{20}-\d+x\d+-\d+\.webp \d+w$/;

async function expectResponsive(page: Page, selector: string) {
  const img = page.locator(selector).first();
  await expect(img).toHaveAttribute('width', /^\d+$/);
  await expect(img).toHaveAttribute('height', /^\d+$/);
  await expect(img).toHaveAttribute('sizes', /px/);
  for (const entry of (await img.getAttribute('srcset'))!.split(', ')) expect(entry).toMatch(SRCSET_ENTRY);
  await expect(img.locator('xpath=..').locator('source[type="image/avif"]')).toHaveAttribute('srcset', /-\d+\.avif \d+w/);
}

for (const width of [390, 1280]) {
  test(`the listing and a product page carry responsive images at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/products');
    const images = page.getByTestId('product-card').locator('img');
    await expect(images.nth(4)).toBeAttached();
    await expectResponsive(page, '[data-testid="product-card"] img');
    await expect(images.first()).toHaveAttribute('fetchpriority', 'high');
    await expect(images.first()).toHaveAttribute('loading', 'eager');
    await expect(images.nth(4)).toHaveAttribute('loading', 'lazy');
    await expect(images.nth(4)).not.toHaveAttribute('fetchpriority', 'high');
    // The browser picked AVIF at a width near the card's, not the 800 px source.
    await expect.poll(() => images.first().evaluate((el: HTMLImageElement) => el.currentSrc)).toMatch(/-(160|320|640|800)\.avif$/);

    await page.getByTestId('product-card').first().click();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectResponsive(page, 'main img');
    const main = page.locator('main img').first();
    await expect(main).toHaveAttribute('fetchpriority', 'high');
    await expect.poll(() => main.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth)).toBeGreaterThan(0);
    const response = await page.request.get(await main.evaluate((el: HTMLImageElement) => el.currentSrc));
    expect(response.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  });
}

test("a product page's first answer preloads its main image first, and none of the page's own chunks", async ({ page, request }) => {
  await page.goto('/products');
  const href = await page.getByTestId('product-card').first().getAttribute('href');
  const html = await (await request.get(href!)).text();
  expect(html).toMatch(/<link data-page-head rel="preload" as="image" type="image\/avif" imagesrcset="\/uploads\/img\/[0-9a-f]{20}-800x800-160\.avif 160w,[^"]+" imagesizes="[^"]+" fetchpriority="high" \/>/);
  // Asked for before the stylesheet; the scripts wait for the first paint (decision 0154).
  const image = html.indexOf('rel="preload" as="image"');
  expect(image).toBeLessThan(html.indexOf('rel="stylesheet"'));
  expect(html).not.toContain('<script type="module"');
  expect(html).not.toContain('rel="modulepreload"');
});
