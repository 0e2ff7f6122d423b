import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { signInWithApi } from './fixtures';
import { axeFindings } from './support/axe';
import { E2E_DATA_DIR } from './support/e2e-paths';
import { lookAt } from './support/look-at';

// The owner's backups: Settings > Backups takes one on demand, lists it with its size and age, and
// downloads it with the admin's own session; the dashboard warns when the last backup failed.

const BACKUP_DIR = join(E2E_DATA_DIR, 'backups');

// Each journey writes and verifies a whole backup; on a busy machine that is most of a minute.
test.describe.configure({ timeout: 120_000 });

for (const width of [1280, 390]) {
  test(`admin takes a backup, sees it listed and downloads it (${width} px)`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await signInWithApi(page, 'admin');
    await page.goto('/admin/settings');
    await expect(page.getByRole('heading', { name: 'Backups' })).toBeVisible();
    const rows = page.getByTestId('backup-row');
    await expect(page.getByRole('button', { name: 'Back up now' })).toBeEnabled();

    await page.getByRole('button', { name: 'Back up now' }).click();
    const toast = page.getByText(/^Backup taken: packshop-\d{8}-\d{6}Z(-\d+)?\.tar\.gz \([\d.]+ (KB|MB)\), verified$/);
    await expect(toast).toBeVisible({ timeout: 30_000 });
    const fileName = /(packshop-\S+\.tar\.gz)/.exec((await toast.textContent())!)![1];
    // Newest first; an earlier backup of the same day is replaced by it (retention keeps one a day).
    const newest = rows.first();
    await expect(newest).toContainText(fileName);
    await expect(newest).toContainText('Verified');
    await expect(newest).toContainText(/just now|1 minute ago/);
    await expect(newest).toContainText(/[\d.]+ (KB|MB)/);
    await lookAt(page, { path: `test-results/backups-${width}.png`, fullPage: true });
    await lookAt(page.locator('section[aria-labelledby="backups-title"]'), { path: `test-results/backups-section-${width}.png` });
    expect(await axeFindings(page, 'backups', { include: 'section[aria-labelledby="backups-title"]' })).toEqual([]);

    const [download] = await Promise.all([page.waitForEvent('download'), newest.getByRole('button', { name: /^Download the backup of / }).click()]);
    expect(download.suggestedFilename()).toBe(fileName);
    const saved = join('test-results', `downloaded-${width}-${fileName}`);
    await download.saveAs(saved);
    const bytes = readFileSync(saved);
    // What was downloaded is the file in the backup directory, byte for byte (a gzip'd tar).
    expect(bytes.subarray(0, 2).toString('hex')).toBe('1f8b');
    expect(bytes.equals(readFileSync(join(BACKUP_DIR, fileName)))).toBe(true);
  });
}

test('the dashboard warns an admin when the last backup failed, until one works', async ({ page }) => {
  const { token } = await signInWithApi(page, 'admin');
  // A failed night run, as the shop records it in the status file beside the backups.
  const statusFile = join(BACKUP_DIR, 'backup-status.json');
  const status = JSON.parse(readFileSync(statusFile, 'utf8'));
  status.lastAttempt = { at: new Date().toISOString(), ok: false, error: 'No space left on device', id: null, trigger: 'schedule' };
  writeFileSync(statusFile, JSON.stringify(status));

  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/admin');
    const warning = page.getByTestId('backup-warning');
    await expect(warning).toContainText('Backups need attention');
    await expect(warning).toContainText('The last backup failed: No space left on device');
    await lookAt(page, { path: `test-results/backup-warning-${width}.png`, fullPage: true });
    expect(await axeFindings(page, 'backup warning', { include: '[data-testid="backup-warning"]' })).toEqual([]);
  }
  await page.getByRole('link', { name: 'Open Settings > Backups' }).click();
  await expect(page).toHaveURL(/\/admin\/settings#backups$/);
  await expect(page.getByRole('alert').filter({ hasText: 'The last backup failed: No space left on device' })).toBeVisible();

  // One that works clears it.
  const res = await page.request.post('/api/admin/backups', { headers: { authorization: `Bearer ${token}` }, data: {} });
  expect(res.status()).toBe(200);
  const listed = page.waitForResponse((r) => r.url().includes('admin.backups.list') && r.ok());
  await page.goto('/admin');
  await listed;
  await expect(page.getByTestId('tile-inventory')).not.toBeEmpty();
  await expect(page.getByTestId('backup-warning')).toHaveCount(0);
});
