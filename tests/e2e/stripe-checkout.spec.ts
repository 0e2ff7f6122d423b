import { expect, test, type Page } from '@playwright/test';
import { signInWithApi } from './fixtures';

// What the shopper sees when the shop takes payments online (project "stripe": the shop with Stripe
// on beside the Stripe test server, decision 0165): the checkout's note, Place Order going to the
// hosted payment page, and back on our pages the state of the money in words: paid, or failed with
// "Try again" that opens a new payment page.

const address = { fullName: 'Aisha Rahman', phone: '+65 9123 4567', addressLine1: '1 Orchard Road', postalCode: '238801', city: 'Singapore', state: 'Singapore', country: 'SG', isDefault: true };

/** A new shopper with a saved default address and two packs of something in stock in the cart. */
async function shopperWithCart(page: Page) {
  const { token } = await signInWithApi(page, 'new-customer');
  const headers = { authorization: `Bearer ${token}` };
  expect((await page.request.post('/api/users/me/addresses', { headers, data: address })).ok()).toBe(true);
  const list = await (await page.request.post('/api/products/filter', { data: { page: 1, limit: 20 } })).json();
  for (const p of list.products as { id: string }[]) {
    const detail = await (await page.request.get(`/api/products/${p.id}`)).json();
    const v = (detail.variants as { variant_id: string; available: number }[]).find((x) => x.available >= 20);
    if (!v) continue;
    expect((await page.request.post('/api/cart/add', { headers, data: { variant_id: v.variant_id, quantity: 2 } })).ok()).toBe(true);
    return;
  }
  throw new Error('no variant in stock');
}

async function checkOutToPaymentPage(page: Page) {
  await shopperWithCart(page);
  await page.goto('/checkout');
  const payment = page.getByRole('region', { name: 'Payment' });
  await expect(payment.getByTestId('online-payment-note')).toContainText('secure payment page');
  await expect(payment).not.toContainText('coming soon');
  await page.getByRole('button', { name: 'Place Order' }).click();
  // Stripe's hosted page (the test server's): no card field on our pages.
  await expect(page).toHaveURL(/\/pay\/cs_test_/);
}

test('checkout goes to the payment page; paying comes back to a confirmation that says the payment arrived', async ({ page }) => {
  await checkOutToPaymentPage(page);
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(page).toHaveURL(/\/order-success\/[^/]+$/);
  const panel = page.getByTestId('online-payment');
  await expect(panel).toContainText('Payment received', { timeout: 30_000 });
  await page.screenshot({ path: '/tmp/stripe-success-1280.png', fullPage: true });
  const orderId = page.url().split('/').pop()!;
  await page.goto(`/orders/${orderId}`);
  await expect(page.getByTestId('online-payment')).toContainText('Payment received');
  await expect(page.getByRole('button', { name: 'Pay now' })).toHaveCount(0);
});

test('a failed payment says so on the order, and Try again pays it', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await checkOutToPaymentPage(page);
  await page.getByRole('button', { name: 'Payment fails' }).click();
  await expect(page).toHaveURL(/\/orders\/[^/]+$/);
  const panel = page.getByTestId('online-payment');
  await expect(panel).toContainText('Your payment did not go through');
  await page.screenshot({ path: '/tmp/stripe-failed-390.png', fullPage: true });
  await panel.getByRole('button', { name: 'Try again' }).click();
  await expect(page).toHaveURL(/\/pay\/cs_test_/);
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(page).toHaveURL(/\/order-success\/[^/]+$/);
  await expect(page.getByTestId('online-payment')).toContainText('Payment received', { timeout: 30_000 });
});
