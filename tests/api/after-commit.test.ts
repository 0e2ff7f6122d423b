import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { onCatalogChanged } from '../../server/lib/catalog-events';
import { buildLogger, logger, setLogger } from '../../server/lib/log';
import { onWebhooksWake, takeQueuedFlag } from '../../server/webhooks/emit';
import { onCommitted } from '../../server/db/commit-signal';
import { subscribedEventTypes } from '../../server/webhooks/subscriptions';
import { createProduct } from '../factories/catalog';
import { createUser } from '../factories/users';
import { createTestApp, type TestApp } from '../setup/test-app';

// What follows a write (cache drops, worker wake-ups) happens once it has committed and only then,
// seen through a real admin request: deleting a product, which writes product.deleted first.

let t: TestApp;
let admin: string;
const offs: Array<() => void> = [];

beforeAll(async () => {
  t = await createTestApp();
  admin = (await createUser(t.deps, { role: 'admin' })).token;
  const res = await t.api('POST', '/admin/webhooks', { token: admin, body: { url: 'http://127.0.0.1:9/hooks', events: ['product.deleted'] } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
});
afterAll(() => t.close());
beforeEach(() => {
  while (offs.length) offs.pop()!();
  takeQueuedFlag();
});

function watch() {
  const catalogue = vi.fn();
  const webhooks = vi.fn();
  offs.push(onCatalogChanged(catalogue), onWebhooksWake(webhooks));
  return { catalogue, webhooks };
}

describe('after-commit effects of an admin write', () => {
  it('a delete that rolled back leaves nothing for the webhook worker and drops no cache', async () => {
    const seen = watch();
    const res = await t.api('DELETE', '/admin/products/prd_not_there', { token: admin });
    expect(res.status).toBe(404);
    // The event written before the 404 went with the rollback ...
    expect(await t.db.webhookEvent.count({ where: { type: 'product.deleted' } })).toBe(0);
    // ... and so must the note that there is something to deliver.
    expect(takeQueuedFlag()).toBe(false);
    expect(seen.catalogue).not.toHaveBeenCalled();
    expect(seen.webhooks).not.toHaveBeenCalled();
  });

  it('a committed delete drops the catalogue once and wakes the webhook worker once', async () => {
    const product = { id: await createProduct(t.db) };
    const seen = watch();
    const res = await t.api('DELETE', `/admin/products/${product.id}`, { token: admin });
    expect(res.status).toBe(200);
    expect(seen.catalogue).toHaveBeenCalledTimes(1);
    expect(seen.webhooks).toHaveBeenCalledTimes(1);
    expect(takeQueuedFlag()).toBe(true);
    expect(await t.db.webhookEvent.count({ where: { type: 'product.deleted', resourceKey: `product:${product.id}` } })).toBe(1);
  });

  it('a cache listener that throws is logged and does not turn the committed delete into an error', async () => {
    const product = { id: await createProduct(t.db) };
    const lines: string[] = [];
    const previous = logger();
    setLogger(buildLogger('warn', { write: (line: string) => void lines.push(line) }));
    try {
      offs.push(
        onCatalogChanged(() => {
          throw new Error('listener broke');
        }),
      );
      const seen = watch();
      const res = await t.api('DELETE', `/admin/products/${product.id}`, { token: admin });
      expect(res.status).toBe(200);
      expect(await t.db.product.count({ where: { id: product.id } })).toBe(0);
      // The effects after the failing one still ran.
      expect(seen.webhooks).toHaveBeenCalledTimes(1);
    } finally {
      setLogger(previous);
    }
    expect(lines.map((l) => JSON.parse(l) as { level: number; msg: string; err?: { message: string } })).toContainEqual(
      expect.objectContaining({ level: 50, err: expect.objectContaining({ message: 'listener broke' }) }),
    );
  });

  it('an endpoint saved is seen by the next write at once: the subscription cache drops after the commit', async () => {
    // Cached now, without order.cancelled ...
    expect((await subscribedEventTypes(t.db)).has('order.cancelled')).toBe(false);
    const created = await t.api('POST', '/admin/webhooks', { token: admin, body: { url: 'http://127.0.0.1:9/cancel', events: ['order.cancelled'] } });
    expect(created.status).toBe(200);
    // ... and dropped by the commit, well within the cache's 5 seconds.
    expect((await subscribedEventTypes(t.db)).has('order.cancelled')).toBe(true);
    const deleted = await t.api('DELETE', `/admin/webhooks/${created.body.id}`, { token: admin });
    expect(deleted.status).toBe(200);
    expect((await subscribedEventTypes(t.db)).has('order.cancelled')).toBe(false);
  });

  it('runs every cache subscriber before any worker, whatever the order they subscribed in', async () => {
    const product = { id: await createProduct(t.db) };
    const ran: string[] = [];
    offs.push(
      onCommitted('workers', 'test worker', (c) => void (c.webhooks && ran.push('worker'))),
      onCommitted('caches', 'test cache', (c) => void (c.catalogue && ran.push('cache'))),
    );
    const res = await t.api('DELETE', `/admin/products/${product.id}`, { token: admin });
    expect(res.status).toBe(200);
    expect(ran).toEqual(['cache', 'worker']);
  });
});
