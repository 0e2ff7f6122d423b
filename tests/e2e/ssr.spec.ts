import { expect, test, type Browser, type Page } from '@playwright/test';
import { fillCartPastGiftTier, signInWithApi } from './fixtures';

// The public pages arrive rendered: a shopper without JavaScript browses the catalogue and reads a
// product, and with JavaScript the page that hydrates shows exactly what arrived (no flash, no
// shift) without fetching the catalogue again.

async function firstProductPath(page: Page): Promise<string> {
  const href = await page.getByTestId('product-card').first().getAttribute('href');
  expect(href).toMatch(/^\/products\/[^/]+\/[^/]+$/);
  return href!;
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('a shopper goes from /products to a product and reads it', async ({ page }) => {
    await page.goto('/products');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const cards = page.getByTestId('product-card');
    expect(await cards.count()).toBeGreaterThan(1);
    const name = (await cards.first().locator('h3').textContent())!.trim();

    // Paging is plain links too.
    const next = page.getByRole('navigation', { name: 'Pagination' }).getByRole('link', { name: 'Next' });
    if (await next.count()) {
      await next.click();
      await expect(page).toHaveURL(/[?&]page=2/);
      await expect(page.getByText(/^Page 2 of \d+$/)).toBeVisible();
      await page.goBack();
    }

    await page.getByTestId('product-card').first().click();
    await expect(page).toHaveURL(/\/products\/[^/]+\/[^/]+$/);
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Products' })).toBeVisible();
    await expect(page.locator('main')).toContainText(/\$\d+\.\d{2}/);
    await expect(page.locator('main img').first()).toBeVisible();
  });

  test('the search box works as a plain form', async ({ page }) => {
    await page.goto('/products');
    await page.getByRole('searchbox', { name: 'Search products' }).fill('bubble');
    await page.getByRole('searchbox', { name: 'Search products' }).press('Enter');
    await expect(page).toHaveURL(/\/products\?search=bubble$/);
    await expect(page.getByTestId('product-card').first()).toContainText(/bubble/i);
  });

  test("the header's search box searches the listing from any page", async ({ page }) => {
    await page.goto('/faq');
    await page.getByRole('combobox', { name: 'Search the shop' }).fill('pink');
    await page.getByRole('combobox', { name: 'Search the shop' }).press('Enter');
    await expect(page).toHaveURL(/\/products\?search=pink$/);
    await expect(page.getByTestId('product-card').first()).toContainText(/pink/i);
  });

  test('the cart shows its empty state, with the way to the products', async ({ page }) => {
    await page.goto('/cart');
    await expect(page.getByRole('heading', { level: 1, name: 'Your cart is empty' })).toBeVisible();
    await expect(page.getByText('Polymailers, bubble wrap and more are waiting for you.')).toBeVisible();
    await expect(page.locator('main').getByRole('link', { name: 'Browse Products' })).toHaveAttribute('href', '/products');
  });
});

interface Seen {
  main: string;
  boxes: (string | null)[];
}

/**
 * What the page shows: the main content's text, and where the headings, images and navigation of
 * the first screen sit (below it, lazy images load as the shopper scrolls, with or without hydration).
 */
async function seen(page: Page): Promise<Seen> {
  await page.waitForFunction(() => [...document.images].filter((i) => i.getBoundingClientRect().top < innerHeight).every((i) => i.complete));
  return page.evaluate(() => {
    const main = document.querySelector('main')!;
    const at = (el: Element) => {
      const r = el.getBoundingClientRect();
      return `${el.tagName} ${Math.round(r.x)},${Math.round(r.y)} ${Math.round(r.width)}x${Math.round(r.height)}`;
    };
    return {
      main: main.innerText,
      boxes: [...main.querySelectorAll('h1, h2, h3, img, nav, p')].filter((el) => el.getBoundingClientRect().top < innerHeight).map(at),
    };
  });
}

async function firstPaint(browser: Browser, width: number, path: string): Promise<Seen> {
  // The server's HTML as it is painted before any script runs.
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width, height: 900 } });
  const page = await context.newPage();
  await page.goto(path);
  await page.waitForLoadState('load');
  const s = await seen(page);
  await context.close();
  return s;
}

