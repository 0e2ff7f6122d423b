import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openApiDocument } from '../../../server/rest/openapi';
import { isGuestId } from '../../../shared/domain/guest-id';
import { createWebhookSender } from '../../../server/webhooks/sender';
import { signedHeaders } from '../../../server/webhooks/signing';
import { productPayload } from '../../factories/admin';
import { placeOrderFor } from '../../factories/orders';
import { createUser } from '../../factories/users';
import { createTestApp, type TestApp } from '../../setup/test-app';

// docs/integrators.md cannot go stale: every curl in it names a documented operation, and the
// calls it shows are run here, with fetch, against a test server.

const guide = readFileSync(new URL('../../../docs/integrators.md', import.meta.url), 'utf8');
const curls = guide.split('\n').filter((l) => l.startsWith('curl '));

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = (await createUser(t.deps, { role: 'admin' })).token;
  const body = productPayload({ category: 'polymailers', type: 'normal', color: 'black' }, [
    { width_cm: 25, height_cm: 35, pack_size: 50, price_tiers: [{ min_quantity: 25, price: 12.5 }], on_hand: 40, safety_stock: 0 },
  ]);
  expect((await t.api('POST', '/admin/products', { token: admin, body })).status).toBe(200);
});
afterAll(() => t.close());

/** The method and /api path of a curl line of the guide. */
function callOf(line: string): { method: string; path: string; query: string } {
  const method = /-X (\w+)/.exec(line)?.[1] ?? 'GET';
  const url = /https:\/\/shop\.example\/api([^"\s]*)/.exec(line)![1];
  // $WEBHOOK_ID and the like stand for the path's {id}.
  const [path, query = ''] = url.replace(/\$[A-Z_]+_ID/g, '{id}').split('?');
  return { method, path, query };
}

describe('docs/integrators.md', () => {
  it('shows only documented operations', () => {
    expect(curls.length).toBeGreaterThanOrEqual(8);
    const paths = openApiDocument().paths!;
    for (const line of curls) {
      const { method, path } = callOf(line);
      expect((paths[path] as Record<string, unknown> | undefined)?.[method.toLowerCase()], `${method} ${path}`).toBeDefined();
    }
  });

  it('runs: create a key, call the API, list orders and products, export, import stock (dry run, apply), dry-run the products export', async () => {
    const create = callOf(curls[0]);
    const body = /-d '([^']+)'/.exec(guide)![1];
    const key = (await t.api(create.method, create.path, { token: admin, body: JSON.parse(body) })).body.secret as string;
    expect(key).toMatch(/^psk_/);
    const send = async (line: string, file?: string) => {
      const { method, path, query } = callOf(line);
      const res = await fetch(`${t.baseUrl}/api${path}${query ? `?${query}` : ''}`, {
        method,
        headers: { authorization: `Bearer ${key}`, ...(file !== undefined ? { 'content-type': 'text/csv' } : {}) },
        body: file,
      });
      return { status: res.status, text: await res.text() };
    };
    const files: Record<string, string> = {};
    const feeds: Record<string, { items: { name?: string; variants?: { sku: string }[] }[]; next_cursor: string | null }> = {};
    for (const line of curls.slice(1)) {
      // Webhooks take an admin's token, not a key, a guest cart no credential and coupons a body: later tests run those sections.
      if (line.includes('--data-binary') || line.includes('/api/admin/webhook') || line.includes('X-Session-Id') || line.includes('/api/admin/coupons')) continue;
      const res = await send(line);
      expect(res.status, line).toBe(200);
      const out = /-o (\S+)/.exec(line)?.[1];
      if (out) files[out] = res.text;
      if (line.includes('/feed')) feeds[callOf(line).path] = JSON.parse(res.text);
    }
    files['counts.csv'] = JSON.parse(`"${/printf '([^']+)'/.exec(guide)![1]}"`);
    for (const line of curls.filter((l) => l.includes('--data-binary'))) {
      const res = await send(line, files[/@(\S+)/.exec(line)![1]]);
      expect(res.status, line).toBe(200);
      expect(JSON.parse(res.text).summary.refuse).toBe(0);
    }
    expect((await t.db.variant.findUniqueOrThrow({ where: { sku: 'POLYMAILERS_NORMAL_BLACK_25X35_50' } })).onHand).toBe(120);
    // The lists shown: the product made above is in the products feed; no orders yet.
    expect(feeds['/admin/products/feed'].items.flatMap((p) => p.variants!.map((v) => v.sku))).toContain('POLYMAILERS_NORMAL_BLACK_25X35_50');
    expect(feeds['/admin/orders/feed']).toEqual({ items: [], next_cursor: null });
  });

  it('runs the guest cart section: the shell recipe makes an id the shop accepts, and a short one is refused', async () => {
    const recipe = guide.split('\n').find((l) => l.startsWith('GUEST='))!;
    const guest = execFileSync('bash', ['-c', `${recipe}; printf %s "$GUEST"`], { encoding: 'utf8' });
    expect(isGuestId(guest)).toBe(true);
    const line = curls.find((l) => l.includes('X-Session-Id'))!;
    const { method, path } = callOf(line);
    const cart = await t.api(method, path, { guestId: guest });
    expect(cart.status).toBe(200);
    expect(cart.body.items).toEqual([]);
    const short = await t.api(method, path, { guestId: 'guest_1700000000000_k2j4h5g6f' });
    expect(short.status).toBe(400);
    expect(short.body.detail).toMatch(/^X-Session-Id must be guest_<timestamp>_<random>, /);
  });

  it('runs the coupons section: the limits are taken and returned, and a limit of 0 answers the sentence shown', async () => {
    const { method, path } = callOf(curls.find((l) => l.includes('/api/admin/coupons'))!);
    const body = JSON.parse([...guide.matchAll(/-d '([^']+)'/g)].map((m) => m[1]).find((b) => b.includes('"usage_limit"'))!);
    const created = await t.api(method, path, { token: admin, body });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body).toMatchObject({ usage_limit: body.usage_limit, usage_limit_per_customer: body.usage_limit_per_customer, times_used: 0 });
    const refused = await t.api(method, path, { token: admin, body: { ...body, code: 'ZERO', usage_limit: 0 } });
    expect(refused.status).toBe(400);
    expect(guide).toContain(refused.body.detail);
  });

  it('runs the webhook section: register an endpoint, its Node receiver verifies a delivery, the shell recipe gives the same signature', async () => {
    const register = curls.find((l) => l.includes('/admin/webhooks') && l.includes('-X POST'))!;
    const body = JSON.parse([...guide.matchAll(/-d '([^']+)'/g)].map((m) => m[1]).find((b) => b.includes('"events"'))!);

    // The guide's receiver, run as written (in the repository, so it finds the standardwebhooks package).
    const port = await freePort();
    const cache = fileURLToPath(new URL('../../../node_modules/.cache', import.meta.url));
    mkdirSync(cache, { recursive: true });
    const dir = mkdtempSync(join(cache, 'guide-'));
    const script = join(dir, 'receiver.mjs');
    writeFileSync(script, /```js\n([\s\S]+?)```/.exec(guide)![1]);
    const { method, path } = callOf(register);
    const created = await t.api(method, path, { token: admin, body: { ...body, url: `http://127.0.0.1:${port}/hooks/packshop` } });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const secret = created.body.secret as string;
    let receiver: ChildProcess | undefined;
    try {
      receiver = spawn(process.execPath, [script], { env: { ...process.env, PORT: String(port), WEBHOOK_SECRET: secret }, stdio: ['ignore', 'pipe', 'pipe'] });
      let out = '';
      receiver.stdout!.on('data', (c) => (out += c));
      await waitForPort(port);

      const shopper = await createUser(t.deps);
      const variant = await t.db.variant.findUniqueOrThrow({ where: { sku: 'POLYMAILERS_NORMAL_BLACK_25X35_50' } });
      const order = await placeOrderFor(t, shopper.token, variant.id, 25);
      expect(await createWebhookSender(t.db, { allowPrivate: true }).runOnce()).toEqual({ delivered: 1, failed: 0 });
      const [d] = (await t.api('GET', `/admin/webhooks/${created.body.id}/deliveries`, { token: admin })).body.items;
      expect(d).toMatchObject({ event_type: 'order.created', status: 'delivered', last_status_code: 204 });
      await expect.poll(() => out).toContain(`order.created`);
      expect(out).toContain(order.id);

      // A forged body is refused by the same receiver.
      const headers = signedHeaders([secret], 'msg_forged', '{"type":"order.created"}');
      const forged = await fetch(`http://127.0.0.1:${port}/hooks/packshop`, { method: 'POST', headers, body: '{"type":"order.cancelled"}' });
      expect(forged.status).toBe(400);
    } finally {
      receiver?.kill();
      rmSync(dir, { recursive: true, force: true });
    }

    // The shell recipe computes the signature the library makes.
    const recipe = /```sh\n(printf '%s\.%s\.%s'[\s\S]+?)```/.exec(guide)![1];
    const at = new Date();
    const payload = '{"type":"webhook.test","data":{"n":1}}';
    const expected = new Webhook(secret).sign('msg_recipe', at, payload).slice(3);
    const computed = execFileSync('bash', ['-c', recipe], {
      env: { ...process.env, WEBHOOK_MSG_ID: 'msg_recipe', WEBHOOK_TIMESTAMP: String(Math.floor(at.getTime() / 1000)), BODY: payload, WEBHOOK_SECRET: secret },
      encoding: 'utf8',
    }).trim();
    expect(computed).toBe(expected);
  });
});

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

async function waitForPort(port: number) {
  for (let i = 0; i < 100; i++) {
    try {
      await fetch(`http://127.0.0.1:${port}/`, { method: 'GET' });
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  throw new Error(`the guide's receiver did not listen on ${port}`);
}
