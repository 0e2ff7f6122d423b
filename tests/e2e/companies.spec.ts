import { expect, test, type Page } from '@playwright/test';
import { SHOPPER_ADDRESS, signInWithApi, uniqueEmail } from './fixtures';
import { received } from './support/inbox';
import { lookAt } from './support/look-at';

// Companies (decision 0188): the owner creates a company and adds its admin; the admin invites a
// buyer by e-mail, who signs up from the link and orders; the admin sees the order and who placed it.

async function signInAs(page: Page, email: string, password: string) {
  const res = await page.request.post('/api/auth/login', { data: { email, password } });
  expect(res.ok()).toBe(true);
  const { access_token, user } = await res.json();
  await page.evaluate(([t, u]) => {
    localStorage.setItem('access_token', t);
    localStorage.setItem('user', JSON.stringify(u));
  }, [access_token, user] as const);
  return access_token as string;
}

async function placeAnOrder(page: Page, token: string) {
  const headers = { authorization: `Bearer ${token}` };
  const list = await (await page.request.post('/api/products/filter', { data: { page: 1, limit: 20 } })).json();
  for (const p of list.products) {
    const detail = await (await page.request.get(`/api/products/${p.id}`)).json();
    const v = detail.variants.find((x: { available: number }) => x.available >= 5);
    if (!v) continue;
    expect((await page.request.post('/api/cart/add', { headers, data: { variant_id: v.variant_id, quantity: 1 } })).status()).toBe(200);
    const res = await page.request.post('/api/orders', { headers, data: { shipping_address: SHOPPER_ADDRESS, payment_method: 'stripe' } });
    expect(res.status()).toBe(200);
    return (await res.json()).order_number as string;
  }
  throw new Error('no variant in stock');
}

test('the owner sets up a company; its admin invites a buyer who orders, and sees who placed it', async ({ page }) => {
  test.setTimeout(180_000);
  const name = `Acme ${Date.now()} Pte. Ltd.`;
  const adminEmail = uniqueEmail('coadmin');
  expect((await page.request.post('/api/auth/register', { data: { email: adminEmail, password: 'a-good-password', first_name: 'Wei', last_name: 'Ling' } })).ok()).toBe(true);

  // The owner creates the company and adds its admin.
  await signInWithApi(page, 'admin');
  await page.goto('/admin/companies');
  await page.getByRole('button', { name: 'New company' }).click();
  await page.getByLabel('Company name').fill(name);
  await page.getByLabel('UEN').fill('201912345K');
  await page.getByLabel('Payment terms').selectOption('30');
  await page.getByRole('button', { name: 'Create company' }).click();
  await expect(page.getByRole('heading', { name })).toBeVisible();
  await page.getByLabel('Add by e-mail').fill(adminEmail);
  await page.getByLabel("New member's role").selectOption('admin');
  await page.getByRole('button', { name: 'Add member' }).click();
  await expect(page.getByTestId('member').filter({ hasText: adminEmail })).toBeVisible();
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await lookAt(page, { path: `/tmp/shots-companies/admin-company-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });

  // The company admin invites a buyer by e-mail.
  await page.evaluate(() => localStorage.clear());
  await signInAs(page, adminEmail, 'a-good-password');
  await page.goto('/account?tab=company');
  const buyerEmail = uniqueEmail('cobuyer');
  await page.getByLabel('Add by e-mail').fill(buyerEmail);
  await page.getByRole('button', { name: 'Add member' }).click();
  await expect(page.getByText(`Invited as buyer`)).toBeVisible();

  // The buyer opens the e-mailed link, signs up and joins.
  let text = '';
  await expect.poll(() => (text = received().find((m) => m.to.includes(buyerEmail) && m.subject.startsWith(`Join ${name}`))?.text ?? '')).toContain('company-invitation?token=');
  const link = /https?:\/\/\S+company-invitation\?token=[A-Za-z0-9_-]+/.exec(text)![0];
  await page.evaluate(() => localStorage.clear());
  await page.goto(new URL(link).pathname + new URL(link).search);
  await expect(page.getByText(`${name} invites ${buyerEmail}`)).toBeVisible();
  await page.getByLabel('First name').fill('Ravi');
  await page.getByLabel('Last name').fill('Kumar');
  await page.getByLabel('Password').fill('a-good-password');
  await page.getByRole('button', { name: 'Create account and join' }).click();
  await expect(page.getByText(`You now buy for ${name}.`)).toBeVisible();
  const buyerToken = await page.evaluate(() => localStorage.getItem('access_token'));
  const orderNumber = await placeAnOrder(page, buyerToken!);

  // The admin sees the order and who placed it.
  await page.evaluate(() => localStorage.clear());
  await signInAs(page, adminEmail, 'a-good-password');
  await page.goto('/account?tab=company');
  const row = page.getByTestId('company-order').filter({ hasText: orderNumber });
  await expect(row).toContainText(`Placed by Ravi Kumar (${buyerEmail})`);
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await lookAt(page, { path: `/tmp/shots-companies/company-tab-${width}.png`, fullPage: true });
  }
});
