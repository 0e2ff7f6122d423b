import { expect, test, type Page } from '@playwright/test';
import { SHOPPER_ADDRESS, uniqueEmail } from './fixtures';
import { received } from './support/inbox';
import { lookAt } from './support/look-at';

// Sharing within a company (decision 0195): the company admin opens a member's order with who placed
// it, sees the member's saved list and quote and adds the list to their own cart, and withdraws an
// invitation whose link then says so.

async function register(page: Page, prefix: string, first: string, last: string) {
  const email = uniqueEmail(prefix);
  const res = await page.request.post('/api/auth/register', { data: { email, password: 'a-good-password', first_name: first, last_name: last } });
  expect(res.ok()).toBe(true);
  const body = await res.json();
  return { email, token: body.access_token as string, user: body.user };
}

async function signIn(page: Page, who: { token: string; user: unknown }) {
  await page.goto('/');
  await page.evaluate(([t, u]) => {
    localStorage.clear();
    localStorage.setItem('access_token', t);
    localStorage.setItem('user', JSON.stringify(u));
  }, [who.token, who.user] as const);
}

async function shots(page: Page, name: string) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await lookAt(page, { path: `/tmp/shots-companies/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test("a company admin opens a member's order, uses their saved list, sees their quote and withdraws an invitation", async ({ page }) => {
  test.setTimeout(180_000);
  const name = `Sharing ${Date.now()} Pte. Ltd.`;
  const admin = await register(page, 'shadmin', 'Wei', 'Ling');
  const buyer = await register(page, 'shbuyer', 'Ravi', 'Kumar');
  const asAdmin = { authorization: `Bearer ${admin.token}` };
  const asBuyer = { authorization: `Bearer ${buyer.token}` };
  expect((await page.request.put('/api/users/me', { headers: asAdmin, data: { company: { name, country: 'SG', registration_number: '201912345K', tax_number: null, billing_address: null } } })).ok()).toBe(true);
  expect((await (await page.request.post('/api/company/members', { headers: asAdmin, data: { email: buyer.email, role: 'buyer' } })).json()).status).toBe('added');

  // The buyer saves a list, asks for a quote and places an order.
  const products = await (await page.request.post('/api/products/filter', { data: { page: 1, limit: 20 } })).json();
  let variant: { variant_id: string; sku: string } | undefined;
  for (const p of products.products) {
    const detail = await (await page.request.get(`/api/products/${p.id}`)).json();
    variant = detail.variants.find((x: { available: number; order_minimum?: number | null; order_multiple?: number | null }) => x.available >= 10 && !x.order_minimum && !x.order_multiple);
    if (variant) break;
  }
  expect(variant).toBeTruthy();
  const list = await (await page.request.post('/api/lists', { headers: asBuyer, data: { name: 'Weekly mailers' } })).json();
  expect((await page.request.post(`/api/lists/${list.id}/items`, { headers: asBuyer, data: { variant_id: variant!.variant_id, quantity: 2 } })).ok()).toBe(true);
  const quote = await (await page.request.post('/api/quotes', { headers: asBuyer, data: { lines: [{ sku: variant!.sku, quantity: 40 }], note: 'Monthly' } })).json();
  expect((await page.request.post('/api/cart/add', { headers: asBuyer, data: { variant_id: variant!.variant_id, quantity: 1 } })).ok()).toBe(true);
  const order = await (await page.request.post('/api/orders', { headers: asBuyer, data: { shipping_address: SHOPPER_ADDRESS, payment_method: 'stripe' } })).json();
  expect(order.order_number).toBeTruthy();

  // The admin sees them all in the Company tab with who made them.
  await signIn(page, admin);
  await page.goto('/account?tab=company');
  await expect(page.getByTestId('company-list').filter({ hasText: 'Weekly mailers' })).toContainText(`by Ravi Kumar (${buyer.email})`);
  await expect(page.getByTestId('company-quote').filter({ hasText: quote.quote_number })).toContainText(`Asked by Ravi Kumar (${buyer.email})`);
  await page.getByTestId('company-list').filter({ hasText: 'Weekly mailers' }).getByRole('button', { name: 'Add to my cart' }).click();
  await expect(page.getByText('Weekly mailers: 2 item(s) added to your cart')).toBeVisible();
  const cart = await (await page.request.get('/api/cart', { headers: asAdmin })).json();
  expect(cart.items.find((i: { variant_id: string }) => i.variant_id === variant!.variant_id)?.quantity).toBe(2);

  // The admin keeps a company address, which the buyer then picks at checkout.
  await page.getByRole('button', { name: 'Add a company address' }).click();
  await page.getByLabel('Full name').fill('Acme Receiving Dock');
  await page.getByLabel('Phone').fill('+65 6123 4567');
  await page.getByLabel('Address line 1').fill('10 Tuas Avenue 1');
  await page.getByLabel('Postal code').fill('639495');
  await page.getByRole('button', { name: 'Save company address' }).click();
  await expect(page.getByTestId('company-address').filter({ hasText: 'Acme Receiving Dock' })).toContainText('10 Tuas Avenue 1');

  // An invitation is sent and withdrawn; its link then says so.
  const invited = uniqueEmail('shinvite');
  await page.getByLabel('Add by e-mail').fill(invited);
  await page.getByRole('button', { name: 'Add member' }).click();
  await expect(page.getByTestId('invitation').filter({ hasText: invited })).toBeVisible();
  await shots(page, 'company-sharing-tab');
  let text = '';
  await expect.poll(() => (text = received().find((m) => m.to.includes(invited))?.text ?? ''), { timeout: 30_000 }).toContain('company-invitation?token=');
  const link = /https?:\/\/\S+company-invitation\?token=[A-Za-z0-9_-]+/.exec(text)![0];
  page.once('dialog', (d) => void d.accept());
  await page.getByTestId('invitation').filter({ hasText: invited }).getByRole('button', { name: 'Withdraw' }).click();
  await expect(page.getByText(`Invitation to ${invited} withdrawn`)).toBeVisible();
  await expect(page.getByTestId('invitation').filter({ hasText: invited })).toHaveCount(0);

  // The admin opens the buyer's order from the tab.
  await page.getByTestId('company-order').filter({ hasText: order.order_number }).getByRole('link', { name: order.order_number }).click();
  await expect(page).toHaveURL(new RegExp(`/company/orders/${order.id}$`));
  await expect(page.getByRole('heading', { name: `Order ${order.order_number}` })).toBeVisible();
  await expect(page.getByTestId('placed-by')).toContainText(`by Ravi Kumar (${buyer.email})`);
  await shots(page, 'company-order');

  // A buyer's way to the same page says not found; the withdrawn link says it was withdrawn.
  await signIn(page, buyer);
  await page.goto(`/company/orders/${order.id}`);
  await expect(page.getByText('Order not found')).toBeVisible();
  expect((await page.request.post('/api/cart/add', { headers: asBuyer, data: { variant_id: variant!.variant_id, quantity: 1 } })).ok()).toBe(true);
  await page.goto('/checkout');
  // With no saved address of their own, the company's is chosen for them; no "save an address" prompt.
  const picker = page.getByRole('radiogroup', { name: 'Company addresses' });
  await expect(picker.getByRole('radio')).toBeChecked();
  await expect(page.getByLabel('Full name')).toHaveValue('Acme Receiving Dock');
  await page.waitForTimeout(1500);
  await expect(page.getByText('Save a delivery address?')).toHaveCount(0);
  await picker.getByText('Acme Receiving Dock').click();
  await expect(page.getByLabel('Address line 1')).toHaveValue('10 Tuas Avenue 1');
  await shots(page, 'checkout-company-address');
  await page.evaluate(() => localStorage.clear());
  await page.goto(new URL(link).pathname + new URL(link).search);
  await expect(page.getByText('This invitation was withdrawn by the company.', { exact: false })).toBeVisible();
  await shots(page, 'invitation-withdrawn');
});
