import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAllocatedOrder, productPayload } from '../../factories/admin';
import { createUser } from '../../factories/users';
import { createTestApp, type TestApp } from '../../setup/test-app';
import { newId } from '../../../server/db/ids';

let t: TestApp;
let staff: string;
let variantId: string;
let giftId: string;
beforeAll(async () => {
  t = await createTestApp();
  staff = (await createUser(t.deps, { role: 'staff' })).token;
  const p = (await t.api('POST', '/admin/products', { token: staff, body: productPayload({ name: 'Order mailer' }) })).body;
  variantId = p.variants.find((v: { attributes: { pack_size: number } }) => v.attributes.pack_size === 50).variant_id; // on_hand 40
  giftId = (await t.api('POST', '/admin/gift-items', { token: staff, body: { name: 'Tape', description: 'A roll', stock_quantity: 10 } })).body.id;
});
afterAll(() => t.close());

const stock = () => t.db.variant.findUniqueOrThrow({ where: { id: variantId }, select: { onHand: true, allocated: true } });
const gift = () => t.db.giftItem.findUniqueOrThrow({ where: { id: giftId }, select: { stockQuantity: true, allocated: true } });
const setStatus = (id: string, body: Record<string, unknown>) => t.api('POST', `/admin/orders/${id}/status`, { token: staff, body });

