import { expect, test, type Page } from '@playwright/test';
import { consoleErrors, fillCartPastGiftTier, registerCustomer } from './fixtures';
import { axeFindings } from './support/axe';
import { lookAt } from './support/look-at';

// Issue 38: errors at the fields (7), no nagging banner, a skip link, Escape giving focus back (8),
// no console errors on the signed-in pages (11), the phone's filter drawer and sizes (6) and the
// chat button that steps aside (5). Screenshots for a person to look at go to SHOTS_DIR when set.

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

async function shot(page: Page, name: string) {
  if (process.env.SHOTS_DIR) await lookAt(page, { path: `${process.env.SHOTS_DIR}/${name}.png`, fullPage: false });
}

test('a signed-in shopper with no address: no console errors anywhere, the banner only where it helps', async ({ page }) => {
  const errors = consoleErrors(page);
  await registerCustomer(page);
  await page.setViewportSize(PHONE);
  const banner = page.getByRole('region', { name: 'Add an address' });
  for (const path of ['/', '/products', '/faq', '/cart', '/orders', '/account', '/contact']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    await expect(page.getByTestId('chat-open')).toBeVisible();
    if (['/account'].includes(path)) await expect(banner).toHaveCount(0);
    else await expect(banner).toBeVisible();
  }
  await page.goto('/products');
  await page.getByTestId('product-card').first().click();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByTestId('chat-open')).toBeVisible();

  // Checkout asks with its own prompt: the banner does not say it a second time.
  await fillCartPastGiftTier(page);
  await page.goto('/checkout');
  await expect(page.getByRole('dialog', { name: 'Save a delivery address?' })).toBeVisible();
  await expect(banner).toHaveCount(0);
  await shot(page, 'checkout-prompt-phone');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name: 'Save a delivery address?' })).toHaveCount(0);

  // City and state arrive filled for Singapore; what is missing is said under its field, and focus goes there.
  await expect(page.getByLabel('City')).toHaveValue('Singapore');
  await expect(page.getByLabel('State')).toHaveValue('Singapore');
  await page.getByLabel('Postal code').fill('1234');
  await page.getByRole('button', { name: 'Place Order' }).click();
  const phone = page.getByLabel('Phone');
  await expect(phone).toBeFocused();
  await expect(phone).toHaveAttribute('aria-invalid', 'true');
  await expect(phone).toHaveAccessibleDescription('Phone is required');
  await expect(page.getByLabel('Address line 1')).toHaveAccessibleDescription('Address line 1 is required');
  await expect(page.getByLabel('Postal code')).toHaveAccessibleDescription('Singapore postal codes have 6 digits');
  await shot(page, 'checkout-field-errors-phone');
  expect(await axeFindings(page, page.url())).toEqual([]);
  await phone.fill('12');
  await expect(phone).not.toHaveAttribute('aria-invalid');
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(phone).toHaveAccessibleDescription('Please enter a valid phone number');
  await expect(phone).toBeFocused();
  await phone.fill('+65 9123 4567');
  await page.getByLabel('Address line 1').fill('1 Orchard Road');
  await page.getByLabel('Postal code').fill('238801');
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(page).toHaveURL(/\/order-success\//);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  // No banner on the confirmation; it is back on the next page.
  await expect(banner).toHaveCount(0);
  await page.goto('/faq');
  await expect(banner).toBeVisible();
  expect(errors).toEqual([]);
});

test('the account address form asks four fields, says errors under them, and Escape gives focus back', async ({ page }) => {
  const errors = consoleErrors(page);
  await page.setViewportSize(DESKTOP);
  await registerCustomer(page);
  await page.goto('/account?tab=addresses');
  await page.getByRole('tab', { name: 'Addresses' }).click();
  const add = page.getByRole('button', { name: 'Add Address' });
  await add.click();
  const dialog = page.getByRole('dialog', { name: 'Add Address' });
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(add).toBeFocused();

  await add.press('Enter');
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Phone').fill('');
  await dialog.getByLabel('City').fill('');
  await dialog.getByLabel('State').fill('');
  await dialog.getByLabel('Postal code').fill('12');
  await dialog.getByRole('button', { name: 'Save Address' }).click();
  await expect(dialog.getByLabel('Phone')).toBeFocused();
  await expect(dialog.getByLabel('Phone')).toHaveAccessibleDescription('Phone is required');
  await expect(dialog.getByLabel('Postal code')).toHaveAccessibleDescription('Singapore postal codes have 6 digits');
  await expect(dialog.getByLabel('City')).not.toHaveAttribute('aria-invalid');
  await shot(page, 'account-address-errors-desktop');
  await dialog.getByLabel('Phone').fill('91234567');
  await dialog.getByLabel('Address line 1').fill('1 Orchard Road');
  await dialog.getByLabel('Postal code').fill('238801');
  // A Singapore address without a State is taken (the account form does not require it).
  await dialog.getByRole('button', { name: 'Save Address' }).click();
  await expect(page.getByText('Address saved')).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByTestId('address-card')).toContainText('Singapore, Singapore 238801');
  expect(errors).toEqual([]);
});

