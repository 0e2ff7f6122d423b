import { expect, test, type Page } from '@playwright/test';
import { shopperWithCart } from './fixtures';
import { lookAt } from './support/look-at';

// What the shopper sees when the shop takes payments online (project "stripe": the shop with Stripe
// on beside the Stripe test server, decision 0165): the checkout's note, Place Order going to the
// hosted payment page, and back on our pages the state of the money in words: paid, or failed with
// "Try again" that opens a new payment page.

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
  await lookAt(page, { path: '/tmp/stripe-success-1280.png', fullPage: true });
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
  await lookAt(page, { path: '/tmp/stripe-failed-390.png', fullPage: true });
  await panel.getByRole('button', { name: 'Try again' }).click();
  await expect(page).toHaveURL(/\/pay\/cs_test_/);
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(page).toHaveURL(/\/order-success\/[^/]+$/);
  await expect(page.getByTestId('online-payment')).toContainText('Payment received', { timeout: 30_000 });
});
