import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { isGuestId, newGuestId } from '../../shared/domain/guest-id';
import { unitPriceFor } from '../../shared/domain/pricing';
import { ADMIN, login, registerCustomer } from './fixtures';

// The specification's smaller cart and toast promises: the coupon goes when it cannot be
// revalidated, toasts pause, 'Added N item(s) to cart!', no stale error beside a success, Clear cart
// asks first, the gift tier reads naturally and checkout reminds the shopper of an unpicked gift.

interface Variant {
  variant_id: string;
  available: number;
  price_tiers: { min_quantity: number; price: number }[];
  attributes: { size_code: string; pack_size: number };
}

/** A product with a variant that has enough stock to buy `minQty` of and costs at least $5 a unit. */
async function roomyVariant(request: APIRequestContext, minQty = 40) {
  const list = await (await request.post('/api/products/filter', { data: { page: 1, limit: 20 } })).json();
  for (const p of list.products as { id: string }[]) {
    const detail = await (await request.get(`/api/products/${p.id}`)).json();
    const v = (detail.variants as Variant[]).find((x) => x.available >= minQty && unitPriceFor(x.price_tiers, 1) >= 5);
    if (v) return { productId: p.id, v };
  }
  throw new Error('no roomy variant in the seeded catalogue');
}

/** Quantity whose total reaches `dollars`. */
function qtyFor(v: Variant, dollars: number) {
  let qty = 1;
  while (unitPriceFor(v.price_tiers, qty) * qty < dollars && qty < v.available) qty++;
  return qty;
}

/** A guest whose browser tab uses a known guest id, so the test can fill the cart through /api. */
async function asGuest(page: Page) {
  const guest = newGuestId();
  await page.addInitScript((id) => sessionStorage.setItem('session_id', id), guest);
  return { 'X-Session-Id': guest };
}

test('a tab still holding a short guest id from before the upgrade gets a strong one and a cart that works', async ({ page, request }) => {
  const OLD = 'guest_1700000000000_k2j4h5g6f';
  await page.addInitScript((old) => {
    if (!sessionStorage.getItem('session_id')) sessionStorage.setItem('session_id', old);
  }, OLD);
  await page.goto('/cart');
  // /cart is server-rendered: its scripts (which replace the id) run once it is painted, then it hydrates.
  await expect(page.getByRole('button', { name: /^Open chat with/ })).toBeVisible();
  const id = (await page.evaluate(() => sessionStorage.getItem('session_id')))!;
  expect(id).not.toBe(OLD);
  expect(isGuestId(id)).toBe(true);
  const { v } = await roomyVariant(request);
  expect((await request.post('/api/cart/add', { headers: { 'X-Session-Id': id }, data: { variant_id: v.variant_id, quantity: 1 } })).status()).toBe(200);
  await page.reload();
  await expect(page.getByTestId('line-quantity')).toBeVisible();
});

test('a coupon that cannot be revalidated is removed with a warning', async ({ page, request }) => {
  const headers = await asGuest(page);
  const { v } = await roomyVariant(request);
  await request.post('/api/cart/add', { headers, data: { variant_id: v.variant_id, quantity: qtyFor(v, 40) } });
  expect((await request.post('/api/cart/coupon', { headers, data: { coupon_code: 'WELCOME10' } })).status()).toBe(200);
  await page.goto('/cart');
  await expect(page.getByTestId('applied-coupon')).toHaveText('WELCOME10');

  // The next change cannot reach the server, so the coupon cannot be revalidated.
  await page.route(/\/trpc\/[^?]*cart\.updateItem/, (route) => route.abort('internetdisconnected'));
  await page.getByRole('button', { name: 'Increase quantity' }).click();
  await expect(page.getByText('Coupon removed due to validation error')).toBeVisible();
  await expect(page.getByTestId('applied-coupon')).toHaveCount(0);
  await expect(page.getByTestId('summary-discount')).toHaveCount(0);
  await page.unroute(/\/trpc\/[^?]*cart\.updateItem/);

  // It is gone on the server too, not only on the page.
  await page.reload();
  await expect(page.getByTestId('line-quantity')).toBeVisible();
  await expect(page.getByTestId('applied-coupon')).toHaveCount(0);
});

