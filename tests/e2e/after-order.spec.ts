import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { pdfPages } from '../setup/pdf-text';
import { ADMIN, login, registerCustomer, SHOPPER_ADDRESS } from './fixtures';
import { newestMail } from './support/inbox';
import { lookAt } from './support/look-at';

// After the order: the confirmation e-mail is delivered (to the journeys' SMTP catcher) and readable
// in the back office, the shopper sees the order's history and cancels it; and a forgotten password
// is reset from the link in the shopper's inbox, which signs the shopper in.

const address = SHOPPER_ADDRESS;

async function placeOrderThroughApi(page: Page) {
  const token = await page.evaluate(() => localStorage.getItem('access_token'));
  const headers = { authorization: `Bearer ${token}` };
  const list = await (await page.request.post('/api/products/filter', { data: { page: 1, limit: 20 } })).json();
  for (const p of list.products) {
    const detail = await (await page.request.get(`/api/products/${p.id}`)).json();
    const v = detail.variants.find((x: { available: number }) => x.available >= 20);
    if (!v) continue;
    expect((await page.request.post('/api/cart/add', { headers, data: { variant_id: v.variant_id, quantity: 2 } })).status()).toBe(200);
    const res = await page.request.post('/api/orders', { headers, data: { shipping_address: address, payment_method: 'stripe' } });
    expect(res.status()).toBe(200);
    return (await res.json()) as { id: string; order_number: string };
  }
  throw new Error('no variant in stock');
}

/** Opens Messages > Sent e-mail as the admin and the newest message with this subject. */
async function openSentEmail(page: Page, subject: string) {
  await page.goto('/admin/messages?tab=email');
  await page.getByRole('button', { name: new RegExp(subject.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) }).first().click();
  const dialog = page.getByRole('dialog', { name: subject });
  await expect(dialog).toBeVisible();
  return dialog;
}