describe('order status changes', () => {
  it('moves pending -> paid -> processing -> shipped -> delivered; shipping moves stock out through the ledger', async () => {
    const order = await createAllocatedOrder(t.db, { email: 'ship@example.com', lines: [{ variantId, quantity: 3 }], gifts: [{ giftItemId: giftId }] });
    expect(await stock()).toEqual({ onHand: 40, allocated: 3 });
    expect((await setStatus(order.id, { status: 'paid' })).body.status).toBe('paid');
    expect((await setStatus(order.id, { status: 'processing' })).body.allowed_next).toEqual(['shipped', 'cancelled']);
    const noTracking = await setStatus(order.id, { status: 'shipped' });
    expect(noTracking.status).toBe(400);
    expect(noTracking.body.detail).toBe('Please enter a tracking number to ship this order');
    const shipped = await setStatus(order.id, { status: 'shipped', tracking_number: 'SG123456789' });
    expect(shipped.status).toBe(200);
    expect(shipped.body).toMatchObject({ status: 'shipped', tracking_number: 'SG123456789', shipped_at: expect.any(String) });
    expect(await stock()).toEqual({ onHand: 37, allocated: 0 });
    expect(await gift()).toEqual({ stockQuantity: 9, allocated: 0 });
    const ledger = await t.db.inventoryLedger.findMany({ where: { orderId: order.id, reason: 'order_shipped' } });
    expect(ledger.map((l) => `${l.field}:${l.before}->${l.after}`).sort()).toEqual(['allocated:1->0', 'allocated:3->0', 'on_hand:40->37', 'stock_quantity:10->9']);

    const cancel = await setStatus(order.id, { status: 'cancelled' });
    expect(cancel.status).toBe(409);
    expect(cancel.body.detail).toBe('A shipped order cannot be cancelled');
    expect((await setStatus(order.id, { status: 'delivered' })).body.status).toBe('delivered');
    expect((await setStatus(order.id, { status: 'paid' })).status).toBe(409);
  });

  it('cancelling releases the allocation and the gift, once, even when two staff click at once', async () => {
    const start = await stock();
    const order = await createAllocatedOrder(t.db, { lines: [{ variantId, quantity: 2 }], gifts: [{ giftItemId: giftId }] });
    const results = await Promise.all([setStatus(order.id, { status: 'cancelled' }), setStatus(order.id, { status: 'cancelled' })]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(await stock()).toEqual(start);
    expect((await gift()).allocated).toBe(0);
    expect(await t.db.inventoryLedger.count({ where: { orderId: order.id, reason: 'order_cancelled' } })).toBe(2);
  });

  it('refuses skipping steps and unknown orders', async () => {
    const order = await createAllocatedOrder(t.db, { lines: [{ variantId, quantity: 1 }] });
    const skip = await setStatus(order.id, { status: 'shipped', tracking_number: 'X1' });
    expect(skip.status).toBe(409);
    expect(skip.body.detail).toMatch(/next step: paid/);
    expect((await setStatus('nope', { status: 'paid' })).status).toBe(404);
    expect((await setStatus(order.id, { status: 'lost' })).status).toBe(400);
  });

  it('lists with status filter and search by order number or email, and shows the detail', async () => {
    const o = await createAllocatedOrder(t.db, { email: 'Findme@Example.com', lines: [{ variantId, quantity: 1 }] });
    const byEmail = await t.api('GET', '/admin/orders?search=findme', { token: staff });
    expect(byEmail.body.items.map((i: { id: string }) => i.id)).toEqual([o.id]);
    const byNumber = await t.api('GET', `/admin/orders?search=${o.orderNumber.slice(-6).toLowerCase()}`, { token: staff });
    expect(byNumber.body.items[0].order_number).toBe(o.orderNumber);
    const delivered = await t.api('GET', '/admin/orders?status=delivered', { token: staff });
    expect(delivered.body.items.every((i: { status: string }) => i.status === 'delivered')).toBe(true);
    expect(delivered.body.total).toBe(1);
    const paged = await t.api('GET', '/admin/orders?page=1&page_size=2', { token: staff });
    expect(paged.body.items).toHaveLength(2);
    const detail = await t.api('GET', `/admin/orders/${o.id}`, { token: staff });
    expect(detail.body).toMatchObject({ status: 'pending', allowed_next: ['paid', 'cancelled'], shipping_address: { country: 'SG' } });
    expect(detail.body.items[0]).toMatchObject({ quantity: 1, variant_id: variantId, pack_size: 50 });
  });
});

describe('users and roles (admin only), contact inbox, dashboard', () => {
  it('lists and searches users, changes a role, and never lets an admin drop their own admin role', async () => {
    const admin = await createUser(t.deps, { role: 'admin', email: 'boss@example.com' });
    const target = await createUser(t.deps, { email: 'packer@example.com' });
    const list = await t.api('GET', '/admin/users?search=packer', { token: admin.token });
    expect(list.body.items).toEqual([expect.objectContaining({ email: 'packer@example.com', role: 'customer' })]);
    const promoted = await t.api('PUT', `/admin/users/${target.user.id}/role`, { token: admin.token, body: { role: 'staff' } });
    expect(promoted.body.role).toBe('staff');
    const self = await t.api('PUT', `/admin/users/${admin.user.id}/role`, { token: admin.token, body: { role: 'staff' } });
    expect(self.status).toBe(409);
    expect(self.body.detail).toBe('You cannot remove your own admin role');
    expect((await t.api('PUT', `/admin/users/${target.user.id}/role`, { token: staff, body: { role: 'admin' } })).status).toBe(403);
  });

  it('reads and toggles contact messages', async () => {
    const m = await t.db.contactMessage.create({ data: { id: newId(), name: 'Ah Hock', email: 'hock@example.com', message: 'Do you ship to Penang?' } });
    const inbox = await t.api('GET', '/admin/contact-messages?unread_only=true', { token: staff });
    expect(inbox.body).toMatchObject({ unread: 1, items: [{ id: m.id, is_read: false }] });
    expect((await t.api('PUT', `/admin/contact-messages/${m.id}`, { token: staff, body: { is_read: true } })).body.is_read).toBe(true);
    expect((await t.api('GET', '/admin/contact-messages?unread_only=true', { token: staff })).body.items).toEqual([]);
  });

  it('counts SKUs, orders, customers and active coupons for the dashboard', async () => {
    await t.api('POST', '/admin/coupons', { token: staff, body: { code: 'ON', type: 'fixed', value: 5, valid_from: '2026-01-01', valid_to: '2027-01-01' } });
    await t.api('POST', '/admin/coupons', { token: staff, body: { code: 'OFF', type: 'fixed', value: 5, valid_from: '2026-01-01', valid_to: '2027-01-01', is_active: false } });
    const d = await t.api('GET', '/admin/dashboard', { token: staff });
    expect(d.body).toMatchObject({ sku_count: 2, active_coupons: 1, order_count: await t.db.order.count(), customer_count: await t.db.user.count({ where: { role: 'customer' } }) });
  });
});
