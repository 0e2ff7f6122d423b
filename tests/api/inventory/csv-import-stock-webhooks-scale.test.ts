import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unitOfWork } from '../../../server/db/unit-of-work';
import { webhookStockAdjusted } from '../../../server/webhooks/events';
import { webhookSubscriptionsChanged } from '../../../server/webhooks/subscriptions';
import { productPayload } from '../../factories/admin';
import { createUser } from '../../factories/users';
import { createTestApp, type TestApp } from '../../setup/test-app';
import { newId } from '../../../server/db/ids';

// A stock count of 20,000 changed rows while endpoints subscribe to inventory.adjusted and
// inventory.low_stock: the apply writes its events in bulk (one statement a type) and answers 200,
// where one emit a row took minutes and ran into the transaction's limit. The events must be the
// ones the single-row path writes: one inventory.adjusted per changed variant, inventory.low_stock
// for each that crossed the threshold, after its inventory.adjusted, one delivery per subscribed
// active endpoint. Endpoints are written directly: nothing is sent here (webhooks.test.ts sends).

let t: TestApp;
let staff: string;
let both: string;
let adjustedOnly: string;
/** Variants WH_1 .. WH_<COUNT>, each with 10 on hand, written in one INSERT. */
const COUNT = 20_000;

beforeAll(async () => {
  t = await createTestApp();
  const staffUser = await createUser(t.deps, { role: 'staff' });
  staff = staffUser.token;
  const admin = (await createUser(t.deps, { role: 'admin' })).token;
  const productId = (await t.api('POST', '/admin/products', { token: admin, body: productPayload() })).body.id;
  await t.db.$executeRaw`
    INSERT INTO "Variant" ("id", "productId", "sku", "type", "color", "widthCm", "heightCm", "sizeCode", "onHand", "updatedAt")
    SELECT 'wh' || g, ${productId}, 'WH_' || g, 'normal', 'black', 10, 10, '10x10', 10, now() FROM generate_series(1, ${COUNT}) AS g`;
  const endpoint = (events: string[], active = true) =>
    t.db.webhookEndpoint.create({ data: { id: newId(), url: 'https://erp.example.com/hooks', events, active, secret: 'whsec_test' }, select: { id: true } }).then((e) => e.id);
  both = await endpoint(['inventory.adjusted', 'inventory.low_stock']);
  adjustedOnly = await endpoint(['inventory.adjusted', 'order.created']);
  await endpoint(['inventory.adjusted', 'inventory.low_stock'], false);
  await endpoint(['order.created']);
  webhookSubscriptionsChanged();
}, 180_000);
afterAll(() => t.close());

function upload(lines: string[], mode: 'dry_run' | 'apply') {
  return fetch(`${t.baseUrl}/api/admin/import/stock?mode=${mode}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${staff}`, 'content-type': 'text/csv' },
    body: `${lines.join('\n')}\n`,
  }).then(async (res) => ({ status: res.status, body: await res.json() }));
}

const range = (n: number, from = 1) => Array.from({ length: n }, (_, i) => i + from);
/** Every fourth variant goes 10 -> 3 (crosses the threshold of 5), the others 10 -> 11. */
const target = (i: number) => (i % 4 ? 11 : 3);

const eventsOf = (type: string) => t.db.webhookEvent.findMany({ where: { type }, select: { id: true, seq: true, resourceKey: true, payload: true } });
/** The payload without its timestamp, the one part that differs between two writes of the same change. */
const body = (payload: string) => {
  const { timestamp, ...rest } = JSON.parse(payload) as { timestamp: string };
  expect(new Date(timestamp).toISOString()).toBe(timestamp);
  return rest;
};

