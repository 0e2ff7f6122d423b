import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { ADMIN, login } from './fixtures';
import { lookAt } from './support/look-at';

// An admin gives a spreadsheet sync a key, downloads the products, imports a CSV with one bad row,
// reads why it is refused, fixes the file, applies it, and finds the product in the back office,
// in the integrators' product list (with the key) and on the storefront. Screenshots of the
// Import / Export screen empty, with a dry run, and with a file that cannot be read.

const HEADER = 'product_name,category,type,color,width_cm,height_cm,pack_size,price_tiers,description';

function csvFile(name: string, lines: string[]) {
  return { name, mimeType: 'text/csv', buffer: Buffer.from([HEADER, ...lines].join('\n'), 'utf8') };
}

async function chooseFile(page: Page, file: { name: string; mimeType: string; buffer: Buffer }) {
  await page.getByLabel('CSV file of products and variants').setInputFiles(file);
}

for (const width of [1280, 390]) {
  test(`admin creates a key, imports products from CSV with one bad row, fixes it and applies (${width} px)`, async ({ page, request }) => {
    test.setTimeout(150_000); // a long journey: key, download, three uploads, apply, three screens
    await page.setViewportSize({ width, height: 900 });
    const product = `Journey mailer ${width}`;
    const size = width === 1280 ? 61 : 62;
    const started = new Date(Date.now() - 1000).toISOString();

    // 1. A key for the sync, on the existing Settings -> API keys screen.
    await login(page, ADMIN.email, ADMIN.password);
    await page.goto('/admin/settings');
    await page.getByLabel('Key name').fill(`Spreadsheet sync ${width}`);
    await page.getByRole('checkbox', { name: /catalog:read/ }).check();
    await page.getByRole('checkbox', { name: /catalog:write/ }).check();
    await page.getByRole('button', { name: 'Create key' }).click();
    const key = (await page.getByTestId('new-api-key').textContent())!.trim();
    expect(key).toMatch(/^psk_/);

    // 2. The Import / Export screen, from the back-office navigation.
    // On a phone the sections are behind the 'Section: ...' menu (decision 0172).
    const nav = page.getByRole('navigation', { name: 'Back office' });
    const menu = nav.getByRole('button', { name: /^Section:/ });
    if (await menu.isVisible()) await menu.click();
    await nav.getByRole('link', { name: 'Import / Export' }).click();
    await expect(page.getByRole('heading', { name: 'Import / Export', level: 1 })).toBeVisible();
    await expect(page.getByText('Choose a CSV file of products and variants')).toBeVisible();
    await lookAt(page, { path: `test-results/import-export-empty-${width}.png`, fullPage: true });

    // 3. The products export downloads with the signed-in session: UTF-8 BOM, header row.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download products CSV' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^products-\d{4}-\d{2}-\d{2}\.csv$/);
    const exported = readFileSync((await download.path())!);
    expect([...exported.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(exported.toString('utf8').slice(1).split('\r\n')[0].split('\n')[0]).toMatch(/^sku,product_name,category,type,color,/);

    // 4. A file that is not UTF-8 gets a clear answer and nothing else.
    await chooseFile(page, { name: 'latin1.csv', mimeType: 'text/csv', buffer: Buffer.concat([Buffer.from(`${HEADER}\n`), Buffer.from('Caf\xe9 mailer,polymailers,normal,white,10,10,50,1:1,x\n', 'latin1')]) });
    const problem = page.getByRole('alert').filter({ hasText: 'latin1.csv cannot be imported' });
    await expect(problem).toContainText('The file is not UTF-8 text');
    await lookAt(page, { path: `test-results/import-export-error-${width}.png`, fullPage: true });
    if (width === 1280) {
      // Over 20 MB is refused before anything is uploaded; a stock count file names what it lacks.
      await chooseFile(page, { name: 'huge.csv', mimeType: 'text/csv', buffer: Buffer.alloc(21 * 1024 * 1024, 'a') });
      await expect(page.getByRole('alert').filter({ hasText: 'huge.csv cannot be imported' })).toContainText('The file is 21.0 MB; the limit is 20 MB.');
      await chooseFile(page, { name: 'counts.csv', mimeType: 'text/csv', buffer: Buffer.from('sku,on_hand,reason\nPOLYMAILERS_X,1,recount\n') });
      await expect(page.getByRole('alert').filter({ hasText: 'counts.csv cannot be imported' })).toContainText('Missing columns: product_name, category, type, color');
    }

    // 5. A file with one bad row: the dry run refuses it, says why, and offers no apply.
    const good = [
      `${product},polymailers,normal,white,${size},77,50,1:9.90|100:8.50,Made from a spreadsheet`,
      `${product},polymailers,normal,white,${size},77,100,1:18.00,Made from a spreadsheet`,
    ];
    await chooseFile(page, csvFile('products.csv', [...good, `${product},polymailers,normal,purple,${size},77,25,1:5.50,Made from a spreadsheet`]));
    const dryRun = page.getByRole('region', { name: 'Dry run result' });
    await expect(dryRun.getByTestId('import-summary')).toContainText('2 new');
    await expect(dryRun.getByTestId('import-summary')).toContainText('1 refused');
    await expect(dryRun.getByTestId('import-row-4')).toContainText('Unknown colour "purple"');
    await expect(dryRun.getByRole('button', { name: /^Apply/ })).toHaveCount(0);
    await lookAt(page, { path: `test-results/import-export-dry-run-${width}.png`, fullPage: true });

    // 6. Fixed and chosen again: three new rows; applying writes them all.
    await chooseFile(page, csvFile('products.csv', [...good, `${product},polymailers,normal,white,${size},77,25,1:5.50,Made from a spreadsheet`]));
    await expect(dryRun.getByTestId('import-summary')).toHaveText('3 new');
    await lookAt(page, { path: `test-results/import-export-dry-run-ok-${width}.png`, fullPage: true });
    await dryRun.getByRole('button', { name: 'Apply 3 rows' }).click();
    await expect(page.getByText('products.csv is imported.')).toBeVisible();

    // 7. The product is in the back office, in the integrators' list (by the key), and on the storefront.
    await page.getByRole('link', { name: 'See the products' }).click();
    await page.getByRole('textbox', { name: 'Search products' }).fill(product);
    await expect(page.getByText(product).first()).toBeVisible();

    const feed = await request.get(`/api/admin/products/feed?updated_since=${encodeURIComponent(started)}`, { headers: { authorization: `Bearer ${key}` } });
    expect(feed.status()).toBe(200);
    const created = ((await feed.json()).items as { id: string; name: string; variants: { sku: string }[] }[]).find((p) => p.name === product)!;
    expect(created.variants.map((v) => v.sku).sort()).toEqual([`POLYMAILERS_NORMAL_WHITE_${size}X77_100`, `POLYMAILERS_NORMAL_WHITE_${size}X77_25`, `POLYMAILERS_NORMAL_WHITE_${size}X77_50`]);

    await page.goto(`/products/${created.id}`);
    await expect(page.getByRole('heading', { name: product, level: 1 })).toBeVisible();
  });
}
