import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres, type Database } from '../../server/db/client';
import { unitOfWork } from '../../server/db/unit-of-work';
import { emitWebhook } from '../../server/webhooks/emit';
import { createWebhookSender } from '../../server/webhooks/sender';
import { newWebhookSecret } from '../../server/webhooks/signing';
import { webhookSubscriptionsChanged } from '../../server/webhooks/subscriptions';
import { startTestReceiver, type TestReceiver } from '../setup/webhook-receiver';
import { createPostgresDb } from '../setup/test-db';
import { newId } from '../../server/db/ids';

// Two app instances = two PrismaClients with their own pools on one database, each with its sender.
let a: Awaited<ReturnType<typeof createPostgresDb>>;
let b: Database;
let rx: TestReceiver;
beforeAll(async () => {
  a = await createPostgresDb(5);
  b = await openPostgres(a.url, 5);
  rx = await startTestReceiver();
});
afterAll(async () => {
  await rx?.close();
  await b?.close();
  await a?.close();
});

describe('two webhook senders on one PostgreSQL database', () => {
  it('deliver every event exactly once, each resource in order', async () => {
    await a.db.webhookEndpoint.create({ data: { id: newId(), url: `${rx.url}/hooks`, events: ['order.status_changed'], secret: newWebhookSecret() } });
    webhookSubscriptionsChanged();
    // 10 orders with 4 events each, written in separate transactions as status changes would be.
    const ORDERS = 10;
    const STEPS = 4;
    for (let step = 0; step < STEPS; step++) {
      for (let o = 0; o < ORDERS; o++) {
        await unitOfWork(a.db, (tx) => emitWebhook(tx, 'order.status_changed', `order:o${o}`, () => ({ order: `o${o}`, step })));
      }
    }
    // Small batches, so the two senders interleave their claims many times.
    const senderA = createWebhookSender(a.db, { allowPrivate: true, batchSize: 3 });
    const senderB = createWebhookSender(b.db, { allowPrivate: true, batchSize: 3 });
    const [ra, rb] = await Promise.all([senderA.runOnce(), senderB.runOnce()]);
    // A pass ends when nothing is claimable at that moment; run both again until all is delivered.
    let more = { delivered: 0, failed: 0 };
    for (let i = 0; i < 20 && (await a.db.webhookDelivery.count({ where: { status: { not: 'delivered' } } })) > 0; i++) {
      const [x, y] = await Promise.all([senderA.runOnce(), senderB.runOnce()]);
      more = { delivered: more.delivered + x.delivered + y.delivered, failed: more.failed + x.failed + y.failed };
    }
    await Promise.all([senderA.stop(), senderB.stop()]);

    const N = ORDERS * STEPS;
    expect(ra.failed + rb.failed + more.failed).toBe(0);
    expect(ra.delivered + rb.delivered + more.delivered).toBe(N);
    // Both did part of the work (otherwise the test would prove nothing about concurrency).
    expect(ra.delivered).toBeGreaterThan(0);
    expect(rb.delivered).toBeGreaterThan(0);
    const ids = rx.received.map((r) => String(r.headers['webhook-id']));
    expect(ids).toHaveLength(N);
    expect(new Set(ids).size).toBe(N);
    expect(await a.db.webhookDelivery.count({ where: { status: 'delivered', attempts: 1 } })).toBe(N);
    // Per order, the steps arrived in the order they were written, whichever sender carried them.
    for (let o = 0; o < ORDERS; o++) {
      const steps = rx.received.map((r) => JSON.parse(r.body).data).filter((d) => d.order === `o${o}`).map((d) => d.step);
      expect(steps).toEqual([0, 1, 2, 3]);
    }
  });
});
