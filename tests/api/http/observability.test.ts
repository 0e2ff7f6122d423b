import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createApp, type AppOptions } from '../../../server/app';
import { Readiness } from '../../../server/http/readiness';
import { buildLogger, logger, logServerError, setLogger } from '../../../server/lib/log';
import { createVariant } from '../../factories/shop';
import { createUser } from '../../factories/users';
import { createTestApp, type TestApp } from '../../setup/test-app';
import { newId } from '../../../server/db/ids';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Another app on the same deps (own options), on an ephemeral port. */
async function serve(options: AppOptions) {
  const server: Server = await new Promise((resolve) => {
    const s = createApp(t.deps, options).listen(0, '127.0.0.1', () => resolve(s));
  });
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { base, close: () => new Promise((r) => server.close(r)) };
}

/** Captures the logger's JSON lines at `level` for the length of a test. */
function captureLogs(level = 'info') {
  const lines: Record<string, unknown>[] = [];
  const previous = logger();
  setLogger(buildLogger(level, { write: (line: string) => void lines.push(JSON.parse(line)) }));
  return { lines, restore: () => setLogger(previous) };
}
let restoreLogs: (() => void) | undefined;
afterEach(() => {
  restoreLogs?.();
  restoreLogs = undefined;
});

describe('request ids', () => {
  it('every answer carries X-Request-Id, and error answers carry the same id as request_id, on both doors', async () => {
    const ok = await t.api('GET', '/health');
    expect(ok.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);

    const missing = await t.api('GET', '/no-such-thing');
    expect(missing.status).toBe(404);
    expect(missing.body.request_id).toBe(missing.headers.get('x-request-id'));

    const unauth = await t.api('GET', '/orders');
    expect(unauth.status).toBe(401);
    expect(unauth.body).toMatchObject({ detail: expect.any(String), request_id: unauth.headers.get('x-request-id') });

    const bad = await t.api('POST', '/products/filter', { rawBody: '{"page":' });
    expect(bad.status).toBe(400);
    expect(bad.body.request_id).toBe(bad.headers.get('x-request-id'));

    const trpc = await fetch(`${t.baseUrl}/trpc/orders.list`);
    const body = (await trpc.json()) as { error: { request_id?: string } };
    expect(trpc.status).toBe(401);
    expect(body.error.request_id).toBe(trpc.headers.get('x-request-id'));
  });

  it("keeps a proxy's plausible id and replaces an implausible one", async () => {
    const kept = await t.api('GET', '/health', { headers: { 'x-request-id': 'a1b2c3d4e5f60718' } });
    expect(kept.headers.get('x-request-id')).toBe('a1b2c3d4e5f60718');
    const replaced = await t.api('GET', '/health', { headers: { 'x-request-id': 'x' } });
    expect(replaced.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('request log', () => {
  it('writes one JSON line per request with the route pattern, status, duration and user id, and nothing secret', async () => {
    const { productId } = await createVariant(t.db);
    const { token, user } = await createUser(t.deps);
    const cap = captureLogs();
    restoreLogs = cap.restore;
    const detail = await t.api('GET', `/products/${productId}`);
    const cart = await t.api('GET', '/cart', { token });
    await (await fetch(`${t.baseUrl}/trpc/catalog.filterOptions`)).text();
    // The line is written when the answer is handed to the network, which can be just after the client has it.
    const requests = await vi.waitFor(() => {
      const lines = cap.lines.filter((l) => l.msg === 'request');
      expect(lines).toHaveLength(3);
      return lines;
    });
    expect(requests[0]).toMatchObject({ level: 30, method: 'GET', route: '/api/products/{id}', status: 200, req_id: detail.headers.get('x-request-id'), ms: expect.any(Number) });
    expect(requests[0].user_id).toBeUndefined();
    expect(requests[1]).toMatchObject({ route: '/api/cart', status: 200, user_id: user.id, req_id: cart.headers.get('x-request-id') });
    expect(requests[2]).toMatchObject({ route: '/trpc/catalog.filterOptions', status: 200 });
    const all = JSON.stringify(cap.lines);
    expect(all).not.toContain(token);
    expect(all).not.toContain(productId);
  });

  it('a call with an API key is logged with the key id and its owner, never the secret', async () => {
    const admin = await createUser(t.deps, { role: 'admin' });
    const key = (await t.api('POST', '/admin/api-keys', { token: admin.token, body: { name: 'Log test', scopes: ['inventory:read'] } })).body as { id: string; secret: string };
    const cap = captureLogs();
    restoreLogs = cap.restore;
    const res = await t.api('GET', '/admin/inventory', { token: key.secret });
    expect(res.status).toBe(200);
    await vi.waitFor(() => expect(cap.lines).toHaveLength(1));
    expect(cap.lines[0]).toMatchObject({ route: '/api/admin/inventory', status: 200, key_id: key.id, user_id: admin.user.id });
    expect(JSON.stringify(cap.lines)).not.toContain(key.secret);
  });

  it('an unknown path is logged under a bounded label, never the raw path', async () => {
    const cap = captureLogs();
    restoreLogs = cap.restore;
    await t.api('GET', '/zz-unknown/1234');
    await (await fetch(`${t.baseUrl}/trpc/nope.nothing,cart.get`)).text();
    await vi.waitFor(() => expect(cap.lines.map((l) => l.route)).toEqual(['/api/(unmatched)', '/trpc/(unmatched)']));
  });

  it('a server error is logged once at error level with its cause and the request id', () => {
    const cap = captureLogs();
    restoreLogs = cap.restore;
    logServerError('test', new Error('outer', { cause: new Error('inner') }), 'req-12345678');
    expect(cap.lines).toHaveLength(1);
    expect(cap.lines[0]).toMatchObject({ level: 50, where: 'test', req_id: 'req-12345678', err: { message: 'outer', cause: { message: 'inner' } } });
  });
});

describe('readiness', () => {
  it('/api/ready is 503 before migrations are marked, 200 when the database answers, 503 again while draining', async () => {
    expect((await t.api('GET', '/ready')).body).toEqual({ status: 'ready' });
    const readiness = new Readiness();
    const s = await serve({ readiness });
    try {
      const before = await fetch(`${s.base}/api/ready`);
      expect(before.status).toBe(503);
      readiness.markMigrated();
      expect((await fetch(`${s.base}/api/ready`)).status).toBe(200);
      readiness.startDraining();
      const draining = await fetch(`${s.base}/api/ready`);
      expect(draining.status).toBe(503);
      expect(await draining.json()).toMatchObject({ detail: 'Shutting down' });
      // Liveness is unaffected.
      expect((await fetch(`${s.base}/api/health`)).status).toBe(200);
    } finally {
      await s.close();
    }
  });
});

describe('/metrics', () => {
  it('is not served without METRICS_TOKEN, refuses a wrong token, and reports routes, cache, database time and the process', async () => {
    expect((await fetch(`${t.baseUrl}/metrics`)).status).toBe(404);
    const token = 'metrics-token-0123456789';
    const s = await serve({ metricsToken: token });
    try {
      expect((await fetch(`${s.base}/metrics`)).status).toBe(401);
      expect((await fetch(`${s.base}/metrics`, { headers: { authorization: 'Bearer wrong-token-0123456789' } })).status).toBe(401);
      const { productId } = await createVariant(t.db);
      await fetch(`${s.base}/api/products/${productId}`);
      await fetch(`${s.base}/api/products/${productId}`);
      const res = await fetch(`${s.base}/metrics`, { headers: { authorization: `Bearer ${token}` } });
      expect(res.status).toBe(200);
      const text = await res.text();
      expect(text).toMatch(/packshop_http_requests_total\{method="GET",route="\/api\/products\/\{id\}",status="200"\} \d+/);
      expect(text).toMatch(/packshop_http_request_duration_seconds_bucket\{le="0.1",method="GET",route="\/api\/products\/\{id\}",status="200"\} \d+/);
      expect(text).toMatch(/packshop_catalog_cache_total\{result="hit"\} [1-9]/);
      expect(text).toMatch(/packshop_catalog_cache_total\{result="miss"\} [1-9]/);
      expect(text).toMatch(/packshop_db_query_duration_seconds_count [1-9]/);
      expect(text).toContain('packshop_process_cpu_user_seconds_total');
      expect(text).toContain('packshop_orders_placed_total');
      expect(text).toContain('packshop_stock_conflicts_total');
      expect(text).toContain('packshop_rate_limited_total');
      expect(text).not.toContain(productId);
      // The outbox as it is now: one message waiting for a minute shows as depth 1, age >= 60 s.
      await t.db.outboxMessage.create({ data: { id: newId(), template: 'test', toAddress: 'a@example.com', subject: 's', html: 'h', text: 't', createdAt: new Date(Date.now() - 60_000) } });
      await new Promise((r) => setTimeout(r, 1100));
      const after = await (await fetch(`${s.base}/metrics`, { headers: { authorization: `Bearer ${token}` } })).text();
      expect(after).toMatch(/packshop_outbox_waiting [1-9]/);
      expect(Number(after.match(/packshop_outbox_oldest_age_seconds ([\d.]+)/)?.[1])).toBeGreaterThanOrEqual(60);
    } finally {
      await s.close();
    }
  });
});
