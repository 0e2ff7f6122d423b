import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openApiDocument } from '../../../server/rest/openapi';
import { backoffMs } from '../../../server/outbox/backoff';
import { createWebhookSender, WEBHOOK_MAX_ATTEMPTS, type WebhookSender } from '../../../server/webhooks/sender';
import { webhookSubscriptionsChanged } from '../../../server/webhooks/subscriptions';
import { productPayload } from '../../factories/admin';
import { placeOrderFor } from '../../factories/orders';
import { createVariant } from '../../factories/shop';
import { createUser } from '../../factories/users';
import { startTestReceiver, type ReceivedWebhook, type TestReceiver } from '../../setup/webhook-receiver';
import { createTestApp, type TestApp } from '../../setup/test-app';

// Webhooks end to end: registered through both doors, written with the change that causes them,
// delivered over real HTTP to a receiver on 127.0.0.1, verified with the standardwebhooks library.

let t: TestApp;
let rx: TestReceiver;
let sender: WebhookSender;
let admin: string;
let adminId: string;
let staff: string;

beforeAll(async () => {
  t = await createTestApp({ metricsToken: 'metrics-token-0123456789' });
  rx = await startTestReceiver();
  sender = createWebhookSender(t.db, { allowPrivate: true });
  const a = await createUser(t.deps, { role: 'admin' });
  admin = a.token;
  adminId = a.user.id;
  staff = (await createUser(t.deps, { role: 'staff' })).token;
});
afterAll(async () => {
  await sender.stop();
  await rx.close();
  await t.close();
});
beforeEach(async () => {
  t.deps.webhooks.allowPrivate = true;
  rx.received.length = 0;
  rx.answers.length = 0;
  rx.respond = null;
  await t.db.webhookEndpoint.deleteMany();
  await t.db.webhookEvent.deleteMany();
  webhookSubscriptionsChanged();
});

