import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashApiKey } from '../../../server/auth/api-keys';
import { API_KEY_REQUESTS_PER_MINUTE } from '../../../server/auth/rate-limit';
import { openApiDocument } from '../../../server/rest/openapi';
import { productPayload } from '../../factories/admin';
import { createUser } from '../../factories/users';
import { createTestApp, type TestApp } from '../../setup/test-app';

// Integrators' keys: created by an admin, shown once, stored hashed, limited to their scopes, never
// reaching shopper, user, role or key management, revoked at once, held to their own rate limit.

let t: TestApp;
let admin: string;
let adminId: string;
let staff: string;
let variantId: string;

beforeAll(async () => {
  t = await createTestApp();
  const a = await createUser(t.deps, { role: 'admin' });
  admin = a.token;
  adminId = a.user.id;
  staff = (await createUser(t.deps, { role: 'staff' })).token;
  const p = (await t.api('POST', '/admin/products', { token: admin, body: productPayload({ name: 'Key mailer', images: ['/uploads/seed/key-mailer-1.webp'] }) })).body;
  variantId = p.variants[0].variant_id;
});
afterAll(() => t.close());

async function newKey(scopes: string[], name = 'ERP sync', token = admin) {
  const res = await t.api('POST', '/admin/api-keys', { token, body: { name, scopes } });
  expect(res.status).toBe(200);
  return res.body as { id: string; secret: string; prefix: string; scopes: string[] };
}

describe('creating and listing keys', () => {
  it('shows the secret once, keeps only its hash, and lists the prefix and who made it', async () => {
    const key = await newKey(['inventory:read', 'inventory:write', 'inventory:read']);
    expect(key.secret).toMatch(/^psk_[0-9a-f]{12}_[A-Za-z0-9_-]{32}$/);
    expect(key.secret.startsWith(key.prefix)).toBe(true);
    expect(key.scopes).toEqual(['inventory:read', 'inventory:write']);
    const row = await t.db.apiKey.findUniqueOrThrow({ where: { id: key.id } });
    expect(row.secretHash).toBe(hashApiKey(key.secret));
    expect(JSON.stringify(row)).not.toContain(key.secret);
    const list = await t.api('GET', '/admin/api-keys', { token: admin });
    const listed = list.body.find((k: { id: string }) => k.id === key.id);
    expect(listed).toMatchObject({ name: 'ERP sync', prefix: key.prefix, created_by: 'Test User', last_used_at: null, revoked_at: null });
    expect(JSON.stringify(list.body)).not.toContain(key.secret);
  });

  it('refuses a key without a name or scopes, an unknown scope, and staff or a key creating one', async () => {
    expect((await t.api('POST', '/admin/api-keys', { token: admin, body: { name: ' ', scopes: ['orders:read'] } })).body.detail).toBe('Please name the key');
    expect((await t.api('POST', '/admin/api-keys', { token: admin, body: { name: 'x', scopes: [] } })).body.detail).toBe('Choose at least one scope');
    expect((await t.api('POST', '/admin/api-keys', { token: admin, body: { name: 'x', scopes: ['users:write'] } })).status).toBe(400);
    expect((await t.api('POST', '/admin/api-keys', { token: staff, body: { name: 'x', scopes: ['orders:read'] } })).status).toBe(403);
    const key = await newKey(['settings:write', 'settings:read']);
    const byKey = await t.api('POST', '/admin/api-keys', { token: key.secret, body: { name: 'x', scopes: ['orders:read'] } });
    expect(byKey).toMatchObject({ status: 403, body: { detail: 'API keys cannot manage users, roles, API keys or webhooks.' } });
  });
});

