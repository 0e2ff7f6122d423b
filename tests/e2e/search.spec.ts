import { expect, test, type Page } from '@playwright/test';
import { consoleErrors } from './fixtures';
import { lookAt } from './support/look-at';

// Issue 37 in the storefront: a buyer on a phone types what they would type (a typo, a size), picks
// a suggestion and lands on the product; a search that finds nothing offers "Did you mean" and
// popular products. No console error on the way. Screenshots for a person to look at go to
// SHOTS_DIR when it is set.

const PHONE = { width: 390, height: 844 };
const LAPTOP = { width: 1280, height: 800 };

async function shot(page: Page, name: string, fullPage = false) {
  if (process.env.SHOTS_DIR) await lookAt(page, { path: `${process.env.SHOTS_DIR}/${name}.png`, fullPage });
}

/** A page of the shop, hydrated (the chat button shows then), with the header's search box. */
async function openShop(page: Page, path = '/faq') {
  await page.goto(path);
  await expect(page.getByTestId('chat-open')).toBeVisible();
  return page.getByRole('combobox', { name: 'Search the shop' });
}

const suggestions = (page: Page) => page.getByRole('listbox', { name: 'Suggestions' });

/**
 * Holds back the page's scripts whose text passes `hold` until the returned function is called: the
 * box is then still the server's plain form (everything held) or hydrated without its combobox.
 */
