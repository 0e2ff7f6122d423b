import { expect, type Page } from '@playwright/test';

export const ADMIN = { email: 'admin@packshop.test', password: 'admin-password-123' };

export const uniqueEmail = (prefix = 'shopper') => `${prefix}-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@example.com`;

/** Registers a new customer through the Register tab and waits for the signed-in header. */
export async function registerCustomer(page: Page, email = uniqueEmail(), password = 'a-good-password') {
  await page.goto('/login');
  await page.getByRole('tab', { name: 'Register' }).click();
  await page.getByLabel('First name').fill('Aisha');
  await page.getByLabel('Last name').fill('Rahman');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Register', exact: true }).click();
  await expect(page.getByRole('link', { name: 'Account' })).toBeVisible();
  return { email, password };
}

/** Signs in through the Login tab. */
export async function login(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page.getByText('Login successful!')).toBeVisible();
}
