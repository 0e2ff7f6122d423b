import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import pg from 'pg';
import { runningServerUrl } from '../../server/db/embedded/embedded-server';
import { shopDay } from '../../shared/domain/shop-time';
import { signInWithApi } from './fixtures';
import { E2E_DATA_DIR } from './support/e2e-paths';
import { lookAt } from './support/look-at';

// The owner keeps the search's synonyms and learns what buyers look for (issue 37 points 4 and 6,
// decision 0173): adds a two-way group and sees it listed, reads the search report, and turns a
// search that found nothing into a one-way synonym from its row; at 1280 and 390 px.

const suffix = Math.random().toString(36).replace(/[^a-z]/g, '').slice(0, 6);

/**
 * Buyers' searches as the server's counter writes them every 10 s: written straight into the e2e
 * shop's database (the running embedded server, as npm run db:backup reaches it), so the journey
 * does not wait on the timer nor depend on which storefront searches are counted.
 */
async function searchedToday(query: string, searches: number, zeroResults: number) {
  const url = runningServerUrl(join(E2E_DATA_DIR, 'postgres'));
  // The e2e shop always runs on its embedded server under E2E_DATA_DIR: not finding it is a failure.
  if (!url) throw new Error(`No running embedded server under ${E2E_DATA_DIR}`);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(
      `INSERT INTO "SearchQueryDay" ("day", "query", "searches", "zeroResults") VALUES ($1::date, $2, $3, $4)
       ON CONFLICT ("day", "query") DO UPDATE SET "searches" = EXCLUDED."searches", "zeroResults" = EXCLUDED."zeroResults"`,
      [shopDay(new Date()), query, searches, zeroResults],
    );
  } finally {
    await client.end();
  }
}

async function shoot(page: Page, name: string, ready: () => Promise<void>) {
  await page.setViewportSize({ width: 1280, height: 900 });
  await ready();
  await lookAt(page, { path: `/tmp/search-admin-${name}-1280.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await ready();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await lookAt(page, { path: `/tmp/search-admin-${name}-390.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('the owner adds a synonym group, and turns a search that found nothing into a synonym from the report', async ({ page }) => {
  await signInWithApi(page, 'admin');
  await page.goto('/admin');
  await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Search' }).click();
  await expect(page.getByRole('heading', { name: 'Search synonyms' })).toBeVisible();
  const groups = page.getByRole('list', { name: 'Synonym groups' });
  // The seeded local names, shown as search reads them.
  await expect(groups.getByTestId('synonym-row').filter({ hasText: 'courier bag' })).toContainText('Two-way');
  await expect(groups.getByTestId('synonym-row').filter({ hasText: /^One-waymailer → polymailer/ })).toBeVisible();

  // A two-way group: what the server refuses is said before it is sent.
  await page.getByRole('button', { name: 'Add synonym' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add synonym group' });
  await dialog.getByLabel('Terms that mean the same').fill(`Karton${suffix}`);
  await dialog.getByRole('button', { name: 'Add group' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('A two-way group needs at least 2 different terms');
  await dialog.getByLabel('Terms that mean the same').fill(`Karton${suffix}, Kotak ${suffix}, carton box`);
  await expect(dialog).toContainText(`karton${suffix} = kotak ${suffix} = carton box`);
  await dialog.getByRole('button', { name: 'Add group' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Synonym group added')).toBeVisible();
  const added = groups.getByTestId('synonym-row').filter({ hasText: `karton${suffix}` });
  await expect(added).toContainText(`karton${suffix} = kotak ${suffix} = carton box`);
  await expect(added).toContainText('Two-way');
  await page.getByPlaceholder('Find a word...').fill(`karton${suffix}`);
  await expect(groups.getByTestId('synonym-row')).toHaveCount(1);
  await page.getByPlaceholder('Find a word...').fill('');
  await shoot(page, 'synonyms', () => expect(groups.getByTestId('synonym-row').filter({ hasText: `karton${suffix}` })).toBeVisible());

  // The report: buyers searched for something the shop has under another name.
  const missed = `zqbox${suffix}`;
  await searchedToday(missed, 4, 4);
  await searchedToday(`courier bag ${suffix}`, 9, 0);
  await page.goto('/admin/reports/search?range=today');
  const zero = page.getByRole('region', { name: 'Searches that found nothing' });
  await expect(zero.getByRole('row').filter({ hasText: missed })).toContainText('4');
  await expect(page.getByRole('region', { name: 'Top searches' }).getByRole('row').filter({ hasText: `courier bag ${suffix}` })).toContainText('9');
  await shoot(page, 'report', () => expect(zero.getByRole('row').filter({ hasText: missed })).toBeVisible());

  // One click opens the synonym form with the query as the searched word of a one-way rule.
  await zero.getByRole('button', { name: `Add synonym for ${missed}` }).click();
  const form = page.getByRole('dialog', { name: 'Add synonym group' });
  await expect(form.getByRole('radio', { name: /One-way/ })).toBeChecked();
  await expect(form.getByLabel('When a buyer searches for')).toHaveValue(missed);
  await lookAt(page, { path: '/tmp/search-admin-prefilled-1280.png' });
  await form.getByRole('textbox', { name: /^Also find/ }).fill('carton box');
  await expect(form).toContainText(`${missed} → carton box`);
  await form.getByRole('button', { name: 'Add group' }).click();
  await expect(form).toBeHidden();
  await expect(page.getByText('Synonym group added')).toBeVisible();

  // It is listed with the others; deleting asks first.
  await page.goto('/admin/search');
  const rule = groups.getByTestId('synonym-row').filter({ hasText: missed });
  await expect(rule).toContainText(`${missed} → carton box`);
  await expect(rule).toContainText('One-way');
  page.once('dialog', (d) => void d.accept());
  await rule.getByRole('button', { name: /^Delete/ }).click();
  await expect(page.getByText('Synonym group deleted')).toBeVisible();
  await expect(groups.getByTestId('synonym-row').filter({ hasText: missed })).toHaveCount(0);
});
