import { expect, test } from '@playwright/test';
import { ADMIN, login, registerCustomer, uniqueEmail } from './fixtures';

test('register, see the Account button, log out, log in again', async ({ page }) => {
  const { email, password } = await registerCustomer(page);
  await expect(page.getByText('Registration successful!')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  // A customer sees neither the Products link in the header nor the Admin button.
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Products' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Admin' })).toHaveCount(0);

  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page.getByRole('link', { name: 'Login' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('access_token'))).toBeNull();

  await login(page, email, password);
  await expect(page.getByRole('link', { name: 'Account' })).toBeVisible();
});

test('a wrong password shows the server message and keeps the visitor signed out', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('Email').fill('nobody-here@example.com');
  await page.getByLabel('Password').fill('wrong-password');
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page.getByText('Invalid email or password')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Login' })).toBeVisible();
});

test('a common password is refused under the field with the server message; a passphrase is accepted', async ({ page }) => {
  const email = uniqueEmail('weak');
  await page.goto('/login');
  await page.getByRole('tab', { name: 'Register' }).click();
  await page.getByLabel('First name').fill('Aisha');
  await page.getByLabel('Last name').fill('Rahman');
  await page.getByLabel('Email').fill(email);
  const password = page.getByLabel('Password');
  for (const weak of ['12345678', email]) {
    await password.fill(weak);
    await page.getByRole('button', { name: 'Register', exact: true }).click();
    await expect(page.getByText('This password is too common or too easy to guess.', { exact: false })).toBeVisible();
    await expect(password).toHaveAttribute('aria-invalid', 'true');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('link', { name: 'Account' })).toHaveCount(0);
  }
  // Typing again clears the message; a passphrase goes through.
  await password.fill('kettle-marble-sunrise');
  await expect(page.getByText('This password is too common', { exact: false })).toHaveCount(0);
  await page.getByRole('button', { name: 'Register', exact: true }).click();
  await expect(page.getByText('Registration successful!')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Account' })).toBeVisible();
});

test('signing in from a signed-in page goes back to it, with its query', async ({ page }) => {
  const { email, password } = await registerCustomer(page);
  await page.getByRole('button', { name: 'Logout', exact: true }).click();
  await expect(page.getByRole('link', { name: 'Login' })).toBeVisible();
  await page.goto('/orders?page=1');
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page).toHaveURL(/\/orders\?page=1$/);
  await expect(page.getByRole('heading', { level: 1, name: 'My Orders' })).toBeVisible();
});

test('a customer who opens /admin lands on /, an anonymous visitor on /login', async ({ page }) => {
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/login$/);
  await registerCustomer(page);
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('polymailers');
});

test('staff see the Products and Admin links', async ({ page }) => {
  await login(page, ADMIN.email, ADMIN.password);
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Products' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Admin' })).toBeVisible();
});

test('an expired token is cleared and the browser goes to /', async ({ page }) => {
  await page.goto('/faq');
  // Hydrated (the chat button shows then): this page has read its session, so only the next one reads the stored token.
  await expect(page.getByTestId('chat-open')).toBeVisible();
  await page.evaluate(() => {
    localStorage.setItem('access_token', 'expired-token');
    localStorage.setItem('user', JSON.stringify({ id: 'x', email: 'x@example.com', role: 'customer', displayName: 'X', first_name: 'X', last_name: 'Y', phone: null, lastUsedAddressId: null }));
  });
  await page.goto('/faq');
  await expect(page).toHaveURL(/\/$/);
  expect(await page.evaluate(() => localStorage.getItem('access_token'))).toBeNull();
  await expect(page.getByRole('link', { name: 'Login' })).toBeVisible();
});

test('unknown paths go to /', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page).toHaveURL(/\/$/);
});
