import { existsSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../factories/users';
import { createTestApp, type TestApp } from '../../setup/test-app';

let t: TestApp;
let staff: string;
beforeAll(async () => {
  t = await createTestApp();
  staff = (await createUser(t.deps, { role: 'staff' })).token;
});
afterAll(() => t.close());

const png = (w: number, h: number) => sharp({ create: { width: w, height: h, channels: 3, background: '#10b981' } }).png().toBuffer();

async function upload(files: Array<{ name: string; bytes: Buffer; type?: string }>, token: string | null = staff) {
  const form = new FormData();
  for (const f of files) form.append('files', new Blob([new Uint8Array(f.bytes)], { type: f.type ?? 'image/png' }), f.name);
  const res = await fetch(`${t.baseUrl}/api/admin/upload/images`, { method: 'POST', body: form, headers: token ? { authorization: `Bearer ${token}` } : {} });
  return { status: res.status, body: await res.json() };
}

describe('POST /api/admin/upload/images', () => {
  it('stores several images as resized WebP and serves them under /uploads', async () => {
    const res = await upload([
      { name: 'big.png', bytes: await png(2400, 1600) },
      { name: 'small.png', bytes: await png(300, 300) },
    ]);
    expect(res.status).toBe(200);
    expect(res.body.urls).toHaveLength(2);
    expect(res.body.urls[0]).toMatch(/^\/uploads\/img\/[0-9a-f]{20}-1200x800\.webp$/);
    expect(res.body.urls[1]).toMatch(/^\/uploads\/img\/[0-9a-f]{20}-300x300\.webp$/);
    const served = await fetch(`${t.baseUrl}${res.body.urls[0]}`);
    expect(served.status).toBe(200);
    const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.width).toBe(1200);
    expect(existsSync(join(t.uploadsDir, res.body.urls[0].replace('/uploads/', '')))).toBe(true);
  });

  it('refuses a 0-byte file and a renamed text file by content', async () => {
    const empty = await upload([{ name: 'empty.png', bytes: Buffer.alloc(0) }]);
    expect(empty.status).toBe(400);
    expect(empty.body.detail).toBe('empty.png is not a valid image file');
    const text = await upload([{ name: 'notes.jpg', bytes: Buffer.from('this is not an image at all\n'.repeat(20)), type: 'image/jpeg' }]);
    expect(text.status).toBe(400);
    expect(text.body.detail).toBe('notes.jpg is not a valid image file');
    // One bad file in a batch stores nothing.
    const mixed = await upload([{ name: 'ok.png', bytes: await png(50, 50) }, { name: 'bad.png', bytes: Buffer.from('nope') }]);
    expect(mixed.status).toBe(400);
    expect(mixed.body.detail).toBe('bad.png is not a valid image file');
  });

  it('refuses an 11 MB image with the size message', async () => {
    const header = await png(10, 10);
    const big = Buffer.concat([header, Buffer.alloc(11 * 1024 * 1024)]);
    const res = await upload([{ name: 'huge.png', bytes: big }]);
    expect(res.status).toBe(413);
    expect(res.body.detail).toBe('huge.png is too large. Maximum size is 10MB.');
  });

  it('needs a file, and a staff session', async () => {
    expect((await upload([])).body.detail).toBe('Please choose at least one image');
    expect((await upload([{ name: 'a.png', bytes: await png(5, 5) }], null)).status).toBe(401);
    const customer = await createUser(t.deps);
    expect((await upload([{ name: 'a.png', bytes: await png(5, 5) }], customer.token)).status).toBe(403);
  });

  it('is documented in the OpenAPI document', async () => {
    const doc = await t.api('GET', '/openapi.json');
    expect(doc.body.paths['/admin/upload/images'].post.requestBody.content['multipart/form-data']).toBeDefined();
  });
});
