import { expect, type Page } from '@playwright/test';
import { newGuestId } from '../../shared/domain/guest-id';

export const ADMIN = { email: 'admin@packshop.test', password: 'admin-password-123' };

/** The delivery address the journeys' shoppers check out with. */
export const SHOPPER_ADDRESS = {
  fullName: 'Aisha Rahman',
  phone: '+65 9123 4567',
  addressLine1: '1 Orchard Road',
  postalCode: '238801',
  city: 'Singapore',
  state: 'Singapore',
  country: 'SG',
};

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

/** Signs in through the API and stores the session the way the SPA does (faster than the form). */
export async function signInWithApi(page: Page, kind: 'admin' | 'new-customer') {
  const res =
    kind === 'admin'
      ? await page.request.post('/api/auth/login', { data: ADMIN })
      : await page.request.post('/api/auth/register', { data: { email: uniqueEmail('api'), password: 'a-good-password', first_name: 'Aisha', last_name: 'Rahman' } });
  expect(res.ok()).toBe(true);
  const { access_token, user } = await res.json();
  if (!page.url().startsWith('http')) await page.goto('/faq');
  await page.evaluate(
    ([t, u]) => {
      localStorage.setItem('access_token', t);
      localStorage.setItem('user', JSON.stringify(u));
    },
    [access_token, user] as const,
  );
  return { token: access_token as string, email: user.email as string };
}

interface PricedVariant {
  variant_id: string;
  available: number;
  price_tiers: { min_quantity: number; price: number }[];
}

/**
 * Puts one line worth more than the first gift tier ($100) in this tab's cart through the API,
 * as the signed-in user when there is one, else as the tab's guest.
 */
export async function fillCartPastGiftTier(page: Page) {
  if (!page.url().startsWith('http')) await page.goto('/faq');
  const headers = await page.evaluate((fresh) => {
    let sid = sessionStorage.getItem('session_id');
    if (!sid) {
      sid = fresh;
      sessionStorage.setItem('session_id', sid);
    }
    const token = localStorage.getItem('access_token');
    return { 'X-Session-Id': sid, ...(token ? { Authorization: `Bearer ${token}` } : {}) } as Record<string, string>;
  }, newGuestId());
  const list = await (await page.request.post('/api/products/filter', { data: { page: 1, limit: 20 } })).json();
  for (const p of list.products as { id: string }[]) {
    const detail = await (await page.request.get(`/api/products/${p.id}`)).json();
    const v = (detail.variants as PricedVariant[]).find((x) => x.available >= 40 && x.price_tiers.at(-1)!.price >= 5);
    if (!v) continue;
    const quantity = Math.min(v.available, Math.ceil(115 / v.price_tiers.at(-1)!.price));
    const res = await page.request.post('/api/cart/add', { headers, data: { variant_id: v.variant_id, quantity } });
    expect(res.ok()).toBe(true);
    return { productName: detail.name as string, quantity };
  }
  throw new Error('no variant in the seeded catalogue can reach the gift tier');
}

const SAVED_ADDRESS = { fullName: 'Aisha Rahman', phone: '+65 9123 4567', addressLine1: '1 Orchard Road', postalCode: '238801', city: 'Singapore', state: 'Singapore', country: 'SG', isDefault: true };

/** A new signed-in shopper with a saved default address and two packs of something in stock in the cart. */
export async function shopperWithCart(page: Page) {
  const { token } = await signInWithApi(page, 'new-customer');
  const headers = { authorization: `Bearer ${token}` };
  expect((await page.request.post('/api/users/me/addresses', { headers, data: SAVED_ADDRESS })).ok()).toBe(true);
  const list = await (await page.request.post('/api/products/filter', { data: { page: 1, limit: 20 } })).json();
  for (const p of list.products as { id: string }[]) {
    const detail = await (await page.request.get(`/api/products/${p.id}`)).json();
    const v = (detail.variants as { variant_id: string; available: number }[]).find((x) => x.available >= 20);
    if (!v) continue;
    expect((await page.request.post('/api/cart/add', { headers, data: { variant_id: v.variant_id, quantity: 2 } })).ok()).toBe(true);
    return { token };
  }
  throw new Error('no variant in stock');
}

/** Every console error and uncaught exception of the page, from now on. */
export function consoleErrors(page: Page) {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(`${page.url()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => errors.push(`${page.url()}: ${e.message}`));
  return errors;
}

/** Signs the page in as this token's user, as the SPA keeps a session (only this one: storage is cleared first). */
export async function storeSession(page: Page, token: string, user: unknown) {
  if (!page.url().startsWith('http')) await page.goto('/faq');
  await page.evaluate(([t, u]) => {
    localStorage.clear();
    localStorage.setItem('access_token', t);
    localStorage.setItem('user', JSON.stringify(u));
  }, [token, user] as const);
}

/** The owner signed in through the API: their session (to store in the page) and the headers for API calls. */
export async function ownerApi(page: Page) {
  const login = await page.request.post('/api/auth/login', { data: ADMIN });
  expect(login.ok()).toBe(true);
  const owner = (await login.json()) as { access_token: string; user: unknown };
  return { owner, headers: { authorization: `Bearer ${owner.access_token}` } };
}

let ownerToken: Promise<string> | undefined;
/** The owner's API headers, signed in once per worker: sign-ins are rate-limited, and a worker's journeys share its shop. */
export async function ownerHeadersOnce(page: Page) {
  ownerToken ??= (async () => {
    const login = await page.request.post('/api/auth/login', { data: ADMIN });
    expect(login.ok()).toBe(true);
    return (await login.json()).access_token as string;
  })().catch((error: unknown) => {
    ownerToken = undefined;
    throw error;
  });
  return { authorization: `Bearer ${await ownerToken}` };
}

/** A variant of a journey's product: its pack, price for one pack and stock, and any order rules. */
type JourneyPack = { pack_size: number; price: number; on_hand: number; order_minimum?: number; order_multiple?: number; order_maximum?: number };
type JourneyProduct = { id: string; name: string; variants: { variant_id: string; sku: string; attributes: { size_code: string; pack_size: number } }[] };

/**
 * A white polymailer of its own for one journey, made through the back office's API: one size,
 * `heightCm` high, in the given packs. The shop makes the SKU from the size, so a width another
 * product on this shop already has is refused with 409 (journeys of other files share the shop); then
 * another width is tried.
 */
export async function productForJourney(page: Page, headers: Record<string, string>, name: string, heightCm: number, packs: JourneyPack[]) {
  for (let attempt = 0; ; attempt++) {
    const widthCm = 100 + Math.floor(Math.random() * 800);
    const made = await page.request.post('/api/admin/products', {
      headers,
      data: {
        name,
        description: `${name}, made by a journey`,
        category: 'polymailers',
        color: 'white',
        type: 'normal',
        specifications: {},
        images: [],
        variants: packs.map(({ price, ...pack }) => ({ width_cm: widthCm, height_cm: heightCm, price_tiers: [{ min_quantity: 1, price }], safety_stock: 0, ...pack })),
      },
    });
    if (made.status() === 409 && attempt < 5) continue;
    expect(made.status()).toBe(200);
    return (await made.json()) as JourneyProduct;
  }
}

/** A product of its own for one journey: one polymailer variant at $4.00 a pack of 50, 200 in stock (a size no other journey makes). */
export const mailerForJourney = (page: Page, headers: Record<string, string>, name: string, heightCm: number) =>
  productForJourney(page, headers, name, heightCm, [{ pack_size: 50, price: 4, on_hand: 200 }]);
