import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { responsiveImage, variantUrl } from '../../../shared/domain/responsive-images';
import { migrateProductImages, warmProductImages } from '../../../server/storage/responsive-migration';
import { createVariant } from '../../factories/shop';
import { createUser } from '../../factories/users';
import { createTestApp, type TestApp } from '../../setup/test-app';

// The embedded app stores images on disk (the other backend is covered in image-storage.test.ts).
let t: TestApp;
let staff: string;
beforeAll(async () => {
  t = await createTestApp();
  staff = (await createUser(t.deps, { role: 'staff' })).token;
});
afterAll(() => t.close());

const png = (w: number, h: number) => sharp({ create: { width: w, height: h, channels: 3, background: '#e11d48' } }).png().toBuffer();

async function upload(bytes: Buffer): Promise<string> {
  const form = new FormData();
  form.append('files', new Blob([new Uint8Array(bytes)], { type: 'image/png' }), 'photo.png');
  const res = await fetch(`${t.baseUrl}/api/admin/upload/images`, { method: 'POST', body: form, headers: { authorization: `Bearer ${staff}` } });
  expect(res.status).toBe(200);
  return ((await res.json()) as { urls: string[] }).urls[0];
}

describe('responsive product images', () => {
  it('serves every width of an upload in AVIF and WebP under immutable names', async () => {
    const url = await upload(await png(1000, 500));
    const image = responsiveImage(url)!;
    expect(image).toMatchObject({ width: 1000, height: 500 });
    for (const format of ['avif', 'webp'] as const) {
      for (const entry of image.srcSet[format].split(', ')) {
        const [path, w] = entry.split(' ');
        const res = await fetch(`${t.baseUrl}${path}`);
        expect(res.status, path).toBe(200);
        expect(res.headers.get('content-type')).toBe(`image/${format}`);
        expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
        const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
        expect(meta.format === 'heif' ? 'avif' : meta.format).toBe(format);
        expect(meta.width).toBe(Number(w.replace('w', '')));
      }
    }
  });

  it('answers 404, never 500, for names that are no copy', async () => {
    const url = await upload(await png(400, 400));
    const hash = /img\/([0-9a-f]{20})/.exec(url)![1];
    for (const bad of [
      url.replace('.webp', '-320.png'),
      url.replace('.webp', '-300.webp'),
      url.replace('.webp', '-640.avif'),
      url.replace('.webp', '.avif'),
      url.replace(hash, 'f'.repeat(20)).replace('.webp', '-320.avif'),
      `/uploads/img/${hash}-400x400-320.avif/x`,
      `/uploads/img/..%2F..%2Fpackage.json`,
      `/uploads/img/${hash.toUpperCase()}-400x400-320.avif`,
    ]) {
      const res = await fetch(`${t.baseUrl}${bad}`);
      expect(res.status, bad).toBe(404);
    }
  });

  it('moves older stored images to content-hashed names once, and makes their copies', async () => {
    const bytes = await sharp(await png(640, 480)).webp().toBuffer();
    const old = await t.deps.storage.save('seed/old-picture-1.webp', bytes);
    const { productId } = await createVariant(t.db);
    await t.db.productImage.updateMany({ where: { productId }, data: { url: old } });
    const warnings: string[] = [];
    expect(await migrateProductImages(t.db, t.deps.storage, (m) => warnings.push(m))).toBeGreaterThanOrEqual(1);
    const row = await t.db.productImage.findFirstOrThrow({ where: { productId } });
    expect(responsiveImage(row.url)).toMatchObject({ width: 640, height: 480 });
    // Idempotent: a second start finds nothing to move, and the old file still serves older links.
    expect(await migrateProductImages(t.db, t.deps.storage, (m) => warnings.push(m))).toBe(0);
    expect((await fetch(`${t.baseUrl}${old}`)).status).toBe(200);
    expect(warnings).toEqual([]);

    expect(await warmProductImages(t.db, t.deps.storage)).toBeGreaterThanOrEqual(6);
    expect(await warmProductImages(t.db, t.deps.storage)).toBe(0);
    const copy = await t.deps.storage.read(variantUrl(row.url, 320, 'avif').replace('/uploads/', ''));
    expect(copy?.contentType).toBe('image/avif');
  });
});