test('order -> history and cancellation -> confirmation e-mail in the back office', async ({ page, browser }) => {
  test.setTimeout(180_000); // two browsers, three PDFs parsed: more than a minute on a busy 2-CPU machine
  await page.setViewportSize({ width: 1280, height: 900 });
  await registerCustomer(page);
  const order = await placeOrderThroughApi(page);

  await page.goto(`/orders/${order.id}`);
  const timeline = page.getByTestId('order-timeline');
  await expect(timeline.getByText('Order placed')).toBeVisible();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Tax invoice (PDF)' }).click()]);
  expect(download.suggestedFilename()).toBe(`tax-invoice-${order.order_number}.pdf`);
  const invoice = (await pdfPages(readFileSync(await download.path()))).join(' ');
  expect(invoice).toContain('TAX INVOICE');
  expect(invoice).toContain(order.order_number);
  expect(invoice).toMatch(/Invoice No\.: INV-\d{6}/);
  await page.getByRole('button', { name: 'Cancel order' }).click();
  await page.getByLabel('Reason (optional)').fill('Ordered the wrong size');
  await page.getByRole('button', { name: 'Yes, cancel this order' }).click();
  await expect(page.getByText(`Order ${order.order_number} has been cancelled`)).toBeVisible();
  await expect(page.getByTestId('order-status')).toHaveText('cancelled');
  await expect(timeline.getByText('Cancelled')).toBeVisible();
  await expect(timeline.getByText('Reason: Ordered the wrong size')).toBeVisible();
  await lookAt(page, { path: '/tmp/mail-order-history-1280.png', fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await lookAt(page, { path: '/tmp/mail-order-history-390.png', fullPage: true });

  const staff = await browser.newPage();
  await login(staff, ADMIN.email, ADMIN.password);
  const dialog = await openSentEmail(staff, `Order ${order.order_number} confirmed`);
  await expect(dialog.getByText('Sent', { exact: true })).toBeVisible();
  const preview = dialog.frameLocator('iframe[title="E-mail preview"]');
  await expect(preview.getByText(`We have received order ${order.order_number}, placed on`)).toBeVisible(); // and when (decision 0172)
  await expect(preview.getByText('GST included (9%)')).toBeVisible();
  await lookAt(staff, { path: '/tmp/mail-sent-email-1280.png' });
  await dialog.getByRole('tab', { name: 'Plain text' }).click();
  await expect(dialog.locator('pre')).toContainText('1 Orchard Road');
  await dialog.getByRole('button', { name: 'Resend' }).click();
  await expect(staff.getByText('E-mail queued to be sent again')).toBeVisible();
  await staff.keyboard.press('Escape');
  await expect(staff.getByRole('button', { name: new RegExp(`Order ${order.order_number}: cancelled`) })).toBeVisible();

  // The owner sets the GST number once; staff download the invoice from the order page.
  await staff.goto('/admin/shop');
  await staff.getByLabel('GST registration number').fill('201912345K');
  await staff.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(staff.getByText('Shop details saved')).toBeVisible();

  // Staff see the same history with who did it.
  await staff.goto(`/admin/orders/${order.id}`);
  await expect(staff.getByTestId('order-timeline').getByText('Reason: Ordered the wrong size')).toBeVisible();
  const [staffInvoice] = await Promise.all([staff.waitForEvent('download'), staff.getByRole('button', { name: 'Tax invoice (PDF)' }).click()]);
  expect((await pdfPages(readFileSync(await staffInvoice.path()))).join(' ')).toContain('GST Reg. No.: 201912345K');
  await staff.setViewportSize({ width: 390, height: 844 });
  await lookAt(staff, { path: '/tmp/mail-admin-order-390.png', fullPage: true });
  await staff.goto('/admin/messages?tab=email');
  await expect(staff.getByRole('button', { name: new RegExp(`Order ${order.order_number} confirmed`) }).first()).toBeVisible(); // loaded, not the spinner
  await lookAt(staff, { path: '/tmp/mail-sent-email-390.png' });
  await staff.setViewportSize({ width: 1280, height: 900 });

  // Packing slips: tick the order in the list and print.
  await staff.goto('/admin/orders');
  await staff.getByLabel(`Select ${order.order_number} for packing slips`).check();
  const [slips] = await Promise.all([staff.waitForEvent('download'), staff.getByRole('button', { name: 'Packing slips (A4)' }).click()]);
  const slipText = (await pdfPages(readFileSync(await slips.path()))).join(' ');
  expect(slipText).toContain('PACKING SLIP');
  expect(slipText).toContain(order.order_number);
  await staff.close();
});

test('forgot password -> e-mailed link -> new password -> signed in', async ({ page, browser }) => {
  const shopper = await registerCustomer(page);
  await page.evaluate(() => localStorage.clear()); // a visitor who forgot their password

  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await expect(page.getByRole('heading', { name: 'Forgot your password?' })).toBeVisible(); // the lazy page has replaced the login form
  await page.getByLabel('Email').fill(shopper.email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('status')).toContainText('If an account exists for that e-mail');

  // The link is in the shopper's inbox and nowhere else: the back office shows the message without it.
  const mail = await newestMail(shopper.email, 'Reset your password');
  const link = /https?:\/\/\S+\/reset-password\?token=[A-Za-z0-9_-]+/.exec(mail.text)?.[0];
  expect(link).toBeTruthy();
  const staff = await browser.newPage();
  await login(staff, ADMIN.email, ADMIN.password);
  await staff.goto('/admin/messages?tab=email');
  await staff.getByRole('button', { name: new RegExp(`Reset your password\\s*To ${shopper.email.replace(/[.+]/g, '\\$&')}`) }).first().click();
  const dialog = staff.getByRole('dialog', { name: 'Reset your password' });
  await dialog.getByRole('tab', { name: 'Plain text' }).click();
  await expect(dialog.locator('pre')).toContainText('Choose a new password: [reset link hidden]');
  expect((await dialog.locator('pre').textContent()) ?? '').not.toContain('token=');
  await staff.close();

  await page.goto(new URL(link!).pathname + new URL(link!).search);
  await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
  await page.getByLabel(/^New password/).fill('my new password 42');
  await page.getByLabel('Repeat the new password').fill('my new password 42');
  await page.getByRole('button', { name: 'Save new password' }).click();
  await expect(page.getByText('Your password has been changed. You are signed in.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Account' })).toBeVisible();

  // The link worked once.
  await page.evaluate(() => localStorage.clear());
  await page.goto(new URL(link!).pathname + new URL(link!).search);
  await page.getByLabel(/^New password/).fill('another password 42');
  await page.getByLabel('Repeat the new password').fill('another password 42');
  await page.getByRole('button', { name: 'Save new password' }).click();
  await expect(page.getByRole('alert')).toContainText('This reset link has already been used');
});
