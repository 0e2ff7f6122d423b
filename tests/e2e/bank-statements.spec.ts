import { expect, test, type APIRequestContext } from '@playwright/test';
import { ADMIN, SHOPPER_ADDRESS, login, uniqueEmail } from './fixtures';

// Payments > Bank statements (decision 0168): staff upload a statement with one transfer that pays
// its order and one that names an order but is short of its total. The first is matched by the
// shop; the second waits for review. Applying it to the order it names is refused (the amounts
// differ, named in the toast); applying it to the order the money really is for, typed in, after
// confirming, pays that order.

async function shopperOrders(request: APIRequestContext, quantities: number[]) {
  const reg = await request.post('/api/auth/register', { data: { email: uniqueEmail('bank'), password: 'a-good-password', first_name: 'Tan', last_name: 'Mei Ling' } });
  expect(reg.ok()).toBe(true);
  const headers = { authorization: `Bearer ${(await reg.json()).access_token}` };
  const list = await (await request.post('/api/products/filter', { data: { page: 1, limit: 20 } })).json();
  let variantId: string | undefined;
  for (const p of list.products as { id: string }[]) {
    const detail = await (await request.get(`/api/products/${p.id}`)).json();
    variantId = (detail.variants as { variant_id: string; available: number }[]).find((x) => x.available >= 50)?.variant_id;
    if (variantId) break;
  }
  if (!variantId) throw new Error('no variant in stock');
  const orders: { id: string; order_number: string; total: number }[] = [];
  for (const quantity of quantities) {
    expect((await request.post('/api/cart/add', { headers, data: { variant_id: variantId, quantity } })).ok()).toBe(true);
    const res = await request.post('/api/orders', { headers, data: { shipping_address: SHOPPER_ADDRESS, payment_method: 'stripe' } });
    expect(res.ok(), await res.text()).toBe(true);
    orders.push(await res.json());
  }
  return orders;
}

test('staff upload a statement, see the matched and the short line, and apply the short one after confirming', async ({ page, request }) => {
  test.setTimeout(120_000);
  const [paid, named, real] = await shopperOrders(request, [1, 3, 1]);
  const csv = [
    'date,description,amount,reference',
    `2026-11-27,PAYNOW FROM TAN MEI LING,${paid.total.toFixed(2)},${paid.order_number}`,
    `2026-11-27,PAYNOW FROM TAN MEI LING,${real.total.toFixed(2)},${named.order_number}`,
  ].join('\n');

  await login(page, ADMIN.email, ADMIN.password);
  await page.goto('/admin');
  await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Payments' }).click();
  await expect(page.getByRole('heading', { name: 'Bank statements' })).toBeVisible();

  await page.getByLabel('Bank statement (CSV)').setInputFiles({ name: 'statement.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await page.getByRole('button', { name: 'Upload statement' }).click();
  const result = page.getByTestId('upload-result');
  await expect(result).toContainText('1 matched');
  await expect(result).toContainText('1 to review');
  await expect(result.getByRole('link', { name: paid.order_number })).toBeVisible();

  const review = page.getByTestId('bank-lines').getByRole('listitem').filter({ hasText: named.order_number });
  await expect(review).toContainText('Less than the order total');

  // Its named order totals more: confirmed, then refused with both amounts.
  page.once('dialog', (d) => void d.accept());
  await review.getByRole('button', { name: `Apply to ${named.order_number}` }).click();
  await expect(page.getByText(`totals S$${named.total.toFixed(2)}`)).toBeVisible();

  // The order the money is for, typed in, confirmed.
  await review.getByRole('textbox').fill(real.order_number.toLowerCase());
  page.once('dialog', (d) => void d.accept());
  await review.getByRole('button', { name: 'Apply to this order' }).click();
  await expect(page.getByText(`Order ${real.order_number} is paid`)).toBeVisible();
  await expect(page.getByText('No lines waiting for review')).toBeVisible();

  await page.goto(`/admin/orders/${real.id}`);
  await expect(page.getByText(real.order_number).first()).toBeVisible();
  await expect(page.getByText('Paid', { exact: true }).first()).toBeVisible();
});
