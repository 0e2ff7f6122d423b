import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCoupon, createGiftTier, createVariant } from '../../factories/shop';
import { placeOrderFor } from '../../factories/orders';
import { createUser } from '../../factories/users';
import { createTestApp, type TestApp } from '../../setup/test-app';

// The reports against orders placed through the shop in this test: totals equal the sum of the
// orders' stored totals to the cent, cancelled orders are apart, and the range edges fall on
// midnight in Singapore (16:00 UTC the day before).

let t: TestApp;
let admin: string;
let staff: string;
let customer: string;
let variant: { variantId: string; sku: string; productId: string; productName: string };
let idle: { productId: string; productName: string };
let tierName: string;

const RANGE = 'from=2026-11-01&to=2026-11-07';
interface Placed {
  id: string;
  order_number: string;
  at: string;
  email: string;
}
const placed: Record<string, Placed> = {};

async function place(name: string, token: string, email: string, quantity: number, at: string, before?: () => Promise<void>) {
  if (before) await before();
  const o = await placeOrderFor(t, token, variant.variantId, quantity);
  await t.db.order.update({ where: { id: o.id }, data: { createdAt: new Date(at) } });
  placed[name] = { id: o.id, order_number: o.order_number, at, email };
}

const stored = (names: string[]) => t.db.order.findMany({ where: { id: { in: names.map((n) => placed[n].id) } } });
const dollars = (cents: number) => cents / 100;
const sum = (rows: Array<Record<string, unknown>>, k: string) => rows.reduce((s, r) => s + (r[k] as number), 0);

beforeAll(async () => {
  t = await createTestApp();
  admin = (await createUser(t.deps, { role: 'admin' })).token;
  staff = (await createUser(t.deps, { role: 'staff' })).token;
  const c1 = await createUser(t.deps, { email: 'ann@example.com' });
  const c2 = await createUser(t.deps, { email: 'bob@example.com' });
  const c3 = await createUser(t.deps, { email: 'cat@example.com' });
  customer = c1.token;
  const v = await createVariant(t.db, { onHand: 500, tiers: [[1, 1099], [10, 899]] });
  variant = v;
  const other = await createVariant(t.db, { name: 'Unsold bubble wrap' });
  idle = { productId: other.productId, productName: other.productName };
  await createCoupon(t.db, { code: 'BULK15', type: 'percent', value: 1500 });
  const tier = await createGiftTier(t.db, { thresholdCents: 5000, gifts: [{ name: 'Tape roll' }] });
  tierName = `Spend $50`;

  // In the range: the very first instant of 1 November in Singapore, and the last millisecond of 7 November.
  await place('first', c1.token, 'ann@example.com', 3, '2026-10-31T16:00:00.000Z');
  await place('coupon', c2.token, 'bob@example.com', 1, '2026-11-07T15:59:59.999Z', async () => {
    // 11 packs now and 1 more as the order is placed: 12.
    await t.api('POST', '/cart/add', { token: c2.token, body: { variant_id: v.variantId, quantity: 11 } });
    expect((await t.api('POST', '/cart/coupon', { token: c2.token, body: { coupon_code: 'BULK15' } })).status).toBe(200);
    expect((await t.api('POST', '/cart/gifts/toggle', { token: c2.token, body: { tier_id: tier.tierId, gift_id: tier.giftIds[0] } })).status).toBe(200);
  });
  await place('again', c1.token, 'ann@example.com', 1, '2026-11-04T02:00:00.000Z');
  // Outside: 8 November in Singapore, and 31 October (the previous period).
  await place('after', c1.token, 'ann@example.com', 1, '2026-11-07T16:00:00.000Z');
  await place('before', c2.token, 'bob@example.com', 2, '2026-10-31T15:59:59.999Z');
  // Cancelled in the range: its invoice is credited by a credit note (decision 0166), dated here the
  // same day, so the sale and its credit cancel out in the period: never revenue.
  await place('cancelled', c3.token, 'cat@example.com', 5, '2026-11-03T04:00:00.000Z');
  const cancel = await t.api('POST', `/admin/orders/${placed.cancelled.id}/status`, { token: admin, body: { status: 'cancelled' } });
  expect(cancel.status).toBe(200);
  expect(await t.db.creditNote.updateMany({ where: { orderId: placed.cancelled.id }, data: { issuedAt: new Date('2026-11-03T05:00:00.000Z') } })).toEqual({ count: 1 });
}, 60_000);
afterAll(() => t.close());

