import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { openPostgres } from '../../server/db/client';
import { runningServerUrl } from '../../server/db/embedded/embedded-server';
import { formatInvoiceNumber } from '../../shared/domain/invoice';
import { addDays } from '../../shared/domain/report-range';
import { shopDay } from '../../shared/domain/shop-time';
import { createInvoiceOrder } from '../factories/invoice-orders';
import { pdfPages } from '../setup/pdf-text';
import { consoleErrors, signInWithApi, uniqueEmail } from './fixtures';
import { E2E_DATA_DIR } from './support/e2e-paths';
import { lookAt } from './support/look-at';

// A company's statement of account (issue 40 item 5, decision 0199): the owner sets up a company,
// opens it in the back office and downloads its statement PDF; the company's admin reads the same
// statement on the account's Company tab; the dashboard and the receivables report show what is owed.
// Orders on invoice are written straight into the e2e shop's database (as search-admin.spec.ts
// writes searches), in the shape checkout on invoice and staff payments write them.

const SHOTS = '/tmp/shots-statements';
const DAY = 86_400_000;

async function shoot(page: Page, name: string, ready: () => Promise<void>) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await ready();
    // Polled: the dashboard's charts take their new width a frame or two after the viewport changes.
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth), { message: `${name} at ${width}` }).toBeLessThanOrEqual(width);
    await lookAt(page, { path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('the owner opens a company and downloads its statement; its admin reads it on the Company tab', async ({ page }) => {
  test.setTimeout(180_000);
  mkdirSync(SHOTS, { recursive: true });
  const errors = consoleErrors(page);
  const name = `Statement ${Date.now()} Pte. Ltd.`;
  const adminEmail = uniqueEmail('stmt-admin');
  const reg = await page.request.post('/api/auth/register', { data: { email: adminEmail, password: 'a-good-password', first_name: 'Wei', last_name: 'Ling' } });
  expect(reg.ok()).toBe(true);
  const adminUserId = (await reg.json()).user.id as string;

  const owner = await signInWithApi(page, 'admin');
  const headers = { authorization: `Bearer ${owner.token}` };
  const created = await page.request.post('/api/admin/companies', {
    headers,
    data: { name, country: 'SG', registration_number: '201912345K', billing_address: '1 Kaki Bukit Road\n#03-04\nSingapore 416180', payment_terms_days: 30 },
  });
  expect(created.status()).toBe(200);
  const companyId = (await created.json()).id as string;
  expect((await page.request.post(`/api/admin/companies/${companyId}/members`, { headers, data: { email: adminEmail, role: 'admin' } })).status()).toBe(200);

  // Two invoices: one placed 50 days ago, due 20 days ago, part paid and part credited; one placed 10 days ago, not due.
  const today = shopDay(new Date());
  const url = runningServerUrl(join(E2E_DATA_DIR, 'postgres'));
  if (!url) throw new Error(`No running embedded server under ${E2E_DATA_DIR}`);
  const database = await openPostgres(url, 2);
  const user = { id: adminUserId, email: adminEmail };
  let older: Awaited<ReturnType<typeof createInvoiceOrder>>;
  let newer: Awaited<ReturnType<typeof createInvoiceOrder>>;
  try {
    older = await createInvoiceOrder(database.db, {
      companyId,
      user,
      createdAt: new Date(Date.now() - 50 * DAY),
      totalCents: 1_090_00,
      dueDate: addDays(today, -20),
      payments: [{ cents: 400_00, paidAt: new Date(Date.now() - 30 * DAY), reference: 'TT 88231 WEI LING' }],
      creditNotes: [{ cents: 90_00, issuedAt: new Date(Date.now() - 40 * DAY) }],
    });
    newer = await createInvoiceOrder(database.db, { companyId, user, createdAt: new Date(Date.now() - 10 * DAY), totalCents: 218_00, dueDate: addDays(today, 20) });
  } finally {
    await database.close();
  }

  // The owner opens the company from the list and reads its statement.
  await page.goto('/admin/companies');
  await page.getByLabel('Search companies').fill(name);
  await page.getByRole('link', { name }).click();
  await expect(page.getByRole('heading', { name })).toBeVisible();
  const statement = page.getByRole('region', { name: 'Statement' });
  await expect(statement.getByTestId('statement-line')).toHaveCount(4);
  await expect(statement).toContainText('$818.00');
  await expect(statement.getByLabel('Ageing')).toContainText('1-30 days$600.00');
  await shoot(page, 'admin-company', () => expect(statement.getByTestId('statement-line')).toHaveCount(4));

  // Download PDF: the file the owner gets, read back (kept under SHOTS to be rendered and looked at: pdftoppm -png).
  const [download] = await Promise.all([page.waitForEvent('download'), statement.getByRole('button', { name: 'Download PDF' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^statement-statement-\d+-pte-ltd-\d{4}-\d{2}-\d{2}_to_\d{4}-\d{2}-\d{2}\.pdf$/);
  const pdfPath = `${SHOTS}/statement.pdf`;
  await download.saveAs(pdfPath);
  const text = (await pdfPages(readFileSync(pdfPath))).join(' ');
  for (const s of ['STATEMENT', name, 'UEN: 201912345K', '1 Kaki Bukit Road', 'Payment terms: 30 days', formatInvoiceNumber(older.invoiceNumber!), formatInvoiceNumber(newer.invoiceNumber!), 'TT 88231 WEI LING', '$818.00', '1-30 days', 'Over 90 days']) {
    expect(text, s).toContain(s);
  }

  // The same statement on the company admin's Company tab.
  await page.evaluate(() => localStorage.clear());
  const res = await page.request.post('/api/auth/login', { data: { email: adminEmail, password: 'a-good-password' } });
  const { access_token, user: me } = await res.json();
  await page.evaluate(([t, u]) => {
    localStorage.setItem('access_token', t);
    localStorage.setItem('user', JSON.stringify(u));
  }, [access_token, me] as const);
  await page.goto('/account?tab=company');
  const own = page.getByRole('region', { name: 'Statement' });
  await expect(own.getByTestId('statement-line')).toHaveCount(4);
  await expect(own).toContainText('$818.00');
  // A shorter period: only the newer invoice, opening with what was owed before.
  await own.getByLabel('Statement from').fill(addDays(today, -15));
  await expect(own.getByTestId('statement-line')).toHaveCount(1);
  await expect(own).toContainText('$600.00');
  await shoot(page, 'company-tab', () => expect(own.getByTestId('statement-line')).toHaveCount(1));
  const [csv] = await Promise.all([page.waitForEvent('download'), own.getByRole('button', { name: 'Download CSV' }).click()]);
  const csvText = readFileSync(await csv.path(), 'utf8');
  expect(csvText).toContain('Opening balance');
  expect(csvText).toContain(formatInvoiceNumber(newer.invoiceNumber!));

  // The owner's dashboard and the receivables report.
  await page.evaluate(() => localStorage.clear());
  await signInWithApi(page, 'admin');
  await page.goto('/admin');
  await expect(page.getByTestId('tile-receivables')).toContainText('$');
  await shoot(page, 'dashboard', () => expect(page.getByTestId('tile-receivables')).toContainText('$'));
  await page.goto('/admin/reports/receivables');
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText('$818.00');
  await expect(row).toContainText('$600.00');
  await shoot(page, 'receivables', () => expect(row).toContainText('$818.00'));
  expect(errors).toEqual([]);
});
