import { mkdtempSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../../server/app';
import { createDeps } from '../../../server/deps';
import { DbImageStorage, LocalImageStorage } from '../../../server/storage/image-storage';
import { moveImages } from '../../../server/storage/move-images';
import { createUser } from '../../factories/users';
import { createTestApp, type TestApp } from '../../setup/test-app';

// Two apps on one database, each with its own local directory, both storing images in the
// database: what one stores, the other serves (as two instances behind a proxy would).
let t: TestApp;
let other: { base: string; server: Server };
let staff: string;
let dbStore: DbImageStorage;
beforeAll(async () => {
  t = await createTestApp();
  dbStore = new DbImageStorage(t.db);
  const mk = async () => {
    const deps = createDeps(t.db, new DbImageStorage(t.db, new LocalImageStorage(mkdtempSync(join(tmpdir(), 'packshop-inst-')))));
    const server: Server = await new Promise((resolve) => {
      const s = createApp(deps).listen(0, '127.0.0.1', () => resolve(s));
    });
    return { deps, server, base: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
  };
  const a = await mk();
  other = await mk();
  staff = (await createUser(a.deps, { role: 'staff' })).token;
  // Uploads go through instance A.
  uploadBase = a.base;
  closers.push(() => new Promise((r) => a.server.close(r)), () => new Promise((r) => other.server.close(r)));
});
let uploadBase = '';
const closers: Array<() => Promise<unknown>> = [];
afterAll(async () => {
  for (const c of closers) await c();
  await t.close();
});

const png = (w: number, h: number) => sharp({ create: { width: w, height: h, channels: 3, background: '#0ea5e9' } }).png().toBuffer();

describe('images in the database', () => {
  it('an image uploaded through one instance is served by another, with ETag, long-lived caching and 304', async () => {
    const form = new FormData();
    form.append('files', new Blob([new Uint8Array(await png(1600, 900))], { type: 'image/png' }), 'wide.png');
    const up = await fetch(`${uploadBase}/api/admin/upload/images`, { method: 'POST', body: form, headers: { authorization: `Bearer ${staff}` } });
    expect(up.status).toBe(200);
    const [url] = ((await up.json()) as { urls: string[] }).urls;
    expect(url).toMatch(/^\/uploads\/img\/[0-9a-f]{20}-1200x675\.webp$/);

    const res = await fetch(`${other.base}${url}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/webp');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const etag = res.headers.get('etag');
    expect(etag).toMatch(/^"[A-Za-z0-9_-]{32}"$/);
    expect((await sharp(Buffer.from(await res.arrayBuffer())).metadata()).width).toBe(1200);

    // A copy asked of the other instance is made there, stored in the database, and the first serves it.
    const copy = url.replace('.webp', '-320.avif');
    const made = await fetch(`${other.base}${copy}`);
    expect(made.status).toBe(200);
    expect(made.headers.get('content-type')).toBe('image/avif');
    expect(made.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const copyBytes = Buffer.from(await made.arrayBuffer());
    expect(await sharp(copyBytes).metadata()).toMatchObject({ width: 320, height: 180 });
    expect((await dbStore.read(copy.replace('/uploads/', '')))!.bytes.equals(copyBytes)).toBe(true);
    expect(Buffer.from(await (await fetch(`${uploadBase}${copy}`)).arrayBuffer()).equals(copyBytes)).toBe(true);

    const again = await fetch(`${other.base}${url}`, { headers: { 'if-none-match': etag! } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    expect(again.headers.get('etag')).toBe(etag);

    expect((await fetch(`${other.base}/uploads/products/nope.webp`)).status).toBe(404);
    expect((await fetch(`${other.base}/uploads/..%2F..%2Fetc%2Fpasswd`)).status).toBe(404);
    expect((await fetch(`${other.base}${url.replace('.webp', '-300.avif')}`)).status).toBe(404);
  });

  it('the local backend serves the same way, and images move from disk to the database and back', async () => {
    const disk = new LocalImageStorage(mkdtempSync(join(tmpdir(), 'packshop-move-')));
    const bytes = await sharp(await png(40, 30)).webp().toBuffer();
    await disk.save('seed/a-1.webp', bytes);
    await disk.save('products/b.webp', bytes);
    expect((await disk.list()).sort()).toEqual(['products/b.webp', 'seed/a-1.webp']);
    const served = await fetch(`${t.baseUrl}${await t.deps.storage.save('seed/x.webp', bytes)}`);
    expect(served.headers.get('etag')).toBe((await disk.read('seed/a-1.webp'))!.etag);

    expect(await moveImages(disk, dbStore)).toBe(2);
    expect((await dbStore.read('seed/a-1.webp'))!.bytes.equals(bytes)).toBe(true);
    const back = new LocalImageStorage(mkdtempSync(join(tmpdir(), 'packshop-back-')));
    expect(await moveImages(dbStore, back)).toBeGreaterThanOrEqual(2);
    expect((await back.read('products/b.webp'))!.bytes.equals(bytes)).toBe(true);
  });
});