test('a skip link is the first stop of the Tab key and lands on the page', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await page.goto('/products');
  await expect(page.getByTestId('chat-open')).toBeVisible();
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to main content' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await shot(page, 'skip-link-desktop');
  await page.keyboard.press('Enter');
  await expect(page.locator('main')).toBeFocused();
  await page.keyboard.press('Tab');
  expect(await page.evaluate(() => Boolean(document.activeElement?.closest('main')))).toBe(true);
});

test('on a phone the filters open as a drawer with "Show N results"; sizes in size order, written as people write them', async ({ page }) => {
  const errors = consoleErrors(page);
  await page.setViewportSize(PHONE);
  await page.goto('/products');
  await expect(page.getByTestId('chat-open')).toBeVisible();
  const toggle = page.getByRole('button', { name: /^Filters \(\d+\)$/ });
  await expect(page.getByRole('dialog', { name: /Filters/ })).toHaveCount(0);
  await toggle.click();
  const drawer = page.getByRole('dialog', { name: /Filters/ });
  await expect(drawer).toBeVisible();
  await expect(drawer).toBeInViewport({ ratio: 0.99 });

  const sizes = await drawer.getByTestId('size-list').getByRole('checkbox').evaluateAll((boxes) => boxes.map((b) => b.closest('label')!.textContent!.trim()));
  expect(sizes).toContain('48 mm x 100 m');
  expect(sizes.some((s) => /^\d+(\.\d+)? x \d+(\.\d+)? cm$/.test(s))).toBe(true);
  expect(sizes.filter((s) => /×|\d{4,}/.test(s))).toEqual([]);
  // Flat sizes from small to large, then rolls.
  const firstRoll = sizes.findIndex((s) => / m$/.test(s));
  expect(sizes.slice(firstRoll).every((s) => / m$/.test(s))).toBe(true);
  const flat = sizes.slice(0, firstRoll).map((s) => s.split(' x ').map((n) => Number.parseFloat(n)));
  for (let i = 1; i < flat.length; i++) expect(flat[i][0] > flat[i - 1][0] || (flat[i][0] === flat[i - 1][0] && flat[i][1] > flat[i - 1][1])).toBe(true);
  await shot(page, 'filter-drawer-phone');

  // The box follows the listing's state, which a navigation changes as a transition: it shows ticked
  // once the filtered answer is in, not at the click (check() reads it at once and failed in CI when
  // the answer took longer). So click, then wait for it to show ticked.
  const inStock = drawer.getByRole('checkbox', { name: 'In stock only' });
  await inStock.click();
  await expect(inStock).toBeChecked();
  const show = drawer.getByTestId('show-results');
  await expect(show).toHaveText(/^Show \d+ results?$/);
  const n = Number((await show.textContent())!.match(/\d+/)![0]);
  await show.click();
  await expect(drawer).toHaveCount(0);
  await expect(toggle).toBeFocused();
  await expect(toggle).toHaveText(/Filters \(1\)/);
  await expect(page.getByText(`${n} product${n === 1 ? '' : 's'}`, { exact: true })).toBeVisible();
  await expect(page.getByTestId('product-card').first()).toBeInViewport();

  // The drawer's keys are handled once it has taken the focus (drawer-trap.ts, loaded when it opens):
  // an Escape pressed at the click itself came before it in CI and closed nothing.
  await toggle.click();
  await expect(page.getByRole('button', { name: 'Close filters' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name: /Filters/ })).toHaveCount(0);
  await expect(toggle).toBeFocused();
  expect(await axeFindings(page, page.url())).toEqual([]);

  // On a laptop the same filters are a sidebar, no dialog.
  await page.setViewportSize(DESKTOP);
  await expect(page.getByRole('complementary', { name: 'Filters' })).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await shot(page, 'filters-desktop');
  expect(errors).toEqual([]);
});

