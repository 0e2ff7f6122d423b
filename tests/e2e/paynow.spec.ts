import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { decodePayNowPayload } from '../../shared/domain/paynow';
import { formatMoney } from '../../shared/domain/money';
import { decodeQrPng } from '../setup/qr-decode';
import { ADMIN, login, shopperWithCart } from './fixtures';
import { lookAt } from './support/look-at';

// PayNow is opt-in. Without settings checkout keeps the specification's note; once the owner sets a
// UEN and payee name, the shopper sees a QR code for the exact total with the order number as
// reference, and the code the browser draws decodes to a payload whose CRC holds.
// The e2e server's database is shared by every journey: the settings are cleared again at the end.

const COMING_SOON = 'Online card payment is coming soon. Place your order now and it will be confirmed as pending; we will contact you about payment before it ships.';

async function adminToken(request: APIRequestContext) {
  return (await (await request.post('/api/auth/login', { data: ADMIN })).json()).access_token as string;
}

async function clearPaymentSettings(request: APIRequestContext) {
  const res = await request.put('/api/admin/payment-settings', {
    headers: { authorization: `Bearer ${await adminToken(request)}` },
    data: { paynow_proxy: '', paynow_payee_name: '', bank_name: '', bank_account_name: '', bank_account_number: '' },
  });
  expect(res.ok()).toBe(true);
}


/** Reads the QR code as the browser drew it: a screenshot of the <img>, decoded with jsQR. */
async function readQr(page: Page) {
  const img = page.getByTestId('paynow-qr');
  await expect(img).toBeVisible();
  const decoded = decodeQrPng(await img.screenshot());
  expect(decoded).toBe(await img.getAttribute('data-paynow-payload'));
  return decodePayNowPayload(decoded!)!;
}

test.afterAll(async ({ request }) => {
  await clearPaymentSettings(request);
});

