import { expect, test, type Page } from '@playwright/test';
import { fillCartPastGiftTier, SHOPPER_ADDRESS, signInWithApi } from './fixtures';
import { E2E_STRIPE_API_URL } from './support/stripe-e2e';

// The Stripe e2e setup itself (decision 0165; project "stripe", the shop with Stripe on beside the
// Stripe test server): an order placed through the API carries a payment_url on the test server's
// hosted page, "Pay" comes back to the shop's success page and the signed webhook marks the order
// paid; "Payment fails" comes back to the order, which /pay makes payable again. The storefront's
// own payment journeys (what each page says) live beside this file as stripe-*.spec.ts.

async function placeOrder(page: Page) {
  const { token } = await signInWithApi(page, 'new-customer');
  await fillCartPastGiftTier(page);
  const headers = { authorization: `Bearer ${token}` };
  const res = await page.request.post('/api/orders', { headers, data: { shipping_address: SHOPPER_ADDRESS, payment_method: 'stripe' } });
  expect(res.status()).toBe(200);
  const order = (await res.json()) as { id: string; payment_url: string | null; total: number };
  expect(order.payment_url).toMatch(new RegExp(`^${E2E_STRIPE_API_URL}/pay/cs_test_`));
  return { order, headers };
}

test('the hosted pay page: Pay returns to the success page and the webhook marks the order paid', async ({ page }) => {
  const { order, headers } = await placeOrder(page);
  await page.goto(order.payment_url!);
  await expect(page.getByText(`SGD ${order.total.toFixed(2)}`)).toBeVisible();
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/order-success/${order.id}$`));
  await expect.poll(async () => (await (await page.request.get(`/api/orders/${order.id}`, { headers })).json()).status).toBe('paid');
});

test('Payment fails returns to the order, which can be paid again with a new session', async ({ page }) => {
  const { order, headers } = await placeOrder(page);
  await page.goto(order.payment_url!);
  await page.getByRole('button', { name: 'Payment fails' }).click();
  await expect(page).toHaveURL(new RegExp(`/orders/${order.id}$`));
  const failed = await (await page.request.get(`/api/orders/${order.id}`, { headers })).json();
  expect(failed).toMatchObject({ status: 'pending', payment_state: 'payment_failed', payment_url: null });
  const pay = await page.request.post(`/api/orders/${order.id}/pay`, { headers });
  expect(pay.status()).toBe(200);
  const { payment_url } = (await pay.json()) as { payment_url: string };
  expect(payment_url).not.toBe(order.payment_url);
  await page.goto(payment_url);
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/order-success/${order.id}$`));
  await expect.poll(async () => (await (await page.request.get(`/api/orders/${order.id}`, { headers })).json()).status).toBe('paid');
});
