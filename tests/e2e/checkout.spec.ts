import { expect, test } from '@playwright/test';
import { formatMoney } from '../../shared/domain/money';
import { unitPriceFor } from '../../shared/domain/pricing';
import { registerCustomer, uniqueEmail } from './fixtures';

// The whole purchase: a guest fills a cart past the first gift tier, applies WELCOME10, picks a
// gift, signs up (the cart follows), checks out with a new address and finds the order.

interface Variant {
  variant_id: string;
  available: number;
  price_tiers: { min_quantity: number; price: number }[];
  attributes: { size_code: string };
}

for (const viewport of [
  { name: 'desktop', width: 1280, height: 900 },
  { name: 'phone', width: 390, height: 844 },
]) {
  test(`${viewport.name}: guest cart, coupon, gift, sign up, checkout with a new address, My Orders`, async ({ page }) => {
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    const list = await (await page.request.post('/api/products/filter', { data: { page: 1, limit: 20 } })).json();
    let chosen: { id: string; v: Variant; qty: number } | null = null;
    for (const p of list.products) {
      const detail = await (await page.request.get(`/api/products/${p.id}`)).json();
      const v = (detail.variants as Variant[]).find((x) => x.available >= 40 && unitPriceFor(x.price_tiers, 1) >= 5);
      if (v) {
        // Enough for the $100 gift tier (and WELCOME10's $30 minimum).
        let qty = 1;
        while (unitPriceFor(v.price_tiers, qty) * qty < 110 && qty < v.available) qty++;
        chosen = { id: p.id, v, qty };
        break;
      }
    }
    expect(chosen).not.toBeNull();
    const { id, v, qty } = chosen!;
    const subtotal = Math.round(unitPriceFor(v.price_tiers, qty) * qty * 100) / 100;

    await page.goto(`/products/${id}`);
    await page.getByLabel('Step 1: Select Size').selectOption(v.attributes.size_code);
    await page.getByLabel('Step 2: Select Pack Size').selectOption(v.variant_id);
    await page.getByRole('spinbutton', { name: 'Quantity' }).fill(String(qty));
    await page.getByRole('button', { name: 'Add to Cart' }).click();
    await expect(page.getByText(qty > 1 ? `Added ${qty} item(s) to cart!` : 'Added to cart', { exact: true })).toBeVisible();
    await expect(page).toHaveURL(/\/cart$/);
    await expect(page.getByTestId('line-quantity')).toHaveValue(String(qty));
    await expect(page.getByTestId('summary-subtotal')).toHaveText(formatMoney(subtotal));
    await expect(page.getByTestId('summary-shipping')).toHaveText('Free');

    const code = page.getByLabel('Coupon code');
    await expect(page.getByRole('button', { name: 'Apply' })).toBeDisabled();
    await code.fill('welcome10');
    await expect(code).toHaveValue('WELCOME10');
    await page.getByRole('button', { name: 'Apply' }).click();
    const discount = Math.round(subtotal * 10) / 100;
    await expect(page.getByText(`Coupon applied! You saved ${formatMoney(discount)}`)).toBeVisible();
    await expect(page.getByText('You qualify for free gifts! Select them at checkout.')).toBeVisible();
    await expect(page.getByTestId('summary-discount')).toHaveText(`-${formatMoney(discount)}`);
    await expect(page.getByTestId('summary-total')).toHaveText(formatMoney(Math.round((subtotal - discount) * 100) / 100));

    const gifts = page.getByRole('region', { name: 'Free gifts' });
    const firstGift = gifts.getByRole('button').first();
    await firstGift.click();
    await expect(firstGift).toHaveAttribute('aria-pressed', 'true');

    // /checkout is a signed-in route: the guest goes to /login, signs up, and the cart follows.
    await page.getByRole('link', { name: 'Proceed to Checkout' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await page.getByRole('tab', { name: 'Register' }).click();
    await page.getByLabel('First name').fill('Aisha');
    await page.getByLabel('Last name').fill('Rahman');
    await page.getByLabel('Email').fill(uniqueEmail('checkout'));
    await page.getByLabel('Password').fill('a-good-password');
    await page.getByRole('button', { name: 'Register', exact: true }).click();
    await expect(page.getByText('Registration successful!')).toBeVisible();
    await page.goto('/cart');
    await expect(page.getByTestId('line-quantity')).toHaveValue(String(qty));
    await expect(page.getByTestId('applied-coupon')).toHaveText('WELCOME10');
    await expect(gifts.locator('[aria-pressed=true]')).toHaveCount(1);

    await page.getByRole('link', { name: 'Proceed to Checkout' }).click();
    await expect(page).toHaveURL(/\/checkout$/);
    // No saved address yet: the prompt appears after a second.
    await expect(page.getByRole('dialog', { name: 'Save a delivery address?' })).toBeVisible();
    await page.getByRole('button', { name: 'Continue without saving' }).click();
    await expect(page.getByLabel('Full name')).toHaveValue('Aisha Rahman');
    await page.getByLabel('Phone').fill('+65 9123 4567');
    await page.getByLabel('Address line 1').fill('10 Anson Road');
    await page.getByLabel('Unit').fill('#12-01');
    await page.getByLabel('Postal code').fill('0799031234');
    await expect(page.getByLabel('Postal code')).toHaveValue('079903');
    await page.getByLabel('Save this address to my profile').check();
    await page.getByRole('button', { name: 'Place Order' }).click();

    await expect(page.getByText('Order placed successfully!')).toBeVisible();
    await expect(page.getByText('Address saved to your profile')).toBeVisible();
    await expect(page).toHaveURL(/\/order-success\/[^/]+$/);
    const orderNumber = (await page.getByTestId('order-number').textContent())!;
    expect(orderNumber).toMatch(/^PS-\d{8}-[A-Z0-9]{6}$/);
    await expect(page.getByText('What happens next')).toBeVisible();
    await expect(page.getByTestId('summary-total').first()).toHaveText(formatMoney(Math.round((subtotal - discount) * 100) / 100));
    await expect(page.getByText('10 Anson Road, #12-01')).toBeVisible();

    await page.goto('/orders');
    const card = page.getByTestId('order-card').filter({ hasText: orderNumber });
    await expect(card).toBeVisible();
    await expect(card.getByTestId('order-status')).toHaveText('pending');
    await card.click();
    await expect(page.getByRole('heading', { name: `Order ${orderNumber}` })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to My Orders' })).toBeVisible();
    // The cart is empty after the order.
    await page.goto('/cart');
    await expect(page.getByRole('heading', { name: 'Your cart is empty' })).toBeVisible();
  });
}

test('checkout with an empty cart goes back to /cart', async ({ page }) => {
  await registerCustomer(page);
  await page.goto('/checkout');
  await expect(page).toHaveURL(/\/cart$/);
  await expect(page.getByRole('link', { name: 'Browse Products' })).toBeVisible();
});