test('toasts pause while hovered, focused or the tab is hidden', async ({ page }) => {
  await page.clock.install();
  await page.goto('/contact');
  // What a page fetches once idle (the search box's combobox, the cart's changes: 5 s in at the
  // latest) arrives first: under load it came during the hover below and the toast closed.
  await page.clock.runFor(6_000);
  await page.waitForLoadState('networkidle');
  const setHidden = (hidden: boolean) =>
    page.evaluate((h) => {
      Object.defineProperty(document, 'hidden', { configurable: true, get: () => h });
      Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => (h ? 'hidden' : 'visible') });
      document.dispatchEvent(new Event('visibilitychange'));
    }, hidden);
  // A toast still showing (not dismissed; a dismissed one fades out before it leaves the page).
  const message = page.locator('[data-testid="toast"][data-visible="true"]', { hasText: 'Please fill in all required fields' });
  const show = async () => {
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect(message).toHaveCount(1);
  };
  /** Advances the page's clock, then lets React render what the timers did. */
  const advance = async (ms: number) => {
    await page.clock.runFor(ms);
    await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 50)));
  };

  // Left alone, it closes after 4 s.
  await show();
  await advance(6_000);
  await expect(message).toHaveCount(0);

  // Hidden tab: it waits.
  await show();
  await setHidden(true);
  await page.mouse.move(5, 400);
  await advance(20_000);
  await expect(message).toHaveCount(1);
  await setHidden(false);
  await advance(6_000);
  await expect(message).toHaveCount(0);

  // Hovered: it waits until the pointer leaves.
  await show();
  await message.hover();
  await advance(20_000);
  await expect(message).toHaveCount(1);
  await page.mouse.move(5, 400);
  await advance(6_000);
  await expect(message).toHaveCount(0);

  // Interacted with (focus on its close button): it waits until focus leaves.
  await show();
  await message.getByRole('button', { name: 'Dismiss notification' }).focus();
  await page.mouse.move(5, 400);
  await advance(20_000);
  await expect(message).toHaveCount(1);
  await page.getByLabel('Name').focus();
  await advance(6_000);
  await expect(message).toHaveCount(0);
});

test("several units say 'Added N item(s) to cart!', one says 'Added to cart', and so does the chat", async ({ page, request }) => {
  const { productId, v } = await roomyVariant(request, 10);
  await page.goto(`/products/${productId}`);
  await page.getByLabel('Step 1: Select Size').selectOption(v.attributes.size_code);
  await page.getByLabel('Step 2: Select Pack Size').selectOption(v.variant_id);
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.getByText('Added to cart', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/cart$/);

  await page.goto(`/products/${productId}`);
  await page.getByLabel('Step 1: Select Size').selectOption(v.attributes.size_code);
  await page.getByLabel('Step 2: Select Pack Size').selectOption(v.variant_id);
  await page.getByRole('spinbutton', { name: 'Quantity' }).fill('3');
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.getByText('Added 3 item(s) to cart!')).toBeVisible();
  await expect(page.getByTestId('line-quantity')).toHaveValue('4');

  // The chat assistant's add-to-cart.
  await page.goto('/');
  await page.getByTestId('chat-open').click();
  const panel = page.getByTestId('chat-panel');
  await expect(panel.getByTestId('chat-status')).toHaveAttribute('data-status', 'connected');
  await panel.getByTestId('chat-input').fill('add 2 packs of white 25x35 to my cart');
  await panel.getByTestId('chat-input').press('Enter');
  await panel.getByRole('button', { name: 'Add to cart' }).last().click();
  await expect(page.getByText('Added 2 item(s) to cart!')).toBeVisible();
});