async function download(path: string, token: string) {
  const res = await fetch(`${t.baseUrl}/api${path}`, { headers: { authorization: `Bearer ${token}` } });
  const bytes = Buffer.from(await res.arrayBuffer());
  return { status: res.status, type: res.headers.get('content-type'), disposition: res.headers.get('content-disposition'), rows: res.ok ? (parse(bytes, { bom: true, columns: true }) as Record<string, string>[]) : [], text: bytes.toString() };
}

describe('sales', () => {
  it('sums the orders of the range to the cent, leaves cancelled apart and compares with the previous 7 days', async () => {
    const res = await t.api('GET', `/admin/reports/sales?${RANGE}&interval=day`, { token: staff });
    expect(res.status).toBe(200);
    const inRange = await stored(['first', 'coupon', 'again']);
    const revenue = sum(inRange, 'totalCents');
    const gst = sum(inRange, 'gstCents');
    expect(inRange.find((o) => o.id === placed.coupon.id)!.discountCents).toBeGreaterThan(0);
    expect(res.body.totals).toEqual({
      revenue: dollars(revenue),
      revenue_excluding_gst: dollars(revenue - gst),
      gst: dollars(gst),
      orders: 3,
      units: 16,
      average_order_value: dollars(Math.round(revenue / 3)),
      discounts: dollars(sum(inRange, 'discountCents')),
      shipping: dollars(sum(inRange, 'shippingCents')),
    });
    const [cancelled] = await stored(['cancelled']);
    expect(res.body.cancelled).toEqual({ orders: 1, value: dollars(cancelled.totalCents) });
    const [before] = await stored(['before']);
    expect(res.body.previous_range).toEqual({ from: '2026-10-25', to: '2026-10-31' });
    expect(res.body.previous).toMatchObject({ revenue: dollars(before.totalCents), orders: 1, units: 2 });
    expect(res.body.time_zone).toBe('Asia/Singapore');
    expect(res.body.series).toHaveLength(7);
    expect(res.body.series[0]).toEqual({ date: '2026-11-01', revenue: dollars(inRange.find((o) => o.id === placed.first.id)!.totalCents), orders: 1, units: 3 });
    expect(res.body.series[6]).toMatchObject({ date: '2026-11-07', orders: 1, units: 12 });
    expect(res.body.series[2]).toEqual({ date: '2026-11-03', revenue: 0, orders: 0, units: 0 });
    expect(sum(res.body.series, 'orders')).toBe(3);
  });

  it('cuts weeks on Mondays and months on the 1st, the first bucket starting at from', async () => {
    const week = await t.api('GET', `/admin/reports/sales?from=2026-10-29&to=2026-11-10&interval=week`, { token: staff });
    expect(week.body.series.map((s: { date: string }) => s.date)).toEqual(['2026-10-29', '2026-11-02', '2026-11-09']);
    expect(week.body.series.map((s: { orders: number }) => s.orders)).toEqual([2, 3, 0]); // 29 Oct-1 Nov: 'before', 'first'; 2-8 Nov: 'again', 'coupon', 'after'
    const month = await t.api('GET', `/admin/reports/sales?from=2026-10-01&to=2026-11-30&interval=month`, { token: staff });
    expect(month.body.series.map((s: { orders: number }) => s.orders)).toEqual([1, 4]);
  });

  it('follows the time zone setting', async () => {
    expect((await t.api('PUT', '/admin/reports/settings', { token: staff, body: { time_zone: 'UTC' } })).status).toBe(403);
    expect((await t.api('PUT', '/admin/reports/settings', { token: admin, body: { time_zone: 'Mars/Base' } })).status).toBe(400);
    expect((await t.api('PUT', '/admin/reports/settings', { token: admin, body: { time_zone: 'UTC' } })).body.time_zone).toBe('UTC');
    const utc = await t.api('GET', `/admin/reports/sales?${RANGE}`, { token: staff });
    // In UTC the 'before' order (31 Oct 15:59 UTC) is out, and 'first' (31 Oct 16:00 UTC) too; 'after' (7 Nov 16:00 UTC) is in.
    expect(utc.body.totals.orders).toBe(3);
    expect(utc.body.series[0].orders).toBe(0);
    await t.api('PUT', '/admin/reports/settings', { token: admin, body: { time_zone: 'Asia/Singapore' } });
  });

  it('answers the series as CSV', async () => {
    const res = await download(`/admin/reports/sales?${RANGE}&format=csv`, staff);
    expect(res.status).toBe(200);
    expect(res.type).toBe('text/csv; charset=utf-8');
    expect(res.disposition).toBe('attachment; filename="sales-2026-11-01_to_2026-11-07.csv"');
    expect(res.rows).toHaveLength(7);
    expect(res.rows[0]).toMatchObject({ date: '2026-11-01', orders: '1', units: '3' });
  });
});