async function holdScripts(page: Page, hold: (code: string) => boolean) {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/assets/*.js', async (route) => {
    const response = await route.fetch();
    const body = await response.text();
    if (hold(body)) await held;
    await route.fulfill({ response, body });
  });
  return release;
}

/** The chunk of the header's combobox: the one that renders the list labelled "Suggestions". */
const isCombobox = (code: string) => /["']?aria-label["']?\s*:\s*[`"']Suggestions[`"']/.test(code);

test.describe('on a phone', () => {
  test.use({ viewport: PHONE, hasTouch: true });

  test('a misspelt query in the header: the suggestion picked by keyboard or by a tap opens the product', async ({ page }) => {
    const errors = consoleErrors(page);
    let box = await openShop(page);
    await box.pressSequentially('bubbel wrap');
    const bubble = suggestions(page).getByRole('option', { name: /Bubble Wrap/ }).first();
    await expect(bubble).toBeVisible();
    await expect(bubble).toContainText('$');
    await shot(page, 'suggestions-390');
    await box.press('ArrowDown');
    await expect(box).toHaveAttribute('aria-activedescendant', /.+/);
    await box.press('Enter');
    await expect(page).toHaveURL(/\/products\/[^/?]+\/[^/?]*bubble-wrap/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Bubble Wrap');

    box = await openShop(page, '/contact');
    await box.pressSequentially('polymaler');
    const mailer = suggestions(page).getByRole('option', { name: /polymailer/i }).first();
    await expect(mailer).toBeVisible();
    const name = (await mailer.locator('.font-medium').first().textContent())!.trim();
    await mailer.tap();
    await expect(page).toHaveURL(/\/products\/[^/?]+\//);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
    expect(errors).toEqual([]);
  });

  test('a query that finds nothing offers "Did you mean" and popular products; following it finds them', async ({ page }) => {
    const errors = consoleErrors(page);
    const box = await openShop(page);
    await box.fill('bubble wrp');
    await expect(suggestions(page).getByRole('option', { name: 'Did you mean bubble wrap?' })).toBeVisible();
    await box.press('Enter');
    await expect(page).toHaveURL(/\/products\?search=bubble(%20|\+)wrp$/);

    await expect(page.getByRole('heading', { name: 'No products found' })).toBeVisible();
    await expect(page.getByText('Try adjusting your filters or search terms')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Clear filters' })).toBeVisible();
    await expect(page.getByTestId('did-you-mean')).toHaveText('Did you mean bubble wrap?');
    const popular = page.getByTestId('popular-products');
    await expect(popular.getByRole('heading', { name: 'Popular products' })).toBeVisible();
    await expect(popular.getByTestId('product-card')).toHaveCount(4);
    await shot(page, 'did-you-mean-390');
    await shot(page, 'did-you-mean-390-full', true);

    await page.getByTestId('did-you-mean').getByRole('link', { name: 'bubble wrap' }).click();
    await expect(page).toHaveURL(/\/products\?search=bubble(%20|\+)wrap$/);
    await expect(page.getByRole('searchbox', { name: 'Search products' })).toHaveValue('bubble wrap');
    await expect(page.getByTestId('product-card').first()).toContainText('Bubble Wrap');
    await expect(page.getByTestId('did-you-mean')).toHaveCount(0);
    await expect(page.getByTestId('popular-products')).toHaveCount(0);
    expect(errors).toEqual([]);
  });

  test('a size in the query opens the product with that size chosen, from the header and from the listing', async ({ page }) => {
    const errors = consoleErrors(page);
    const box = await openShop(page);
    await box.pressSequentially('polymailer 25x35');
    await expect(suggestions(page).getByRole('option', { name: /25 x 35 cm/ })).toBeVisible();
    await box.press('ArrowDown');
    await box.press('Enter');
    await expect(page).toHaveURL(/\/products\/[^?]+\?variant=.+/);
    await expect(page.getByLabel('Step 1: Select Size')).toHaveValue('25x35');
    await expect(page.getByLabel('Step 2: Select Pack Size')).not.toHaveValue('');

    await page.goto('/products?search=polymailer+25x35');
    const card = page.getByTestId('product-card').first();
    await expect(card).toHaveAttribute('href', /\?variant=/);
    await card.tap();
    await expect(page.getByLabel('Step 1: Select Size')).toHaveValue('25x35');
    expect(errors).toEqual([]);
  });
});

// The combobox comes after the page has hydrated (decision 0204): what is typed before it, and the
// focus, stay in the box, and its suggestions show once it has come.
test.describe('typed before the combobox has come', () => {
  test.use({ viewport: PHONE, hasTouch: true });

  test('before the page hydrates: the text and the focus stay, then the suggestions show and Enter searches', async ({ page }) => {
    const errors = consoleErrors(page);
    const release = await holdScripts(page, () => true);
    await page.goto('/faq', { waitUntil: 'commit' });
    const box = page.getByRole('combobox', { name: 'Search the shop' });
    // The header has a box for each width; until the stylesheet applies, both count as shown.
    await expect(box).toHaveCount(1);
    await box.pressSequentially('polym');
    release();
    await expect(page.getByTestId('chat-open')).toBeVisible();
    await expect(box).toHaveValue('polym');
    await expect(box).toBeFocused();
    await expect(suggestions(page).getByRole('option', { name: /polymailer/i }).first()).toBeVisible();
    await box.press('Enter');
    await expect(page).toHaveURL(/\/products\?search=polym$/);
    await expect(page.getByTestId('product-card').first()).toBeVisible();
    expect(errors).toEqual([]);
  });

  test('after hydration, while its code is on the way: the text stays, then the suggestions show and the arrows work', async ({ page }) => {
    const errors = consoleErrors(page);
    const release = await holdScripts(page, isCombobox);
    const box = await openShop(page);
    await box.pressSequentially('bubbel wrap');
    await expect(suggestions(page)).toHaveCount(0);
    release();
    const bubble = suggestions(page).getByRole('option', { name: /Bubble Wrap/ }).first();
    await expect(bubble).toBeVisible();
    await expect(box).toHaveValue('bubbel wrap');
    await expect(box).toBeFocused();
    await box.press('ArrowDown');
    await expect(box).toHaveAttribute('aria-activedescendant', /.+/);
    await box.press('Escape');
    await expect(suggestions(page)).toHaveCount(0);
    await expect(box).toHaveAttribute('aria-expanded', 'false');
    expect(errors).toEqual([]);
  });
});

test('on a laptop: suggestions with prices, a row to every result, and the empty listing', async ({ page }) => {
  await page.setViewportSize(LAPTOP);
  const errors = consoleErrors(page);
  const box = await openShop(page);
  await box.pressSequentially('polym');
  const list = suggestions(page);
  await expect(list.getByRole('option', { name: /polymailer/i }).first()).toBeVisible();
  const all = list.getByRole('option', { name: /^See all \d+ results for 'polym'$/ });
  await expect(all).toBeVisible();
  await shot(page, 'suggestions-1280');
  await all.click();
  await expect(page).toHaveURL(/\/products\?search=polym$/);
  await expect(page.getByTestId('product-card').first()).toBeVisible();

  await page.goto('/products?search=bubble+wrp');
  await expect(page.getByTestId('did-you-mean')).toHaveText('Did you mean bubble wrap?');
  await expect(page.getByTestId('popular-products').getByTestId('product-card')).toHaveCount(4);
  await shot(page, 'did-you-mean-1280');
  expect(errors).toEqual([]);
});
