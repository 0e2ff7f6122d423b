import { expect, test } from '@playwright/test';
import { registerCustomer } from './fixtures';

test('address flows: banner, onboarding dialog, country defaults, default, delete, profile', async ({ page }) => {
  await registerCustomer(page);
  page.on('dialog', (d) => void d.accept());

  // No default address yet: the banner leads to the onboarding dialog.
  await page.getByRole('link', { name: 'Add address' }).click();
  await expect(page).toHaveURL(/\/account\?onboard=address$/);
  await expect(page.getByRole('tab', { name: 'Addresses' })).toHaveAttribute('aria-selected', 'true');
  const dialog = page.getByRole('dialog', { name: 'Add Address' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Full name')).toHaveValue('Aisha Rahman');
  await dialog.getByLabel('Phone').fill('+65 8111 2222');
  await dialog.getByLabel('Address line 1').fill('1 Orchard Road');
  await expect(dialog.getByLabel('Postal code')).toHaveAttribute('maxlength', '6');
  await expect(dialog.getByLabel('Postal code')).toHaveAttribute('placeholder', '123456');
  await dialog.getByLabel('Postal code').fill('238801');
  await dialog.getByRole('button', { name: 'Save Address' }).click();
  await expect(page.getByText('Address saved')).toBeVisible();
  await expect(page.getByTestId('address-card')).toHaveCount(1);
  await expect(page.getByTestId('address-card').getByText('Default')).toBeVisible();
  // The only address cannot be deleted.
  await expect(page.getByRole('button', { name: 'Delete' })).toBeDisabled();

  // A Malaysian address: choosing MY fills Kuala Lumpur / Selangor and allows 5 digits.
  await page.getByRole('button', { name: 'Add Address' }).click();
  const second = page.getByRole('dialog', { name: 'Add Address' });
  await second.getByLabel('Country').selectOption('MY');
  await expect(second.getByLabel('City')).toHaveValue('Kuala Lumpur');
  await expect(second.getByLabel('State')).toHaveValue('Selangor');
  await expect(second.getByLabel('Postal code')).toHaveAttribute('maxlength', '5');
  await second.getByLabel('Full name').fill('Aisha KL Office');
  await second.getByLabel('Phone').fill('+60 12 345 6789');
  await second.getByLabel('Address line 1').fill('88 Jalan Ampang');
  await second.getByLabel('Postal code').fill('50450');
  await second.getByRole('button', { name: 'Save Address' }).click();
  await expect(page.getByText('Address saved').first()).toBeVisible();
  await expect(page.getByTestId('address-card')).toHaveCount(2);

  const kl = page.getByTestId('address-card').filter({ hasText: '88 Jalan Ampang' });
  await kl.getByRole('button', { name: 'Set as default' }).click();
  await expect(page.getByText('Default updated')).toBeVisible();
  await expect(kl.getByText('Default')).toBeVisible();

  await kl.getByRole('button', { name: 'Edit' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Address' });
  await edit.getByLabel('Unit').fill('Level 3');
  await edit.getByRole('button', { name: 'Save Address' }).click();
  await expect(page.getByText('Address updated')).toBeVisible();

  // Deleting the default (confirmed) promotes the other one.
  await kl.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Address removed')).toBeVisible();
  await expect(page.getByTestId('address-card')).toHaveCount(1);
  await expect(page.getByTestId('address-card').getByText('Default')).toBeVisible();

  // Profile: displayName required, email read-only.
  await page.getByRole('tab', { name: 'Profile' }).click();
  await expect(page.getByLabel('Email')).toBeDisabled();
  await page.getByLabel('Display name').fill('');
  await expect(page.getByRole('button', { name: 'Save Profile' })).toBeDisabled();
  await page.getByLabel('Display name').fill('Aisha R.');
  await page.getByRole('button', { name: 'Save Profile' }).click();
  await expect(page.getByText('Profile updated successfully.')).toBeVisible();

  await page.getByRole('tab', { name: 'Orders' }).click();
  await expect(page.getByRole('link', { name: 'Go to My Orders' })).toBeVisible();
});

test('the address banner can be dismissed for the session', async ({ page }) => {
  await registerCustomer(page);
  const banner = page.getByRole('region', { name: 'Add an address' });
  await expect(banner).toBeVisible();
  await banner.getByRole('button', { name: 'Dismiss' }).click();
  await expect(banner).toHaveCount(0);
  await page.goto('/faq');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Add an address' })).toHaveCount(0);
});
