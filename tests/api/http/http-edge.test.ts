import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../../server/app';
import { TRPC_MAX_BATCH } from '../../../shared/constants';
import { createUser } from '../../factories/users';
import { createTestApp, type TestApp } from '../../setup/test-app';

// The transport edge: headers on every door, bodies bounded before parsing, hostile text refused
// with a 400 naming the field, one error shape everywhere.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A raw request, so that compression and headers are seen exactly as sent. */
function raw(baseUrl: string, path: string, opts: { method?: string; headers?: Record<string, string>; body?: string } = {}) {
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; bytes: number }>((resolve, reject) => {
    const req = request(`${baseUrl}${path}`, { method: opts.method ?? 'GET', headers: opts.headers }, (res) => {
      let bytes = 0;
      res.on('data', (c: Buffer) => (bytes += c.length));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, bytes }));
    });
    req.on('error', reject);
    req.end(opts.body);
  });
}

describe('security headers', () => {
  it.each(['/api/health', '/api/openapi.json', '/trpc/health.check', '/robots.txt', '/api/no-such-path'])('%s carries CSP, frame, nosniff and referrer headers', async (path) => {
    const res = await raw(t.baseUrl, path);
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['x-powered-by']).toBeUndefined();
    // Plain http (no https PUBLIC_URL): no HSTS, which would lock a LAN install out.
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it('sends HSTS when the shop is served over https', async () => {
    const app = createApp(t.deps, { site: { publicUrl: 'https://shop.example.sg' } });
    const server = app.listen(0, '127.0.0.1');
    await new Promise((r) => server.once('listening', r));
    try {
      const res = await raw(`http://127.0.0.1:${(server.address() as AddressInfo).port}`, '/api/health');
      expect(res.headers['strict-transport-security']).toMatch(/max-age=\d+/);
      expect(String(res.headers['content-security-policy'])).toContain('upgrade-insecure-requests');
    } finally {
      await new Promise((r) => server.close(r));
    }
  });

  it('never lets a cache keep an auth, account or tRPC answer', async () => {
    const { token, email, password } = await createUser(t.deps);
    const login = await t.api('POST', '/auth/login', { body: { email, password } });
    expect(login.status).toBe(200);
    expect(login.headers.get('cache-control')).toBe('no-store');
    expect((await t.api('GET', '/users/me', { token })).headers.get('cache-control')).toBe('no-store');
    expect((await t.api('POST', '/auth/login', { body: { email, password: 'wrong-password-1' } })).headers.get('cache-control')).toBe('no-store');
    const trpc = await raw(t.baseUrl, '/trpc/users.me', { headers: { authorization: `Bearer ${token}` } });
    expect(trpc.headers['cache-control']).toBe('no-store');
  });
});

describe('compression', () => {
  it('compresses JSON answers over 1 KB for clients that accept it, and leaves small ones alone', async () => {
    const big = await raw(t.baseUrl, '/api/openapi.json', { headers: { 'accept-encoding': 'br, gzip' } });
    expect(big.headers['content-encoding']).toBe('br');
    const gz = await raw(t.baseUrl, '/api/openapi.json', { headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    const plain = await raw(t.baseUrl, '/api/openapi.json');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(big.bytes).toBeLessThan(plain.bytes / 4);
    const small = await raw(t.baseUrl, '/api/health', { headers: { 'accept-encoding': 'br, gzip' } });
    expect(small.headers['content-encoding']).toBeUndefined();
  });
});

describe('hostile input is a 400 naming the field, on both doors', () => {
  it('refuses a NUL byte or a lone surrogate in a query, a path and a body', async () => {
    const search = await t.api('GET', '/products?search=%00');
    expect(search.status).toBe(400);
    expect(search.body.detail).toMatch(/^search contains characters that are not allowed/);
    const id = await t.api('GET', '/products/%00');
    expect(id.status).toBe(400);
    expect(id.body.detail).toMatch(/^id contains/);
    const coupon = await t.api('POST', '/promotions/validate', { rawBody: '{"coupon_code":"\\u0000","order_subtotal":10}' });
    expect(coupon.status).toBe(400);
    expect(coupon.body.detail).toMatch(/^coupon_code contains/);
    const surrogate = await t.api('POST', '/promotions/validate', { rawBody: '{"coupon_code":"A\\ud800","order_subtotal":10}' });
    expect(surrogate.status).toBe(400);
    expect(surrogate.body.detail).toMatch(/^coupon_code contains/);
    await expect(t.caller().promotions.validate({ coupon_code: 'A\u0000', order_subtotal: 10 })).rejects.toMatchObject({ code: 'BAD_REQUEST', message: expect.stringMatching(/^coupon_code contains/) });
  });

  it('refuses a body nested thousands deep before parsing it, on every door', async () => {
    const deep = '{"a":'.repeat(5000) + '1' + '}'.repeat(5000);
    for (const path of ['/promotions/validate', '/products/filter', '/admin/products']) {
      const res = await t.api('POST', path, { rawBody: deep });
      expect(res.status, path).toBe(400);
      expect(res.body.detail).toMatch(/nested too deeply/);
    }
    const trpc = await raw(t.baseUrl, '/trpc/promotions.validate', { method: 'POST', headers: { 'content-type': 'application/json' }, body: deep });
    expect(trpc.status).toBe(400);
  });

  it('answers malformed JSON, an unsupported charset and an unknown path as JSON with detail', async () => {
    const bad = await t.api('POST', '/promotions/validate', { rawBody: '{"coupon_code":' });
    expect(bad).toMatchObject({ status: 400, body: { detail: 'Malformed JSON in the request body' } });
    const charset = await t.api('POST', '/promotions/validate', { rawBody: '{}', headers: { 'content-type': 'application/json; charset=latin1' } });
    expect(charset.status).toBe(415);
    expect(charset.body).toEqual({ detail: 'The request body must be UTF-8; its charset is not supported.', request_id: charset.headers.get('x-request-id') });
    const unknown = await t.api('GET', '/no/such/path');
    expect(unknown.status).toBe(404);
    expect(unknown.body.detail).toEqual(expect.any(String));
  });

  // One shape for a body that is not JSON, whichever path serves it (the OpenAPI adapter, or the
  // door table's direct and cached paths), so no path answers it differently; with the request id
  // to quote.
  it.each([
    ['POST', '/contact'],
    ['POST', '/cart/add'],
    ['PUT', '/cart/item/some-line'],
    ['POST', '/promotions/validate'],
  ])('answers %s %s with a text/plain body as a 415 sentence with its request id', async (method, path) => {
    for (const type of ['text/plain', 'application/x-www-form-urlencoded']) {
      const res = await t.api(method, path, { rawBody: 'quantity=3', headers: { 'content-type': type }, guestId: 'guest_1_abc' });
      expect(res.status, type).toBe(415);
      expect(res.body, type).toEqual({ detail: 'The request body must be JSON, sent with Content-Type: application/json.', request_id: res.headers.get('x-request-id') });
      expect(res.body.request_id).toEqual(expect.any(String));
    }
  });

  it('takes a JSON body as typed: "false" is not false, on the REST door or the tRPC door after it', async () => {
    const { token } = await createUser(t.deps, { role: 'admin' });
    const body = { url: 'http://127.0.0.1:9/hooks', events: ['order.created' as const], active: 'false' };
    const res = await t.api('POST', '/admin/webhooks', { token, body });
    expect(res.status).toBe(400);
    expect(res.body.detail).toMatch(/^active: /);
    await expect(t.caller({ token }).admin.webhooks.create({ ...body, description: '', active: 'false' as unknown as boolean })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    expect(await t.db.webhookEndpoint.count()).toBe(0);
  });

  it(`refuses a tRPC batch of more than ${TRPC_MAX_BATCH} calls`, async () => {
    const n = TRPC_MAX_BATCH + 1;
    const names = Array.from({ length: n }, () => 'health.check').join(',');
    const input = encodeURIComponent(JSON.stringify(Object.fromEntries(Array.from({ length: n }, (_, i) => [i, {}]))));
    expect((await raw(t.baseUrl, `/trpc/${names}?batch=1&input=${input}`)).status).toBe(400);
    const ok = Array.from({ length: TRPC_MAX_BATCH }, () => 'health.check').join(',');
    const okInput = encodeURIComponent(JSON.stringify(Object.fromEntries(Array.from({ length: TRPC_MAX_BATCH }, (_, i) => [i, {}]))));
    expect((await raw(t.baseUrl, `/trpc/${ok}?batch=1&input=${okInput}`)).status).toBe(200);
  });

  it('validates the Idempotency-Key header by its schema instead of cutting it', async () => {
    const { token } = await createUser(t.deps);
    const sgAddress = { fullName: 'Tan Mei Ling', phone: '+65 9123 4567', addressLine1: '1 Orchard Road', postalCode: '238801', city: 'Singapore', state: 'Singapore', country: 'SG' };
    const res = await t.api('POST', '/orders', { token, body: { shipping_address: sgAddress }, headers: { 'idempotency-key': 'k'.repeat(500) } });
    expect(res.status).toBe(400);
    expect(res.body.detail).toMatch(/Idempotency-Key must be 8 to 200 visible ASCII characters/);
  });
});