type Box = { x: number; y: number; width: number; height: number };
const intersects = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** Scrolls `target` to where the chat button sits, then checks the button (and its badge) leave it uncovered. */
async function expectChatClearOf(page: Page, target: ReturnType<Page['locator']>, name: string) {
  const vh = page.viewportSize()!.height;
  await target.scrollIntoViewIfNeeded();
  const box = (await target.boundingBox())!;
  // Put the target's middle 44 px above the bottom of the window: the round button's centre.
  await page.evaluate((dy) => window.scrollBy(0, dy), box.y + box.height / 2 - (vh - 44));
  const chat = page.getByTestId('chat-open');
  await expect
    .poll(async () => {
      const t = (await target.boundingBox())!;
      const boxes = await chat.evaluate((el) => [el, ...el.querySelectorAll('*')].map((e) => e.getBoundingClientRect()).filter((r) => r.width > 0).map((r) => ({ x: r.x, y: r.y, width: r.width, height: r.height })));
      return boxes.some((b) => intersects(b, t));
    }, { message: `the chat button covers ${name}` })
    .toBe(false);
  await shot(page, `chat-clear-of-${name}`);
  // Still there, with its one name, and it still opens the chat.
  await expect(chat).toHaveAccessibleName(/^Open chat with [^,]+, [\w ]+$/);
}

test('the chat button never covers badges, totals, the last form button or the PayNow QR on a phone', async ({ page, request }) => {
  await page.setViewportSize(PHONE);
  await page.goto('/products');
  await expect(page.getByTestId('chat-open')).toBeVisible();
  const card = page.getByTestId('product-card').nth(1);
  await expectChatClearOf(page, card.getByText(/^(In Stock|Out of Stock)$/), 'stock-badge');
  await expectChatClearOf(page, card.getByText(/^\$\d/).first(), 'card-price');
  // Where nothing is under it, it is the round button with its badge.
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await expect(page.getByTestId('chat-open')).not.toHaveAttribute('data-tucked');

  // Checkout: the totals and Place Order, the last button of the form.
  const { token } = await (async () => {
    const res = await request.post('/api/auth/login', { data: { email: 'admin@packshop.test', password: 'admin-password-123' } });
    return { token: ((await res.json()) as { access_token: string }).access_token };
  })();
  const payments = { paynow_proxy_type: 'uen', paynow_proxy: '201912345K', paynow_payee_name: 'PackShop Pte Ltd' };
  const set = await request.put('/api/admin/payment-settings', { headers: { authorization: `Bearer ${token}` }, data: payments });
  try {
    expect(set.ok(), await set.text()).toBe(true);
    await page.setViewportSize(DESKTOP);
    await registerCustomer(page);
    await page.setViewportSize(PHONE);
    await fillCartPastGiftTier(page);
    await page.goto('/checkout');
    await page.getByRole('button', { name: 'Continue without saving' }).click();
    await page.getByLabel('Phone').fill('+65 9123 4567');
    await page.getByLabel('Address line 1').fill('1 Orchard Road');
    await page.getByLabel('Postal code').fill('238801');
    await expectChatClearOf(page, page.getByLabel('Postal code'), 'postal-code');
    await expectChatClearOf(page, page.getByText('Total', { exact: true }).last(), 'total');
    const place = page.getByRole('button', { name: 'Place Order' });
    await expectChatClearOf(page, place, 'place-order');
    await place.click();
    await expect(page).toHaveURL(/\/order-success\//);
    await expectChatClearOf(page, page.getByTestId('paynow-qr'), 'paynow-qr');
    // The tab still opens the chat.
    await page.getByTestId('chat-open').click();
    await expect(page.getByTestId('chat-panel')).toBeVisible();
  } finally {
    await request.put('/api/admin/payment-settings', {
      headers: { authorization: `Bearer ${token}` },
      data: { paynow_proxy: '', paynow_payee_name: '', bank_name: '', bank_account_name: '', bank_account_number: '' },
    });
  }
});