describe('GST', () => {
  it('gives box 1 and box 6 per month and for the period, equal to the orders not cancelled (a cancelled one is credited)', async () => {
    const res = await t.api('GET', `/admin/reports/gst?from=2026-10-01&to=2026-12-31`, { token: staff });
    expect(res.status).toBe(200);
    const all = await stored(['first', 'coupon', 'again', 'after', 'before']);
    const total = sum(all, 'totalCents');
    const gst = sum(all, 'gstCents');
    const [cancelled] = await stored(['cancelled']);
    // The cancelled order counts as placed and its credit note takes it off again.
    expect(res.body).toMatchObject({
      supplies_excluding_gst: dollars(total - gst),
      output_tax: dollars(gst),
      supplies_including_gst: dollars(total),
      orders: 6,
      credit_notes: 1,
      credited_including_gst: dollars(cancelled.totalCents),
      credited_gst: dollars(cancelled.gstCents),
    });
    expect(res.body.by_month.map((m: { month: string; orders: number }) => [m.month, m.orders])).toEqual([
      ['2026-10', 1],
      ['2026-11', 5],
      ['2026-12', 0],
    ]);
    const [before] = await stored(['before']);
    expect(res.body.by_month[0]).toMatchObject({ from: '2026-10-01', to: '2026-10-31', output_tax: dollars(before.gstCents), supplies_excluding_gst: dollars(before.totalCents - before.gstCents) });
    expect(res.body.basis).toContain('not cancelled');
    expect(res.body.basis).toContain('Asia/Singapore');
  });

  it('downloads the orders behind the figures, a cancelled one with its credit note', async () => {
    const res = await download(`/admin/reports/gst?from=2026-11-01&to=2026-11-30&format=csv`, staff);
    expect(res.status).toBe(200);
    const orderRows = res.rows.filter((r) => r.status !== 'credit_note');
    expect(orderRows.map((r) => r.order_number).sort()).toEqual([placed.first, placed.coupon, placed.again, placed.after, placed.cancelled].map((p) => p.order_number).sort());
    expect(res.rows.filter((r) => r.status === 'credit_note').map((r) => r.order_number)).toEqual([placed.cancelled.order_number]);
    const first = res.rows.find((r) => r.order_number === placed.first.order_number)!;
    expect(first).toMatchObject({ order_date: '2026-11-01', month: '2026-11', delivery_country: 'SG' });
    const tax = res.rows.reduce((s, r) => s + Math.round(Number(r.output_tax) * 100), 0);
    const json = await t.api('GET', `/admin/reports/gst?from=2026-11-01&to=2026-11-30`, { token: staff });
    expect(dollars(tax)).toBe(json.body.output_tax);
  });
});

