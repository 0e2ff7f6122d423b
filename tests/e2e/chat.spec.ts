import { expect, test } from '@playwright/test';

test('the sizing expert on a product page recommends a mailer for a 30 x 20 x 5 cm box and links to it', async ({ page, request }) => {
  const list = await request.post('/api/products/filter', { data: {} });
  expect(list.ok()).toBe(true);
  const body = await list.json();
  const products: { id: string }[] = body.products ?? body.items ?? body;
  const start = products[0].id;

  await page.goto(`/products/${start}`);
  await expect(page).toHaveURL(new RegExp(`/products/${start}$`));

  const opener = page.getByTestId('chat-open');
  await expect(opener).toContainText('Sizing Expert');
  await opener.click();

  const panel = page.getByTestId('chat-panel');
  await expect(panel.getByTestId('chat-title')).toHaveText('Product Expert');
  await expect(panel.getByTestId('chat-agent-message').first()).toContainText('measurements');
  await expect(panel.getByTestId('chat-status')).toHaveAttribute('data-status', 'connected');
  // The welcome's suggestions row follows after a second.
  await expect(panel.getByTestId('chat-suggestions').first()).toBeVisible();

  const send = panel.getByTestId('chat-send');
  await expect(send).toBeDisabled();
  await panel.getByTestId('chat-input').fill('   ');
  await expect(send).toBeDisabled();
  await panel.getByTestId('chat-input').fill('What size do I need for a 30 x 20 x 5 cm box?');
  await panel.getByTestId('chat-input').press('Enter');

  await expect(panel.getByTestId('chat-user-message').last()).toHaveText('What size do I need for a 30 x 20 x 5 cm box?');
  const answer = panel.getByTestId('chat-agent-message').last();
  await expect(answer).toContainText('28x42 cm polymailer');

  const link = answer.getByRole('button', { name: /28x42$/ }).first();
  await link.click();
  await expect(page).toHaveURL(/\/products\/[^/]+\/[a-z0-9-]+$/);
  // The panel stays open across navigation and keeps the conversation.
  await expect(panel.getByTestId('chat-user-message').last()).toContainText('30 x 20 x 5 cm');
});

test('user text is shown as text, never as HTML, and the history comes back after a reload', async ({ page }) => {
  await page.goto('/contact');
  await page.getByTestId('chat-open').click();
  const panel = page.getByTestId('chat-panel');
  await expect(panel.getByTestId('chat-title')).toHaveText('Customer Care');
  await expect(panel.getByTestId('chat-status')).toHaveAttribute('data-status', 'connected');
  const evil = '<img src=x onerror="window.__pwned=1"><b>bold</b>';
  await panel.getByTestId('chat-input').fill(evil);
  await panel.getByTestId('chat-send').click();
  await expect(panel.getByTestId('chat-user-message').last()).toHaveText(evil);
  await expect(panel.getByTestId('chat-agent-message')).toHaveCount(2);
  expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();

  await page.reload();
  await page.getByTestId('chat-open').click();
  await expect(page.getByTestId('chat-user-message').first()).toHaveText(evil);
});

test('the sales agent on the homepage quotes a price and adds the item to the cart when asked', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByTestId('chat-open')).toContainText('Sales');
  await page.getByTestId('chat-open').click();
  const panel = page.getByTestId('chat-panel');
  await expect(panel.getByTestId('chat-title')).toHaveText('Sales & Support');
  // Clicking a suggestion sends it.
  await panel.getByTestId('chat-suggestions').first().getByRole('button', { name: 'Any coupon codes?' }).click();
  await expect(panel.getByTestId('chat-agent-message').last()).toContainText('WELCOME10');

  await panel.getByTestId('chat-input').fill('add 2 packs of white 25x35 to my cart');
  await panel.getByTestId('chat-send').click();
  const answer = panel.getByTestId('chat-agent-message').last();
  await expect(answer).toContainText('2 x White Polymailer Bags 25x35 cm');
  await answer.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.getByTestId('cart-count')).toHaveText('2');
});