async function register(events: string[], url = `${rx.url}/hooks`) {
  const res = await t.api('POST', '/admin/webhooks', { token: admin, body: { url, events, description: 'ERP' } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as { id: string; secret: string; events: string[] };
}

const parse = (r: ReceivedWebhook) => JSON.parse(r.body) as { type: string; timestamp: string; data: any };
const verify = (secret: string, r: ReceivedWebhook) => new Webhook(secret).verify(r.body, r.headers as Record<string, string>) as { type: string; data: any };

/** Pretends the retry delay has passed. */
const makeDue = () => t.db.webhookDelivery.updateMany({ where: { status: 'pending' }, data: { nextAttemptAt: new Date(Date.now() - 1000) } });

describe('registering endpoints', () => {
  it('creates an endpoint with a whsec_ secret, lists it, shows and rotates the secret (REST)', async () => {
    const ep = await register(['order.created', 'order.created', 'product.updated']);
    expect(ep.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(ep.events).toEqual(['order.created', 'product.updated']);
    const list = await t.api('GET', '/admin/webhooks', { token: admin });
    expect(list.body).toEqual([expect.objectContaining({ id: ep.id, url: `${rx.url}/hooks`, description: 'ERP', active: true, created_by: 'Test User', waiting: 0, failed: 0 })]);
    expect(JSON.stringify(list.body)).not.toContain(ep.secret);
    expect((await t.api('GET', `/admin/webhooks/${ep.id}/secret`, { token: admin })).body).toEqual({ id: ep.id, secret: ep.secret, previous_secret_expires_at: null });

    const rotated = await t.api('POST', `/admin/webhooks/${ep.id}/rotate-secret`, { token: admin });
    expect(rotated.body.secret).not.toBe(ep.secret);
    expect(new Date(rotated.body.previous_secret_expires_at).getTime()).toBeGreaterThan(Date.now() + 23 * 3600_000);
    expect((await t.db.webhookEndpoint.findUniqueOrThrow({ where: { id: ep.id } })).createdById).toBe(adminId);
  });

  it('edits events, disables, and deletes through tRPC', async () => {
    const caller = t.caller({ token: admin });
    const ep = await caller.admin.webhooks.create({ url: `${rx.url}/a`, events: ['product.created'], description: '', active: true });
    const changed = await caller.admin.webhooks.update({ id: ep.id, events: ['product.deleted', 'order.cancelled'], active: false, description: 'Marketplace' });
    expect(changed).toMatchObject({ events: ['product.deleted', 'order.cancelled'], active: false, description: 'Marketplace' });
    expect(await caller.admin.webhooks.delete({ id: ep.id })).toEqual({ ok: true, message: 'Webhook endpoint deleted' });
    await expect(caller.admin.webhooks.get({ id: ep.id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('refuses bad input, staff, and API keys, with a detail', async () => {
    const post = (body: unknown, token = admin) => t.api('POST', '/admin/webhooks', { token, body });
    expect((await post({ url: 'ftp://example.com/x', events: ['order.created'] })).body.detail).toBe('The URL must start with http:// or https:// and name a host');
    expect((await post({ url: 'https://user:pw@example.com/x', events: ['order.created'] })).body.detail).toBe('Leave user names and passwords out of the URL');
    expect((await post({ url: `${rx.url}/x`, events: [] })).body.detail).toBe('Choose at least one event');
    expect((await post({ url: `${rx.url}/x`, events: ['order.shipped'] })).status).toBe(400);
    expect((await post({ url: `${rx.url}/x\u0000`, events: ['order.created'] })).status).toBe(400);
    expect((await post({ url: 'x'.repeat(3000), events: ['order.created'] })).status).toBe(400);
    expect((await post({ url: `${rx.url}/x`, events: ['order.created'] }, staff)).status).toBe(403);
    const key = (await t.api('POST', '/admin/api-keys', { token: admin, body: { name: 'ERP', scopes: ['orders:read', 'settings:write'] } })).body.secret;
    expect(await post({ url: `${rx.url}/x`, events: ['order.created'] }, key)).toMatchObject({ status: 403, body: { detail: 'API keys cannot manage users, roles, API keys or webhooks.' } });
    expect((await t.api('GET', '/admin/webhooks', { token: key })).status).toBe(403);
    expect((await t.api('PATCH', '/admin/webhooks/no-such-id', { token: admin, body: { active: false } })).status).toBe(404);
    expect((await t.api('POST', '/admin/webhook-deliveries/no-such-id/redeliver', { token: admin })).status).toBe(404);
  });

  it('refuses private, loopback and link-local addresses unless WEBHOOK_ALLOW_PRIVATE', async () => {
    t.deps.webhooks.allowPrivate = false;
    for (const url of ['http://127.0.0.1:9/x', 'http://localhost/x', 'http://[::1]/x', 'http://169.254.169.254/latest/meta-data', 'http://10.1.2.3/x', 'http://192.168.1.1/x', 'http://0.0.0.0/x', 'http://[::ffff:127.0.0.1]/x', 'http://[::127.0.0.1]/x', 'http://[64:ff9b::169.254.169.254]/x', 'http://[2002:c0a8:101::1]/x', 'http://[fec0::1]/x', 'http://[2001:0:4136:e378:8000:63bf:80ff:fffe]/x']) {
      const res = await t.api('POST', '/admin/webhooks', { token: admin, body: { url, events: ['order.created'] } });
      expect(res.status, url).toBe(400);
      expect(res.body.detail, url).toMatch(/^Webhooks cannot be sent to a private, loopback or link-local address/);
    }
    for (const url of ['http://127.0.0.1/x', 'http://[64:ff9b::7f00:1]/x']) {
      await expect(t.caller({ token: admin }).admin.webhooks.create({ url, events: ['order.created'], description: '', active: true }), url).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    }
    expect(await t.db.webhookEndpoint.count()).toBe(0);
  });

  it('refuses delivery to a private address at send time too, when the sender does not allow it', async () => {
    const ep = await register(['product.created']);
    await t.api('POST', '/admin/products', { token: admin, body: productPayload() });
    const strict = createWebhookSender(t.db, { allowPrivate: false });
    expect(await strict.runOnce()).toEqual({ delivered: 0, failed: 1 });
    expect(rx.received).toHaveLength(0);
    const [d] = (await t.api('GET', `/admin/webhooks/${ep.id}/deliveries`, { token: admin })).body.items;
    expect(d).toMatchObject({ status: 'pending', attempts: 1, last_status_code: null });
    expect(d.last_error).toBe('Refused: Webhooks cannot be sent to a private, loopback or link-local address: 127.0.0.1');
  });
});

describe('delivery', () => {
  it('writes order.created with the order and delivers it signed (Standard Webhooks), verified by the library', async () => {
    const ep = await register(['order.created']);
    const v = await createVariant(t.db, { onHand: 50 });
    const shopper = await createUser(t.deps);
    const order = await placeOrderFor(t, shopper.token, v.variantId, 2);
    const event = await t.db.webhookEvent.findFirstOrThrow({ where: { type: 'order.created' } });
    expect(event.resourceKey).toBe(`order:${order.id}`);

    expect(await sender.runOnce()).toEqual({ delivered: 1, failed: 0 });
    const [r] = rx.received;
    expect(r.path).toBe('/hooks');
    expect(r.headers['content-type']).toBe('application/json');
    expect(r.headers['webhook-id']).toBe(event.id);
    expect(Number(r.headers['webhook-timestamp'])).toBeGreaterThan(Date.now() / 1000 - 60);
    expect(r.headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
    const msg = verify(ep.secret, r);
    expect(msg.type).toBe('order.created');
    expect(msg.data.order).toMatchObject({ id: order.id, order_number: order.order_number, status: 'pending', email: shopper.email, total: order.total });
    expect(msg.data.order.items).toEqual([expect.objectContaining({ sku: v.sku, quantity: 2 })]);
    // A forged body or another secret does not verify.
    expect(() => new Webhook(ep.secret).verify(r.body.replace('pending', 'paid'), r.headers as Record<string, string>)).toThrow('No matching signature found');
    const other = (await register(['order.created'], `${rx.url}/other`)).secret;
    expect(() => verify(other, r)).toThrow();

    const log = (await t.api('GET', `/admin/webhooks/${ep.id}/deliveries`, { token: admin })).body;
    expect(log.items).toEqual([expect.objectContaining({ event_type: 'order.created', status: 'delivered', attempts: 1, last_status_code: 200, resource: `order:${order.id}` })]);
    const detail = (await t.api('GET', `/admin/webhook-deliveries/${log.items[0].id}`, { token: admin })).body;
    expect(detail.payload).toBe(r.body);
    expect(detail.attempt_log).toEqual([expect.objectContaining({ status_code: 200, response_excerpt: 'thanks', error: null, duration_ms: expect.any(Number) })]);
  });

  it('writes nothing when no active endpoint subscribes to the event', async () => {
    const ep = await register(['product.deleted']);
    const v = await createVariant(t.db, { onHand: 50 });
    await placeOrderFor(t, (await createUser(t.deps)).token, v.variantId, 1);
    await t.api('PATCH', `/admin/webhooks/${ep.id}`, { token: admin, body: { active: false } });
    await t.api('POST', '/admin/products', { token: admin, body: productPayload() });
    await t.api('DELETE', `/admin/products/${v.productId}`, { token: admin });
    expect(await t.db.webhookEvent.count()).toBe(0);
    expect(await sender.runOnce()).toEqual({ delivered: 0, failed: 0 });
  });

  it('retries after a failure with backoff, logging each attempt, and gives up after more than 24 hours', async () => {
    const ep = await register(['product.created']);
    rx.answers.push(500);
    await t.api('POST', '/admin/products', { token: admin, body: productPayload() });
    expect(await sender.runOnce()).toEqual({ delivered: 0, failed: 1 });
    const d = await t.db.webhookDelivery.findFirstOrThrow({ where: { endpointId: ep.id } });
    expect(d).toMatchObject({ status: 'pending', attempts: 1, lastStatusCode: 500, lastError: 'The receiver answered 500' });
    expect(d.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 20_000);
    // Not due yet: nothing is sent.
    expect(await sender.runOnce()).toEqual({ delivered: 0, failed: 0 });

    await makeDue();
    expect(await sender.runOnce()).toEqual({ delivered: 1, failed: 0 });
    expect(rx.received).toHaveLength(2);
    expect(rx.received[1].headers['webhook-id']).toBe(rx.received[0].headers['webhook-id']);
    expect(verify(ep.secret, rx.received[1]).type).toBe('product.created');
    const detail = (await t.caller({ token: admin }).admin.webhooks.delivery({ id: d.id }));
    expect(detail).toMatchObject({ status: 'delivered', attempts: 2, last_status_code: 200, last_error: null });
    expect(detail.attempt_log.map((a) => [a.status_code, a.response_excerpt])).toEqual([[200, 'thanks'], [500, 'receiver says 500']]);

    // The schedule: the last attempt comes more than 24 hours after the first.
    const window = Array.from({ length: WEBHOOK_MAX_ATTEMPTS - 1 }, (_, i) => backoffMs(i + 1)).reduce((s, x) => s + x, 0);
    expect(window).toBeGreaterThan(24 * 3600_000);
    rx.answers.push(503);
    await t.db.webhookDelivery.update({ where: { id: d.id }, data: { status: 'pending', attempts: WEBHOOK_MAX_ATTEMPTS - 1, nextAttemptAt: new Date() } });
    expect(await sender.runOnce()).toEqual({ delivered: 0, failed: 1 });
    expect(await t.db.webhookDelivery.findUniqueOrThrow({ where: { id: d.id } })).toMatchObject({ status: 'failed', attempts: WEBHOOK_MAX_ATTEMPTS, lastStatusCode: 503 });
    expect((await t.api('GET', '/admin/webhooks', { token: admin })).body[0]).toMatchObject({ waiting: 0, failed: 1 });
  });

  it('delivers one resource in order: a later event waits while an earlier one is retried; other resources go on', async () => {
    await register(['order.created', 'order.status_changed', 'product.created']);
    const v = await createVariant(t.db, { onHand: 50 });
    const order = await placeOrderFor(t, (await createUser(t.deps)).token, v.variantId, 1);
    for (const status of ['paid', 'processing']) {
      expect((await t.api('POST', `/admin/orders/${order.id}/status`, { token: staff, body: { status } })).status).toBe(200);
    }
    await t.api('POST', '/admin/products', { token: admin, body: productPayload() });

    let failed = false; // the first order.created attempt fails
    rx.respond = (r) => (parse(r).type === 'order.created' && !failed ? ((failed = true), 500) : undefined);
    expect(await sender.runOnce()).toEqual({ delivered: 1, failed: 1 });
    expect(rx.received.map((r) => parse(r).type).sort()).toEqual(['order.created', 'product.created']);
    expect(await t.db.webhookDelivery.count({ where: { status: 'pending', attempts: 0 } })).toBe(2);

    await makeDue();
    expect(await sender.runOnce()).toEqual({ delivered: 3, failed: 0 });
    const forOrder = rx.received.filter((r) => parse(r).data.order?.id === order.id).map((r) => [parse(r).type, parse(r).data.order.status, parse(r).data.previous_status]);
    expect(forOrder).toEqual([
      ['order.created', 'pending', undefined],
      ['order.created', 'pending', undefined],
      ['order.status_changed', 'paid', 'pending'],
      ['order.status_changed', 'processing', 'paid'],
    ]);
  });

  it('redelivers on request with the same webhook-id (both doors)', async () => {
    const ep = await register(['product.created']);
    await t.api('POST', '/admin/products', { token: admin, body: productPayload() });
    await sender.runOnce();
    const [d] = (await t.api('GET', `/admin/webhooks/${ep.id}/deliveries?status=delivered`, { token: admin })).body.items;
    const again = await t.api('POST', `/admin/webhook-deliveries/${d.id}/redeliver`, { token: admin });
    expect(again.body).toMatchObject({ status: 'pending', attempts: 0 });
    await sender.runOnce();
    await t.caller({ token: admin }).admin.webhooks.redeliver({ id: d.id });
    await sender.runOnce();
    expect(rx.received).toHaveLength(3);
    expect(new Set(rx.received.map((r) => r.headers['webhook-id'])).size).toBe(1);
    const detail = (await t.api('GET', `/admin/webhook-deliveries/${d.id}`, { token: admin })).body;
    expect(detail).toMatchObject({ status: 'delivered', attempts: 1 });
    expect(detail.attempt_log).toHaveLength(3);
  });

  it('sends a test event, and after a rotation signs with both secrets so either verifies', async () => {
    const ep = await register(['order.created']);
    const rotated = await t.caller({ token: admin }).admin.webhooks.rotateSecret({ id: ep.id });
    const test = await t.api('POST', `/admin/webhooks/${ep.id}/test`, { token: admin });
    expect(test.body).toMatchObject({ event_type: 'webhook.test', status: 'pending' });
    await sender.runOnce();
    const [r] = rx.received;
    expect(String(r.headers['webhook-signature']).split(' ')).toHaveLength(2);
    expect(verify(rotated.secret, r)).toMatchObject({ type: 'webhook.test', data: { endpoint_id: ep.id } });
    expect(verify(ep.secret, r).type).toBe('webhook.test');
    // Once the grace period is over, only the new secret signs.
    await t.db.webhookEndpoint.update({ where: { id: ep.id }, data: { previousSecretExpiresAt: new Date(Date.now() - 1000) } });
    await t.caller({ token: admin }).admin.webhooks.sendTest({ id: ep.id });
    await sender.runOnce();
    expect(String(rx.received[1].headers['webhook-signature']).split(' ')).toHaveLength(1);
    expect(() => verify(ep.secret, rx.received[1])).toThrow();
    expect(verify(rotated.secret, rx.received[1]).type).toBe('webhook.test');
  });

  it('holds deliveries of a disabled endpoint and sends them once it is enabled again', async () => {
    const ep = await register(['product.created']);
    await t.api('POST', '/admin/products', { token: admin, body: productPayload() });
    await t.api('PATCH', `/admin/webhooks/${ep.id}`, { token: admin, body: { active: false } });
    expect(await sender.runOnce()).toEqual({ delivered: 0, failed: 0 });
    expect((await t.api('POST', `/admin/webhooks/${ep.id}/test`, { token: admin })).status).toBe(409);
    await t.api('PATCH', `/admin/webhooks/${ep.id}`, { token: admin, body: { active: true } });
    expect(await sender.runOnce()).toEqual({ delivered: 1, failed: 0 });
  });
});

describe('the events', () => {
  it('order.status_changed and order.cancelled when the shopper cancels', async () => {
    const ep = await register(['order.status_changed', 'order.cancelled']);
    const v = await createVariant(t.db, { onHand: 50 });
    const shopper = await createUser(t.deps);
    const order = await placeOrderFor(t, shopper.token, v.variantId, 1);
    expect((await t.api('POST', `/orders/${order.id}/cancel`, { token: shopper.token, body: { reason: 'Ordered twice' } })).status).toBe(200);
    await sender.runOnce();
    const msgs = rx.received.map((r) => verify(ep.secret, r));
    expect(msgs.map((m) => m.type)).toEqual(['order.status_changed', 'order.cancelled']);
    expect(msgs[1].data).toMatchObject({ previous_status: 'pending', changed_by: 'customer', note: 'Ordered twice', order: { id: order.id, status: 'cancelled' } });
  });

  it('inventory.adjusted for a staff adjustment, and inventory.low_stock when it crosses the threshold', async () => {
    const ep = await register(['inventory.adjusted', 'inventory.low_stock']);
    const v = await createVariant(t.db, { onHand: 20 });
    const adjust = (on_hand_change: number) =>
      t.api('POST', '/admin/inventory/adjust', { token: staff, body: { variant_id: v.variantId, adjustment_type: 'change', on_hand_change, reason: 'damaged', notes: 'Water damage' } });
    expect((await adjust(-10)).status).toBe(200); // 20 -> 10: still above 5
    expect((await adjust(-6)).status).toBe(200); // 10 -> 4: crosses
    expect((await adjust(-1)).status).toBe(200); // 4 -> 3: already low, no second alert
    await sender.runOnce();
    const msgs = rx.received.map((r) => verify(ep.secret, r));
    expect(msgs.map((m) => m.type)).toEqual(['inventory.adjusted', 'inventory.adjusted', 'inventory.low_stock', 'inventory.adjusted']);
    expect(msgs[1].data).toMatchObject({ variant_id: v.variantId, sku: v.sku, field: 'on_hand', before: 10, after: 4, reason: 'damaged', notes: 'Water damage', on_hand: 4, available: 4 });
    expect(msgs[2].data).toMatchObject({ variant_id: v.variantId, sku: v.sku, available: 4, threshold: 5 });
  });

  it('inventory.adjusted for each row a stock-count import changes', async () => {
    const ep = await register(['inventory.adjusted']);
    const v = (await t.api('POST', '/admin/products', { token: admin, body: productPayload() })).body.variants[0] as { sku: string; on_hand: number };
    expect(v.on_hand).toBe(40);
    const res = await t.api('POST', '/admin/import/stock?mode=apply', { token: admin, rawBody: `sku,on_hand,reason,notes\n${v.sku},35,recount,Aisle 4\n`, headers: { 'content-type': 'text/csv' } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    await sender.runOnce();
    expect(rx.received.map((r) => verify(ep.secret, r))).toEqual([
      expect.objectContaining({ type: 'inventory.adjusted', data: expect.objectContaining({ sku: v.sku, before: 40, after: 35, reason: 'recount', notes: 'Aisle 4', on_hand: 35 }) }),
    ]);
  });

  it('inventory.low_stock when an order takes a variant down to the threshold', async () => {
    await register(['inventory.low_stock']);
    const v = await createVariant(t.db, { onHand: 8 });
    const order = await placeOrderFor(t, (await createUser(t.deps)).token, v.variantId, 4);
    await sender.runOnce();
    expect(rx.received.map(parse)).toEqual([expect.objectContaining({ type: 'inventory.low_stock', data: expect.objectContaining({ sku: v.sku, available: 4, order_id: order.id }) })]);
  });

  it('product.created, product.updated and product.deleted with the product', async () => {
    await register(['product.created', 'product.updated', 'product.deleted']);
    const created = (await t.api('POST', '/admin/products', { token: admin, body: productPayload({ name: 'Hook mailer' }) })).body;
    const body = productPayload({ name: 'Hook mailer v2' });
    const updated = await t.api('PUT', `/admin/products/${created.id}`, { token: admin, body: { ...body, variants: created.variants.map((v: any) => ({ variant_id: v.variant_id, width_cm: v.attributes.width_cm, height_cm: v.attributes.height_cm, pack_size: v.attributes.pack_size, price_tiers: v.price_tiers, on_hand: v.on_hand, safety_stock: v.safety_stock })) } });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    expect((await t.api('DELETE', `/admin/products/${created.id}`, { token: admin })).status).toBe(200);
    await sender.runOnce();
    expect(rx.received.map((r) => [parse(r).type, parse(r).data.product.id, parse(r).data.product.name])).toEqual([
      ['product.created', created.id, 'Hook mailer'],
      ['product.updated', created.id, 'Hook mailer v2'],
      ['product.deleted', created.id, 'Hook mailer v2'],
    ]);
    expect(parse(rx.received[0]).data.product.variants).toHaveLength(2);
  });

  it('product.created and product.updated from a products CSV import', async () => {
    const existing = (await t.api('POST', '/admin/products', { token: admin, body: productPayload() })).body;
    const ep = await register(['product.created', 'product.updated']);
    const v = existing.variants[0];
    const csv = [
      'product_name,category,type,color,width_cm,height_cm,pack_size,price_tiers',
      'Imported mailer,polymailers,normal,black,61,70,50,25:12.50',
      'Imported mailer,polymailers,normal,black,61,70,100,25:20',
      `${existing.name},polymailers,normal,black,${v.attributes.width_cm},${v.attributes.height_cm},${v.attributes.pack_size},25:11`,
    ].join('\n');
    const res = await t.api('POST', '/admin/import/products?mode=apply', { token: admin, rawBody: csv, headers: { 'content-type': 'text/csv' } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.summary).toMatchObject({ create: 2, change: 1 });
    await sender.runOnce();
    const msgs = rx.received.map((r) => verify(ep.secret, r));
    expect(msgs.map((m) => [m.type, m.data.product.name]).sort()).toEqual([
      ['product.created', 'Imported mailer'],
      ['product.updated', existing.name],
    ].sort());
    expect(msgs.find((m) => m.type === 'product.created')!.data.product.variants).toHaveLength(2);
  });
});

describe('operations', () => {
  it('reports the webhook outbox depth on /metrics', async () => {
    await register(['product.created']);
    rx.answers.push(500);
    await t.api('POST', '/admin/products', { token: admin, body: productPayload() });
    await sender.runOnce();
    await new Promise((r) => setTimeout(r, 1100));
    const text = await (await fetch(`${t.baseUrl}/metrics`, { headers: { authorization: 'Bearer metrics-token-0123456789' } })).text();
    expect(text).toMatch(/packshop_webhook_deliveries_waiting 1/);
    expect(text).toMatch(/packshop_webhook_oldest_age_seconds [\d.]+/);
  });

  it('documents the paths, admin only (no API key scope)', () => {
    const doc = openApiDocument() as any;
    expect(doc.paths['/admin/webhooks'].post.security).toEqual([{ Authorization: [] }]);
    for (const path of ['/admin/webhooks/{id}', '/admin/webhooks/{id}/secret', '/admin/webhooks/{id}/rotate-secret', '/admin/webhooks/{id}/test', '/admin/webhooks/{id}/deliveries', '/admin/webhook-deliveries/{id}', '/admin/webhook-deliveries/{id}/redeliver']) {
      expect(doc.paths[path], path).toBeDefined();
    }
    expect(doc.paths['/admin/webhooks'].post.requestBody.content['application/json'].schema.properties.events.items.enum).toContain('inventory.low_stock');
  });
});