describe('stock cover', () => {
  it('gives the daily rate, days left and a reorder in whole packs from the window setting', async () => {
    await t.api('PUT', '/admin/reports/settings', { token: admin, body: { stock_window_days: 30, lead_time_days: 14, cover_days: 30 } });
    // Orders placed now (the others are dated 2026-11): 20 packs sold today.
    const me = await createUser(t.deps, { email: 'dan@example.com' });
    await placeOrderFor(t, me.token, variant.variantId, 20);
    const res = await t.api('GET', `/admin/reports/stock-cover?search=${encodeURIComponent(variant.sku)}`, { token: staff });
    expect(res.status).toBe(200);
    const row = res.body.rows.find((r: { variant_id: string }) => r.variant_id === variant.variantId);
    const v = await t.db.variant.findUniqueOrThrow({ where: { id: variant.variantId } });
    // Every order is in the window only if the test runs in 2026-11 or 2026-12; count what the window holds.
    const windowFrom = new Date(Date.parse(res.body.window.from + 'T00:00:00+08:00'));
    const sold = await t.db.orderItem.aggregate({ _sum: { quantity: true }, where: { variantId: variant.variantId, order: { createdAt: { gte: windowFrom }, status: { not: 'cancelled' } } } });
    const rate = (sold._sum.quantity ?? 0) / 30;
    const available = v.onHand - v.allocated - v.safetyStock;
    expect(row).toMatchObject({ sku: variant.sku, available, daily_units: Math.round(rate * 100) / 100, reorder_quantity: Math.max(0, Math.ceil(rate * 44 - 1e-9) - available) });
    expect(row.reorder_pieces).toBe(row.reorder_quantity * 50);
  });

  it('flags what runs out within the lead time and lists it in the purchase list', async () => {
    await t.db.variant.update({ where: { id: variant.variantId }, data: { onHand: { decrement: 0 }, safetyStock: 0 } });
    const v = await t.db.variant.findUniqueOrThrow({ where: { id: variant.variantId } });
    // Leave 1 pack available: it runs out in well under 14 days.
    await t.db.variant.update({ where: { id: variant.variantId }, data: { onHand: v.allocated + 1 } });
    const flagged = await t.api('GET', '/admin/reports/stock-cover?flagged=true', { token: staff });
    expect(flagged.body.rows.map((r: { variant_id: string }) => r.variant_id)).toEqual([variant.variantId]);
    // Filtered like the inventory screen: the test variant is a white 25x35 polymailer.
    const filtered = await t.api('GET', '/admin/reports/stock-cover?category=polymailers&color=white&size=25x35&flagged=true', { token: staff });
    expect(filtered.body.rows.map((r: { variant_id: string }) => r.variant_id)).toEqual([variant.variantId]);
    expect((await t.api('GET', '/admin/reports/stock-cover?color=black&flagged=true', { token: staff })).body.rows).toEqual([]);
    const csv = await download('/admin/reports/stock-cover?format=csv', staff);
    expect(csv.status).toBe(200);
    expect(csv.rows).toEqual([expect.objectContaining({ sku: variant.sku, available: '1', flagged: 'yes' })]);
    expect(Number(csv.rows[0].reorder_quantity)).toBeGreaterThan(0);
  });
});

describe('products', () => {
  it('ranks products and variants by line revenue with the trend, and lists products with no sale', async () => {
    const res = await t.api('GET', `/admin/reports/products?${RANGE}`, { token: staff });
    expect(res.status).toBe(200);
    const lines = await t.db.orderItem.findMany({ where: { orderId: { in: ['first', 'coupon', 'again'].map((n) => placed[n].id) } } });
    const prevLines = await t.db.orderItem.findMany({ where: { orderId: placed.before.id } });
    expect(res.body.products).toEqual([
      expect.objectContaining({
        product_id: variant.productId,
        revenue: dollars(sum(lines, 'lineTotalCents')),
        units: 16,
        orders: 3,
        previous_revenue: dollars(sum(prevLines, 'lineTotalCents')),
        previous_units: 2,
        units_change: 700,
      }),
    ]);
    expect(res.body.variants).toEqual([expect.objectContaining({ variant_id: variant.variantId, sku: variant.sku, product_name: variant.productName, units: 16 })]);
    expect(res.body.unsold).toContainEqual({ product_id: idle.productId, product_name: idle.productName });
    expect(res.body.unsold.map((p: { product_id: string }) => p.product_id)).not.toContain(variant.productId);
  });
});

describe('customers', () => {
  it('counts new and returning buyers, repeat rate, top spenders and countries', async () => {
    const res = await t.api('GET', `/admin/reports/customers?${RANGE}`, { token: staff });
    expect(res.status).toBe(200);
    // ann: first order ever in the range, twice (new, repeat); bob: ordered on 31 Oct before (returning).
    expect(res.body).toMatchObject({ buyers: 2, new_buyers: 1, returning_buyers: 1, repeat_rate: 50, orders: 3 });
    const inRange = await stored(['first', 'coupon', 'again']);
    expect(res.body.revenue).toBe(dollars(sum(inRange, 'totalCents')));
    expect(res.body.top_customers.map((c: { email: string }) => c.email).sort()).toEqual(['ann@example.com', 'bob@example.com']);
    expect(res.body.by_country).toEqual([expect.objectContaining({ country: 'SG', orders: 3, previous_orders: 1 })]);
  });
});