test('Clear cart asks first; the gift tier reads naturally; checkout reminds of an unpicked gift; no stale error beside a success', async ({ page, request }) => {
  await registerCustomer(page);
  const token = await page.evaluate(() => localStorage.getItem('access_token'));
  const headers = { authorization: `Bearer ${token}` };
  const { v } = await roomyVariant(request);
  await request.post('/api/cart/add', { headers, data: { variant_id: v.variant_id, quantity: qtyFor(v, 110) } });

  await page.goto('/cart');
  await expect(page.getByTestId('gift-tier-heading')).toHaveText('Spend $100: choose 1 free gift (0 of 1 chosen)');

  // Clear cart: cancelling keeps everything.
  page.once('dialog', (d) => {
    expect(d.message()).toContain('Clear your cart?');
    void d.dismiss();
  });
  await page.getByRole('button', { name: 'Clear cart' }).click();
  await expect(page.getByTestId('cart-line')).toHaveCount(1);
  await expect(page.getByText('Cart cleared')).toHaveCount(0);

  await page.getByRole('link', { name: 'Proceed to Checkout' }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  await page.getByRole('button', { name: 'Continue without saving' }).click();
  const reminder = page.getByTestId('gift-reminder');
  await expect(reminder).toContainText('You still have a free gift to choose (Spend $100).');
  await reminder.getByRole('link', { name: 'Choose it now' }).click();
  await page.getByRole('region', { name: 'Free gifts' }).getByRole('button').first().click();
  await expect(reminder).toHaveCount(0);
  await expect(page.getByTestId('gift-tier-heading')).toHaveText('Spend $100: choose 1 free gift (1 of 1 chosen)');

  // A step's error does not stay next to the success that follows.
  await page.getByLabel('Phone').fill('+65 9123 4567');
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(page.getByText('Address line 1 is required')).toBeVisible();
  await page.getByLabel('Address line 1').fill('10 Anson Road');
  await page.getByLabel('Postal code').fill('079903');
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(page.getByText('Order placed successfully!')).toBeVisible();
  await expect(page.getByText('Address line 1 is required')).toHaveCount(0);

  // Clear cart, confirmed, on a new cart.
  await request.post('/api/cart/add', { headers, data: { variant_id: v.variant_id, quantity: 1 } });
  await page.goto('/cart');
  page.once('dialog', (d) => void d.accept());
  await page.getByRole('button', { name: 'Clear cart' }).click();
  await expect(page.getByText('Cart cleared')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Your cart is empty' })).toBeVisible();
});

test('the product form warns about a variant without a price and asks before saving it', async ({ page }) => {
  await login(page, ADMIN.email, ADMIN.password);
  await page.goto('/admin/products/new');
  await page.getByLabel('Name', { exact: true }).fill(`Unpriced Mailers ${Date.now().toString(36)}`);
  await page.getByLabel('Description', { exact: true }).fill('Priced once the supplier confirms.');
  await page.getByLabel('Width (cm)').fill(String(70 + Math.floor(Math.random() * 20) + 0.5));
  await page.getByLabel('Height (cm)').fill('44');
  await page.getByLabel('25 pcs').check();
  await page.getByRole('button', { name: 'Add variants' }).click();
  const warning = page.getByTestId('unpriced-warning');
  await expect(warning).toContainText('1 variant has no base price.');

  let asked = '';
  page.once('dialog', (d) => {
    asked = d.message();
    void d.dismiss();
  });
  await page.getByRole('button', { name: 'Create Product' }).click();
  await expect.poll(() => asked).toBe('1 variant has no base price (0 or empty). Shoppers cannot buy it until it has a price. Save anyway?');
  await expect(page).toHaveURL(/\/admin\/products\/new$/);
  await expect(page.getByText('Product created successfully')).toHaveCount(0);

  await page.getByLabel('Base price').fill('12.50');
  await expect(warning).toHaveCount(0);
  await page.getByRole('button', { name: 'Create Product' }).click();
  await expect(page.getByText('Product created successfully')).toBeVisible();
});