for (const width of [390, 1280]) {
  test(`at ${width} px the hydrated pages show what arrived, without fetching the catalogue again`, async ({ browser }) => {
    // Eight pages, each loaded twice in a context of its own and waited on until the network is idle:
    // 55-65 s on a busy 2-core machine, so more than the default minute.
    test.setTimeout(150_000);
    const context = await browser.newContext({ viewport: { width, height: 900 } });
    const page = await context.newPage();
    await page.goto('/products');
    const product = await firstProductPath(page);

    for (const path of ['/', '/home', '/products', '/products?color=pink', product, '/faq', '/contact', '/shipping']) {
      const before = await firstPaint(browser, width, path);
      expect(before.main.length, `${path} arrives with its content`).toBeGreaterThan(40);

      const catalogueCalls: string[] = [];
      const errors: string[] = [];
      const onRequest = (r: { url(): string }) => {
        if (/\/trpc\/[^?]*catalog\./.test(r.url())) catalogueCalls.push(r.url());
      };
      const onConsole = (m: { type(): string; text(): string }) => {
        if (m.type() === 'error') errors.push(m.text());
      };
      page.on('request', onRequest);
      page.on('console', onConsole);
      await page.goto(path);
      // The chat button exists only once the page has hydrated (src/components/layout/Layout.tsx).
      await expect(page.getByRole('button', { name: /^Open chat with/ })).toBeVisible();
      await page.waitForLoadState('networkidle');
      const after = await seen(page);
      page.off('request', onRequest);
      page.off('console', onConsole);

      expect(after.main, `${path}: same content before and after hydration`).toBe(before.main);
      expect(after.boxes, `${path}: nothing moved on hydration`).toEqual(before.boxes);
      expect(catalogueCalls, `${path}: no second fetch of the catalogue`).toEqual([]);
      expect(errors, `${path}: no hydration errors`).toEqual([]);
    }
    await context.close();
  });
}

/**
 * Loads `path` with the page's scripts blocked: the server's HTML and its inline hint alone, as first
 * painted. The scripts stay blocked until the returned function has left the page: the page asks for
 * its entry only after its first paint (decision 0154), which may be after the load event.
 */
async function withScriptsBlocked(page: Page, path: string): Promise<() => Promise<void>> {
  await page.route('**/assets/*.js', (route) => route.abort());
  await page.goto(path);
  await page.waitForLoadState('load');
  return async () => {
    await page.goto('about:blank');
    await page.unroute('**/assets/*.js');
  };
}

for (const width of [390, 1280]) {
  test(`at ${width} px /cart in a new tab paints its empty state from the server and keeps it when it hydrates, asking for no cart`, async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width, height: 900 } });
    const page = await context.newPage();
    // No script ran, so the tab is still new (no guest id) when the page is loaded again below.
    const leave = await withScriptsBlocked(page, '/cart');
    await expect(page.getByRole('heading', { level: 1, name: 'Your cart is empty' })).toBeVisible();
    await expect(page.getByText('Polymailers, bubble wrap and more are waiting for you.')).toBeVisible();
    const before = await seen(page);
    await leave();

    const cartCalls: string[] = [];
    const errors: string[] = [];
    page.on('request', (r) => /\/trpc\/[^?]*cart\./.test(r.url()) && cartCalls.push(r.url()));
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    await page.goto('/cart');
    await expect(page.getByRole('button', { name: /^Open chat with/ })).toBeVisible();
    await page.waitForLoadState('networkidle');
    const after = await seen(page);

    expect(after.main, 'the same empty cart before and after hydration').toBe(before.main);
    expect(after.boxes, 'nothing moved on hydration').toEqual(before.boxes);
    expect(cartCalls, "a new tab's cart is empty by construction: not asked for").toEqual([]);
    expect(errors, 'no hydration errors').toEqual([]);
    await context.close();
  });
}