describe('promotions', () => {
  it('gives per coupon and gift tier the orders, what was given and their revenue', async () => {
    const res = await t.api('GET', `/admin/reports/promotions?${RANGE}`, { token: staff });
    expect(res.status).toBe(200);
    const [withCoupon] = await stored(['coupon']);
    expect(res.body.coupons).toEqual([
      { code: 'BULK15', orders: 1, given: dollars(withCoupon.discountCents), revenue: dollars(withCoupon.totalCents), previous_orders: 0, previous_given: 0, previous_revenue: 0 },
    ]);
    expect(res.body.gift_tiers).toEqual([{ tier: tierName, orders: 1, gifts: 1, revenue: dollars(withCoupon.totalCents), previous_orders: 0, previous_gifts: 0, previous_revenue: 0 }]);
  });
});

describe('the door', () => {
  it('refuses a bad range with the reason', async () => {
    const cases: Array<[string, string]> = [
      ['from=2026-11-08&to=2026-11-01', 'from must not be after to'],
      ['from=2026-02-30&to=2026-03-01', 'from must be a date as YYYY-MM-DD'],
      ['from=2020-01-01&to=2026-11-01', 'A report covers at most 732 days'],
      ['to=2026-11-01', 'from is required (YYYY-MM-DD)'],
      ['from=2026-11-01&to=2026-11-07&interval=year', 'interval must be day, week or month'],
    ];
    for (const [query, detail] of cases) {
      const res = await t.api('GET', `/admin/reports/sales?${query}`, { token: staff });
      expect(res.status, query).toBe(400);
      expect(res.body.detail, query).toContain(detail);
    }
    const csv = await download('/admin/reports/gst?from=2026-11-08&to=2026-11-01&format=csv', staff);
    expect(csv.status).toBe(400);
    expect(JSON.parse(csv.text).detail).toContain('from must not be after to');
    expect((await t.api('GET', '/admin/reports/gst?from=2026-11-01%00&to=2026-11-07', { token: staff })).status).toBe(400);
  });

  it('refuses odd inputs with a 400 and never a 500', async () => {
    const bad = [
      `/admin/reports/sales?${RANGE}&interval=1`,
      `/admin/reports/sales?${RANGE}&format=xml`,
      `/admin/reports/products?from=${'9'.repeat(5000)}&to=2026-11-07`,
      `/admin/reports/customers?from=-2026-11-01&to=2026-11-07`,
      `/admin/reports/stock-cover?search=${'x'.repeat(101)}`,
      '/admin/reports/stock-cover?sort=price',
      '/admin/reports/stock-cover?flagged=maybe',
    ];
    for (const path of bad) expect((await t.api('GET', path, { token: staff })).status, path).toBe(400);
    const settings = [{ lead_time_days: -1 }, { stock_window_days: 1000 }, { cover_days: 0 }, { time_zone: 'Asia/Singapore\u0000' }, { time_zone: 'x'.repeat(200) }, { cover_days: '30' }];
    for (const body of settings) expect((await t.api('PUT', '/admin/reports/settings', { token: admin, body })).status, JSON.stringify(body)).toBe(400);
    // Nothing was changed by the refused bodies.
    expect((await t.api('GET', '/admin/reports/settings', { token: staff })).body).toMatchObject({ time_zone: 'Asia/Singapore', lead_time_days: 14, cover_days: 30, stock_window_days: 30 });
  });

  it('is closed to customers and to keys without reports:read, open to a key with it', async () => {
    for (const name of ['sales', 'products', 'customers', 'promotions', 'gst']) {
      expect((await t.api('GET', `/admin/reports/${name}?${RANGE}`, { token: customer })).status).toBe(403);
      expect((await download(`/admin/reports/${name}?${RANGE}&format=csv`, customer)).status).toBe(403);
    }
    expect((await t.api('GET', '/admin/reports/stock-cover', { token: customer })).status).toBe(403);
    expect((await t.api('GET', `/admin/reports/sales?${RANGE}`, {})).status).toBe(401);
    const key = async (scopes: string[]) => (await t.api('POST', '/admin/api-keys', { token: admin, body: { name: `reports ${scopes}`, scopes } })).body.secret as string;
    const orders = await key(['orders:read']);
    const reports = await key(['reports:read']);
    expect((await t.api('GET', `/admin/reports/sales?${RANGE}`, { token: orders })).status).toBe(403);
    expect((await t.api('GET', `/admin/reports/sales?${RANGE}`, { token: reports })).status).toBe(200);
    const csv = await fetch(`${t.baseUrl}/api/admin/reports/gst?${RANGE}&format=csv`, { headers: { authorization: `Bearer ${reports}` } });
    expect(csv.status).toBe(200);
    expect((await t.api('PUT', '/admin/reports/settings', { token: reports, body: { cover_days: 5 } })).status).toBe(403);
  });
});
