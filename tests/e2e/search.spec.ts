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