describe('what a key reaches', () => {
  it('calls what its scopes allow on both doors and acts as the admin who made it', async () => {
    const key = await newKey(['inventory:read', 'inventory:write']);
    const list = await t.api('GET', '/admin/inventory', { token: key.secret });
    expect(list.status).toBe(200);
    const adjust = await t.api('POST', '/admin/inventory/adjust', {
      token: key.secret,
      body: { variant_id: variantId, adjustment_type: 'change', on_hand_change: 5, reason: 'purchase_received', notes: 'Delivery from ERP' },
    });
    expect(adjust.status, JSON.stringify(adjust.body)).toBe(200);
    const ledger = await t.db.inventoryLedger.findFirstOrThrow({ where: { variantId, notes: 'Delivery from ERP' } });
    expect(ledger.userId).toBe(adminId);
    const viaTrpc = await t.caller({ token: key.secret }).admin.inventory.list({});
    expect(viaTrpc.length).toBeGreaterThan(0);
    expect((await t.db.apiKey.findUniqueOrThrow({ where: { id: key.id } })).lastUsedAt).not.toBeNull();
  });

  it('is refused outside its scopes, with the missing scope named', async () => {
    const key = await newKey(['inventory:read']);
    const write = await t.api('POST', '/admin/inventory/adjust', { token: key.secret, body: { variant_id: variantId, adjustment_type: 'change', on_hand_change: 1, reason: 'purchase_received', notes: 'x' } });
    expect(write).toMatchObject({ status: 403, body: { detail: 'This API key lacks the scope inventory:write.' } });
    expect((await t.api('GET', '/admin/orders', { token: key.secret })).body.detail).toBe('This API key lacks the scope orders:read.');
    await expect(t.caller({ token: key.secret }).admin.products.list({})).rejects.toMatchObject({ code: 'FORBIDDEN' });
    const upload = await fetch(`${t.baseUrl}/api/admin/upload/images`, { method: 'POST', headers: { authorization: `Bearer ${key.secret}` } });
    expect(upload.status).toBe(403);
  });

  it('never reaches users, roles, keys or shopper calls, whatever its scopes', async () => {
    const key = await newKey(['catalog:read', 'catalog:write', 'orders:read', 'orders:write', 'settings:read', 'settings:write']);
    expect((await t.api('GET', '/admin/users', { token: key.secret })).status).toBe(403);
    expect((await t.api('PUT', `/admin/users/${adminId}/role`, { token: key.secret, body: { role: 'customer' } })).status).toBe(403);
    expect((await t.api('GET', '/admin/api-keys', { token: key.secret })).status).toBe(403);
    expect((await t.api('DELETE', `/admin/api-keys/${key.id}`, { token: key.secret })).status).toBe(403);
    for (const [method, path] of [['GET', '/users/me'], ['GET', '/cart'], ['GET', '/orders'], ['POST', '/auth/logout']] as const) {
      const res = await t.api(method, path, { token: key.secret });
      expect(res.status, path).toBe(403);
    }
    // Public catalogue reads need no key and are not refused for carrying one.
    expect((await t.api('GET', '/products', { token: key.secret })).status).toBe(200);
    expect((await t.api('GET', '/admin/shipping', { token: key.secret })).status).toBe(200);
  });

  it('answers 401 at once for a revoked or unknown key, and when its creator is no longer an admin', async () => {
    const key = await newKey(['orders:read']);
    expect((await t.api('GET', '/admin/orders', { token: key.secret })).status).toBe(200);
    const revoked = await t.api('DELETE', `/admin/api-keys/${key.id}`, { token: admin });
    expect(revoked.body.revoked_at).toEqual(expect.any(String));
    expect(await t.api('GET', '/admin/orders', { token: key.secret })).toMatchObject({ status: 401, body: { detail: 'This API key is not valid or has been revoked.' } });
    expect((await t.api('GET', '/admin/orders', { token: `${key.prefix}_forged-secret-forged-secret-forged` })).status).toBe(401);
    expect((await t.api('DELETE', '/admin/api-keys/no-such-key', { token: admin })).status).toBe(404);

    const other = await createUser(t.deps, { role: 'admin' });
    const hisKey = await newKey(['orders:read'], 'His key', other.token);
    expect((await t.api('GET', '/admin/orders', { token: hisKey.secret })).status).toBe(200);
    await t.db.user.update({ where: { id: other.user.id }, data: { role: 'staff' } });
    expect((await t.api('GET', '/admin/orders', { token: hisKey.secret })).status).toBe(401);
  });

  it('has its own allowance: over it, 429 with Retry-After before any work', async () => {
    const key = await newKey(['orders:read']);
    await t.deps.limiters.apiKey.set(hashApiKey(key.secret).slice(0, 32), API_KEY_REQUESTS_PER_MINUTE, 60);
    const res = await t.api('GET', '/admin/orders', { token: key.secret });
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(res.body.detail).toMatch(/^Too many requests with this API key/);
    // Another key is not affected.
    const other = await newKey(['orders:read']);
    expect((await t.api('GET', '/admin/orders', { token: other.secret })).status).toBe(200);
  });
});

describe('the OpenAPI document', () => {
  it('declares both security schemes and the scope of every back-office operation', () => {
    const doc = openApiDocument() as any;
    expect(Object.keys(doc.components.securitySchemes)).toEqual(expect.arrayContaining(['Authorization', 'ApiKey']));
    expect(doc.paths['/admin/inventory/adjust'].post.security).toEqual([{ Authorization: [] }, { ApiKey: ['inventory:write'] }]);
    expect(doc.paths['/admin/orders'].get.security).toEqual([{ Authorization: [] }, { ApiKey: ['orders:read'] }]);
    expect(doc.paths['/admin/upload/images'].post.security).toEqual([{ Authorization: [] }, { ApiKey: ['catalog:write'] }]);
    expect(doc.paths['/admin/users'].get.security).toEqual([{ Authorization: [] }]);
    expect(doc.paths['/admin/api-keys'].post.security).toEqual([{ Authorization: [] }]);
  });
});