test('without payment settings, checkout keeps the "payment coming soon" note', async ({ page, request }) => {
  await clearPaymentSettings(request);
  await shopperWithCart(page);
  await page.goto('/checkout');
  const payment = page.getByRole('region', { name: 'Payment' });
  await expect(payment).toContainText(COMING_SOON);
  await expect(page.getByTestId('checkout-payment-options')).toHaveCount(0);
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(page).toHaveURL(/\/order-success\//);
  await expect(page.getByText('Status: pending — payment is coming soon; we will be in touch.')).toBeVisible();
  await expect(page.getByTestId('payment-instructions')).toHaveCount(0);
});

test('owner sets PayNow; the shopper pays by QR for the exact total with the order number; staff mark it paid', async ({ page, browser }) => {
  test.setTimeout(240_000); // three pages and a dozen screenshots on a shared 2-CPU machine
  await page.setViewportSize({ width: 1280, height: 900 });
  const staff = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await login(staff, ADMIN.email, ADMIN.password);
  await staff.goto('/admin/shop');
  const payments = staff.getByRole('region', { name: 'Payments' });
  await payments.getByLabel('PayNow to').selectOption('uen');
  await payments.getByLabel('PayNow UEN').fill('12345');
  await payments.getByLabel('Payee name').fill('PackShop Pte Ltd');
  await payments.getByRole('button', { name: 'Save payment settings' }).click();
  await expect(payments.getByRole('alert')).toContainText('Please enter a valid UEN');
  await payments.getByLabel('PayNow UEN').fill('201912345k');
  await payments.getByLabel('Bank', { exact: true }).fill('DBS Bank');
  await payments.getByLabel('Account name').fill('PackShop Pte. Ltd.');
  await payments.getByLabel('Account number').fill('012-345678-9');
  await payments.getByRole('button', { name: 'Save payment settings' }).click();
  await expect(staff.getByText('Payment settings saved')).toBeVisible();
  await expect(payments.getByLabel('PayNow UEN')).toHaveValue('201912345K');
  await lookAt(staff, { path: '/tmp/paynow-admin-settings-1280.png', fullPage: true });

  // Checkout says how payment will work; the code itself needs the order number, so it follows.
  await shopperWithCart(page);
  await page.goto('/checkout');
  const note = page.getByTestId('checkout-payment-options');
  await expect(note).toContainText('Pay by PayNow or bank transfer once your order is placed');
  await expect(note).toContainText('201912345K');
  await expect(note).toContainText('012-345678-9');
  await expect(page.getByText(COMING_SOON)).toHaveCount(0);
  const total = (await page.getByTestId('summary-total').first().textContent())!;
  await lookAt(page, { path: '/tmp/paynow-checkout-1280.png', fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await lookAt(page, { path: '/tmp/paynow-checkout-390.png', fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.getByRole('button', { name: 'Place Order' }).click();

  await expect(page).toHaveURL(/\/order-success\/[^/]+$/);
  const orderId = page.url().split('/').pop()!;
  const orderNumber = (await page.getByTestId('order-number').textContent())!;
  await expect(page.getByText('Status: pending — please pay by PayNow as shown below.')).toBeVisible();
  const instructions = page.getByTestId('payment-instructions');
  await expect(instructions).toContainText(orderNumber);
  await expect(instructions).toContainText(total);
  const code = await readQr(page);
  expect(code).toMatchObject({ proxyType: 'uen', proxy: '201912345K', editable: false, merchantName: 'PackShop Pte Ltd', reference: orderNumber, crcValid: true });
  expect(formatMoney(code.amountCents! / 100)).toBe(total);
  await lookAt(page, { path: '/tmp/paynow-success-1280.png', fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByTestId('paynow-qr')).toBeVisible();
  await lookAt(page, { path: '/tmp/paynow-success-390.png', fullPage: true });

  await page.goto(`/orders/${orderId}`);
  expect(await readQr(page)).toEqual(code);
  await lookAt(page, { path: '/tmp/paynow-order-390.png', fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  await lookAt(page, { path: '/tmp/paynow-order-1280.png', fullPage: true });

  // The confirmation e-mail, as staff read it in Sent e-mail: the same code drawn in place.
  await staff.goto('/admin/messages?tab=email');
  await staff.getByRole('button', { name: new RegExp(`Order ${orderNumber} confirmed`) }).first().click();
  const dialog = staff.getByRole('dialog', { name: `Order ${orderNumber} confirmed` });
  const preview = dialog.frameLocator('iframe[title="E-mail preview"]');
  const mailQr = preview.getByRole('img', { name: /PayNow QR code/ });
  await expect(mailQr).toBeVisible();
  await mailQr.scrollIntoViewIfNeeded();
  expect(decodePayNowPayload(decodeQrPng(await mailQr.screenshot())!)).toEqual(code);
  await lookAt(staff, { path: '/tmp/paynow-sent-email-1280.png' });
  await staff.keyboard.press('Escape');

  // The e-mail on its own, as a mail client shows it, at both widths.
  const token = await adminToken(staff.request);
  const list = await (await staff.request.get(`/api/admin/emails?search=${encodeURIComponent(orderNumber)}`, { headers: { authorization: `Bearer ${token}` } })).json();
  const id = list.items.find((m: { subject: string }) => m.subject === `Order ${orderNumber} confirmed`).id;
  const { html } = await (await staff.request.get(`/api/admin/emails/${id}`, { headers: { authorization: `Bearer ${token}` } })).json();
  const mail = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await mail.setContent(html);
  await lookAt(mail, { path: '/tmp/paynow-email-1280.png', fullPage: true });
  await mail.setViewportSize({ width: 390, height: 844 });
  await lookAt(mail, { path: '/tmp/paynow-email-390.png', fullPage: true });
  await mail.close();

  // Staff mark it paid: history, e-mail, and the shopper is no longer asked to pay.
  await staff.goto(`/admin/orders/${orderId}`);
  await staff.getByLabel('Note for the history').fill('PayNow received');
  // Mark as paid asks first (issue 38, point 15).
  staff.once('dialog', (d) => void d.accept());
  await staff.getByRole('button', { name: 'Mark as paid' }).click();
  await expect(staff.getByTestId('order-status')).toHaveText('Paid');
  await expect(staff.getByTestId('order-timeline').getByText('Payment received')).toBeVisible();
  await staff.goto('/admin/messages?tab=email');
  await expect(staff.getByRole('button', { name: new RegExp(`Order ${orderNumber}: payment received`) })).toBeVisible();
  await staff.close();

  await page.reload();
  await expect(page.getByTestId('order-timeline').getByText('Payment received')).toBeVisible(); // staff's note stays internal
  await expect(page.getByTestId('payment-instructions')).toHaveCount(0);
});