describe('stock import with webhook subscribers', () => {
  it('applies 20,000 changed rows: 200, one inventory.adjusted each, inventory.low_stock for the 5,000 that crossed, one delivery per endpoint', async () => {
    const file = ['sku,on_hand,reason,notes', ...range(COUNT).map((i) => `wh_${i},${target(i)},recount,count ${i}`)];
    const started = Date.now();
    const applied = await upload(file, 'apply');
    console.info(`stock apply of ${COUNT} changed rows with webhook subscribers: ${Date.now() - started} ms`);
    expect(applied.status, JSON.stringify(applied.body).slice(0, 500)).toBe(200);
    expect(applied.body).toMatchObject({ applied: true, summary: { change: COUNT, unchanged: 0, refuse: 0 } });

    const adjusted = await eventsOf('inventory.adjusted');
    const low = await eventsOf('inventory.low_stock');
    expect(adjusted).toHaveLength(COUNT);
    expect(new Set(adjusted.map((e) => e.resourceKey)).size).toBe(COUNT);
    expect(low).toHaveLength(COUNT / 4);
    expect(new Set(low.map((e) => e.resourceKey))).toEqual(new Set(range(COUNT / 4).map((i) => `variant:wh${i * 4}`)));
    for (const e of [...adjusted, ...low]) expect(e.id).toMatch(/^c[0-9a-z]{24}$/);
    expect(new Set([...adjusted, ...low].map((e) => e.id)).size).toBe(COUNT + COUNT / 4);

    // A variant's inventory.low_stock comes after its inventory.adjusted.
    const adjustedSeq = new Map(adjusted.map((e) => [e.resourceKey, e.seq]));
    expect(low.filter((e) => !(e.seq > adjustedSeq.get(e.resourceKey)!))).toEqual([]);

    // One delivery per active subscribed endpoint, carrying its event's resource and seq; none to
    // the inactive endpoint or to the one that wants only orders.
    const deliveries = await t.db.$queryRaw<{ endpointId: string; type: string; n: bigint }[]>`
      SELECT d."endpointId", ev."type", COUNT(*) AS n FROM "WebhookDelivery" d JOIN "WebhookEvent" ev ON ev."id" = d."eventId"
      WHERE d."seq" = ev."seq" AND d."resourceKey" = ev."resourceKey" AND d."status" = 'pending'
      GROUP BY 1, 2 ORDER BY 1, 2`;
    expect(deliveries.map((d) => ({ ...d, n: Number(d.n) }))).toEqual(
      [
        { endpointId: both, type: 'inventory.adjusted', n: COUNT },
        { endpointId: both, type: 'inventory.low_stock', n: COUNT / 4 },
        { endpointId: adjustedOnly, type: 'inventory.adjusted', n: COUNT },
      ].sort((a, b) => (a.endpointId + a.type < b.endpointId + b.type ? -1 : 1)),
    );
    expect(await t.db.webhookDelivery.count()).toBe(2 * COUNT + COUNT / 4);

    // The same change through the single-row path (a staff adjustment's) writes the same bodies:
    // replayed on WH_8 (10 -> 3, crossed) in a transaction that is rolled back.
    const wh8 = (events: { resourceKey: string; payload: string }[]) => events.filter((e) => e.resourceKey === 'variant:wh8').map((e) => body(e.payload));
    const bulk = [...wh8(adjusted), ...wh8(low)];
    expect(bulk).toEqual([
      {
        type: 'inventory.adjusted',
        data: { variant_id: 'wh8', product_id: expect.any(String), sku: 'WH_8', field: 'on_hand', before: 10, after: 3, reason: 'recount', notes: 'count 8', on_hand: 3, allocated: 0, safety_stock: 0, available: 3 },
      },
      { type: 'inventory.low_stock', data: { variant_id: 'wh8', product_id: expect.any(String), sku: 'WH_8', product_name: expect.any(String), available: 3, threshold: 5, order_id: null } },
    ]);
    let single: { payload: string }[] = [];
    const rollback = new Error('rollback');
    await expect(
      unitOfWork(t.db, async (tx) => {
        const before = await tx.webhookEvent.count();
        await webhookStockAdjusted(tx, { variantId: 'wh8', field: 'onHand', before: 10, after: 3, reason: 'recount', notes: 'count 8' });
        expect(await tx.webhookEvent.count()).toBe(before + 2);
        single = await tx.webhookEvent.findMany({ where: { resourceKey: 'variant:wh8' }, orderBy: { seq: 'asc' }, skip: 2, select: { payload: true } });
        throw rollback;
      }),
    ).rejects.toBe(rollback);
    const untimed = (e: { payload: string }) => e.payload.replace(/"timestamp":"[^"]+"/, '');
    expect(single.map(untimed)).toEqual([...adjusted, ...low].filter((e) => e.resourceKey === 'variant:wh8').map(untimed));
    expect(await t.db.webhookEvent.count({ where: { resourceKey: 'variant:wh8' } })).toBe(2);
  }, 180_000);
});
