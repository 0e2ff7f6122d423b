import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { pdfPages } from '../setup/pdf-text';
import { signInWithApi, SHOPPER_ADDRESS } from './fixtures';
import { lookAt } from './support/look-at';

// The owner refunds part of an order paid by bank transfer (marked paid in the back office), with
// the transfer's reference: the refund is listed, the credit note is linked and its PDF reads right;
// the buyer sees the credit note on their order (decision 0166).

async function placeOrder(page: Page, token: string) {
  const headers = { authorization: `Bearer ${token}` };
  const list = await (await page.request.post('/api/products/filter', { data: { page: 1, limit: 20 } })).json();
  for (const p of list.products) {
    const detail = await (await page.request.get(`/api/products/${p.id}`)).json();
    const v = detail.variants.find((x: { available: number }) => x.available >= 20);
    if (!v) continue;
    expect((await page.request.post('/api/cart/add', { headers, data: { variant_id: v.variant_id, quantity: 2 } })).status()).toBe(200);
    const res = await page.request.post('/api/orders', { headers, data: { shipping_address: SHOPPER_ADDRESS, payment_method: 'stripe' } });
    expect(res.status()).toBe(200);
    return (await res.json()) as { id: string; order_number: string; total: number };
  }
  throw new Error('no variant in stock');
}

test('the owner refunds part of a bank transfer order and opens its credit note; the buyer sees it', async ({ page, browser }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const buyer = await signInWithApi(page, 'new-customer');
  const order = await placeOrder(page, buyer.token);
  await signInWithApi(page, 'admin');

  await page.goto(`/admin/orders/${order.id}`);
  // Mark as paid asks first (issue 38, point 15).
  page.once('dialog', (d) => void d.accept());
  await page.getByRole('button', { name: 'Mark as paid' }).click();
  await expect(page.getByTestId('order-status')).toHaveText('Paid');
  const panel = page.getByRole('form', { name: 'Refund' });
  await expect(panel.getByLabel('Amount (S$)')).toHaveValue(order.total.toFixed(2));

  // No reference: the field says what is missing; nothing is refunded.
  await panel.getByLabel('Amount (S$)').fill('5.00');
  await panel.getByLabel('Reason').fill('Two bags arrived torn');
  await panel.getByRole('button', { name: 'Record refund' }).click();
  await expect(panel.getByText('Please enter the reference of the transfer you sent')).toBeVisible();
  // More than is left: the server's detail under the amount.
  await panel.getByLabel('Transfer reference').fill('DBS-REFUND-0042');
  await panel.getByLabel('Amount (S$)').fill((order.total + 1).toFixed(2));
  await panel.getByRole('button', { name: 'Record refund' }).click();
  await expect(panel.getByText(/at most S\$/)).toBeVisible();

  await panel.getByLabel('Amount (S$)').fill('5.00');
  await panel.getByRole('button', { name: 'Record refund' }).click();
  await expect(page.getByText(/Refunded \$5\.00; credit note CN-\d{6}/)).toBeVisible();
  await expect(page.getByTestId('refund-list')).toContainText('Two bags arrived torn');
  await expect(page.getByTestId('refund-list')).toContainText('DBS-REFUND-0042');
  await expect(page.getByTestId('refundable')).toHaveText(`$${(order.total - 5).toFixed(2)}`);
  const link = page.getByRole('button', { name: /CN-\d{6}/ });
  await expect(link).toBeVisible();
  const number = ((await link.textContent()) ?? '').trim();
  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  expect(download.suggestedFilename()).toBe(`credit-note-${number}.pdf`);
  const text = (await pdfPages(readFileSync(await download.path()))).join(' ');
  expect(text).toContain('CREDIT NOTE');
  expect(text).toContain(number);
  expect(text).toMatch(new RegExp(`Credit note for tax invoice INV-\\d{6} \\(order ${order.order_number}\\)`));
  expect(text).toContain('Total credited (incl. GST) $5.00');
  expect(text).toContain('Reason: Two bags arrived torn');
  await lookAt(page, { path: '/tmp/refunds-admin-1280.png', fullPage: true });

  // The buyer's order page lists the credit note.
  const context = await browser.newContext();
  const buyerPage = await context.newPage();
  const res = await buyerPage.request.post('/api/auth/login', { data: { email: buyer.email, password: 'a-good-password' } });
  const { access_token, user } = await res.json();
  await buyerPage.goto('/faq');
  await buyerPage.evaluate(([t, u]) => {
    localStorage.setItem('access_token', t);
    localStorage.setItem('user', JSON.stringify(u));
  }, [access_token, user] as const);
  await buyerPage.goto(`/orders/${order.id}`);
  await expect(buyerPage.getByRole('heading', { name: 'Credit notes' })).toBeVisible();
  await expect(buyerPage.getByRole('button', { name: `${number} (PDF)` })).toBeVisible();
  await context.close();
});