test("a tab whose guest cart holds an item never shows the empty cart: the placeholder, then the item", async ({ page }) => {
  const { productName } = await fillCartPastGiftTier(page);
  // Every frame of the page is watched for the empty cart being painted.
  await page.addInitScript(() => {
    const watch = () => {
      const h1 = [...document.querySelectorAll('h1')].find((el) => el.textContent === 'Your cart is empty');
      if (h1?.checkVisibility()) (window as unknown as { sawEmpty: boolean }).sawEmpty = true;
      requestAnimationFrame(watch);
    };
    requestAnimationFrame(watch);
  });

  const errors: string[] = [];
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));

  const leave = await withScriptsBlocked(page, '/cart');
  await expect(page.locator('main [role="status"]')).toBeVisible();
  await expect(page.getByText('Your cart is empty')).toBeHidden();
  await expect(page.getByText('Polymailers, bubble wrap and more are waiting for you.')).toBeHidden();
  await leave();

  await page.goto('/cart');
  await expect(page.getByRole('region', { name: 'Items' }).getByText(productName)).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Shopping Cart' })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { sawEmpty?: boolean }).sawEmpty ?? false)).toBe(false);
  // The blocked scripts of the first load are console errors too; a hydration mismatch would be one more.
  expect(errors.filter((e) => !/Failed to load resource/.test(e))).toEqual([]);
});

/** The header as painted: its visible text and where its links and buttons sit. */
async function headerSeen(page: Page): Promise<{ text: string; boxes: string[] }> {
  return page.evaluate(() => {
    const header = document.querySelector('header')!;
    return {
      text: header.innerText,
      boxes: [...header.querySelectorAll('a, button, input')]
        .map((el) => ({ el, r: el.getBoundingClientRect() }))
        .filter(({ r }) => r.width > 0 && r.height > 0)
        .map(({ el, r }) => `${el.tagName} ${(el as HTMLElement).innerText.trim() || el.getAttribute('aria-label')} ${Math.round(r.x)},${Math.round(r.y)} ${Math.round(r.width)}x${Math.round(r.height)}`),
    };
  });
}

for (const width of [390, 1280]) {
  test(`at ${width} px a signed-in shopper's header shows no "Login" before hydration, and does not move when it hydrates`, async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width, height: 900 } });
    const page = await context.newPage();
    await signInWithApi(page, 'new-customer');

    for (const path of ['/', '/products', '/faq']) {
      // The first paint: the server's HTML with its inline session hint, before any module runs.
      await page.route('**/assets/*.js', (route) => route.abort());
      await page.goto(path);
      await page.waitForLoadState('load');
      const before = await headerSeen(page);
      await page.unroute('**/assets/*.js');

      await page.goto(path);
      await expect(page.getByRole('button', { name: /^Open chat with/ })).toBeVisible();
      if (width >= 768) await expect(page.getByRole('link', { name: 'Account' })).toBeVisible();
      const after = await headerSeen(page);

      expect(before.text, `${path}: no Login for a signed-in shopper`).not.toMatch(/\bLogin\b/);
      expect(before, `${path}: the same header before and after hydration`).toEqual(after);
    }
    await context.close();
  });
}

test('what a shopper types, ticks or picks on the listing before it hydrates is taken up, not lost', async ({ page }) => {
  // The page's scripts are held back until the shopper has acted on the server's HTML.
  let release!: () => void;
  const scriptsHeld = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/assets/*.js', async (route) => {
    await scriptsHeld;
    await route.continue();
  });
  // A slow phone's processor (and a busy test machine): the page's later chunks arrive while the
  // listing's first navigation is still rendering, which is when a late search used to undo it.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 });
  await page.goto('/products', { waitUntil: 'commit' });
  const search = page.getByRole('searchbox', { name: 'Search products' });
  await search.fill('bubble');
  await page.getByRole('checkbox', { name: 'In stock only' }).check();
  await page.getByLabel('Sort by').selectOption('newest');
  release();
  await expect(page.getByRole('button', { name: /^Open chat with/ })).toBeVisible();
  await expect(page).toHaveURL(/search=bubble/);
  await expect(page).toHaveURL(/in_stock_only=true/);
  await expect(page).toHaveURL(/sort=newest/);
  await expect(search).toHaveValue('bubble');
  await expect(page.getByRole('checkbox', { name: 'In stock only' })).toBeChecked();
});
