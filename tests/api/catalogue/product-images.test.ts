import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productPayload } from '../../factories/admin';
import { createUser } from '../../factories/users';
import { startImageServer, type TestImageServer } from '../../setup/image-server';
import { createTestApp, type TestApp } from '../../setup/test-app';

// Product images are images the shop stores, so no one can plant a script URL or another site's
// picture in its pages. Stored paths are kept, https:// addresses are fetched, checked and stored,
// anything else is a 400 naming the image.

let t: TestApp;
let img: TestImageServer;
let staff: string;
beforeAll(async () => {
  [t, img] = await Promise.all([createTestApp(), startImageServer()]);
  // The image server is on 127.0.0.1 (test apps run with WEBHOOK_ALLOW_PRIVATE=1) with a self-signed certificate.
  t.deps.imageFetch.ca = img.cert;
  staff = (await createUser(t.deps, { role: 'staff' })).token;
});
afterAll(async () => {
  await Promise.all([t.close(), img.close()]);
});

const STORED = /^\/uploads\/img\/[0-9a-f]{20}-\d+x\d+\.webp$/;
const create = (images: string[]) => t.api('POST', '/admin/products', { token: staff, body: productPayload({ images }) });

describe('product images: stored paths and https addresses', () => {
  it('keeps stored paths, and fetches, checks and stores an https image (REST), served as WebP', async () => {
    const seedPath = '/uploads/seed/white-polymailers-1.webp';
    const res = await create([seedPath, `${img.origin}/photo.png`]);
    expect(res.status).toBe(200);
    expect(res.body.images[0]).toBe(seedPath);
    expect(res.body.images[1]).toMatch(STORED);
    const served = await fetch(`${t.baseUrl}${res.body.images[1]}`);
    expect(served.status).toBe(200);
    const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 320, height: 200 });
  });

  it('stores an https JPEG given to the tRPC door on update', async () => {
    const { id, name } = (await create([])).body;
    const caller = t.caller({ token: staff });
    const form = await caller.admin.products.get({ id });
    const saved = await caller.admin.products.update({
      id,
      ...productPayload({ name }),
      images: [`${img.origin}/photo.jpg`],
      variants: form.variants.map((v) => ({ variant_id: v.variant_id, width_cm: v.attributes.width_cm, height_cm: v.attributes.height_cm, pack_size: v.attributes.pack_size, price_tiers: v.price_tiers, on_hand: v.on_hand, safety_stock: v.safety_stock })),
    });
    expect(saved.images).toHaveLength(1);
    expect(saved.images[0]).toMatch(STORED);
  });

  it.each([
    ['javascript:alert(1)'],
    ['data:image/png;base64,iVBORw0KGgo='],
    ['http://example.com/photo.png'],
    ['../uploads/products/0a1b2c3d-0000-4000-8000-00000000000a.webp'],
    ['/uploads/../data/pglite/secret.webp'],
    ['/uploads/products/0a1b2c3d-0000-4000-8000-00000000000a.webp?x=https://evil.example/'],
    ['/uploads/products/not-a-generated-name.webp'],
    ['//evil.example/photo.png'],
    ['https:\\\\evil.example\\photo.png'],
    ['https://user:secret@example.com/photo.png'],
    ['uploads/seed/white-polymailers-1.webp'],
    ['https://evil.example/a b.png'],
  ])('refuses %j with a 400 naming the image, through both doors', async (value) => {
    const before = await t.db.product.count();
    const res = await create(['/uploads/seed/white-polymailers-1.webp', value]);
    expect(res.status).toBe(400);
    expect(res.body.detail).toMatch(/^Image 2: ".*" is not an image of the shop: upload the image, or give its https:\/\/ address for the shop to fetch$/);
    await expect(t.caller({ token: staff }).admin.products.create(productPayload({ images: [value] }) as never)).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: expect.stringContaining('Image 1: '),
    });
    expect(await t.db.product.count()).toBe(before);
  });

  it('refuses a NUL byte in an image value through both doors', async () => {
    const value = '/uploads/seed/white-polymailers-1.webp\u0000.png';
    // Both doors refuse NUL in any field before the schema sees it.
    const res = await create([value]);
    expect(res.status).toBe(400);
    expect(res.body.detail).toBe('images.0 contains characters that are not allowed (a NUL byte or an invalid character)');
    await expect(t.caller({ token: staff }).admin.products.create(productPayload({ images: [value] }) as never)).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: 'images.0 contains characters that are not allowed (a NUL byte or an invalid character)',
    });
  });

  it.each([
    ['/page.png', 'it is not a valid image file'],
    ['/page.html', 'it is not a JPEG, PNG, WebP or GIF image (Content-Type text/html)'],
    ['/as-jpeg.png', 'its content is png, not the jpeg its Content-Type says'],
    ['/huge.png', 'it is larger than 10MB'],
    ['/redirect.png', "it answered 302, a redirect (redirects are not followed: give the image's own address)"],
    ['/missing.png', 'it answered 404'],
  ])('refuses an https address serving %s: %s', async (path, why) => {
    const before = { products: await t.db.product.count(), photoHits: img.hits.get('/photo.png') ?? 0 };
    const url = `${img.origin}${path}`;
    const res = await create([`${img.origin}/photo.png`, url]);
    expect(res.status).toBe(400);
    expect(res.body.detail).toBe(`Image 2 (${url}) could not be used: ${why}`);
    expect(await t.db.product.count()).toBe(before.products);
    // The redirect's target is never asked for (the first image is fetched once, by this request).
    expect(img.hits.get('/photo.png')).toBe(before.photoHits + 1);
  });

  it('refuses a loopback address when private addresses are not allowed (WEBHOOK_ALLOW_PRIVATE=0), before any request', async () => {
    t.deps.webhooks.allowPrivate = false;
    try {
      const hits = img.hits.get('/photo.png') ?? 0;
      const url = `${img.origin}/photo.png`;
      const res = await create([url]);
      expect(res.status).toBe(400);
      expect(res.body.detail).toBe(`Image 1 (${url}) could not be used: 127.0.0.1 is a private, loopback or link-local address, which the shop does not fetch from`);
      await expect(t.caller({ token: staff }).admin.products.create(productPayload({ images: ['https://[::1]:1/photo.png'] }) as never)).rejects.toMatchObject({
        code: 'BAD_REQUEST',
        message: 'Image 1 (https://[::1]:1/photo.png) could not be used: [::1] is a private, loopback or link-local address, which the shop does not fetch from',
      });
      expect(img.hits.get('/photo.png') ?? 0).toBe(hits);
    } finally {
      t.deps.webhooks.allowPrivate = true;
    }
  });

  it('gives up on an answer that stops half-way, at the deadline', async () => {
    const timeout = t.deps.imageFetch.timeoutMs;
    t.deps.imageFetch.timeoutMs = 300;
    try {
      const url = `${img.origin}/stall.png`;
      const res = await create([url]);
      expect(res.status).toBe(400);
      expect(res.body.detail).toBe(`Image 1 (${url}) could not be used: no complete answer within 300 ms`);
    } finally {
      t.deps.imageFetch.timeoutMs = timeout;
    }
  });

  it('refuses a server whose certificate is not trusted', async () => {
    const ca = t.deps.imageFetch.ca;
    delete t.deps.imageFetch.ca;
    try {
      const res = await create([`${img.origin}/photo.png`]);
      expect(res.status).toBe(400);
      expect(res.body.detail).toMatch(/could not be used: its TLS certificate is not valid/);
    } finally {
      t.deps.imageFetch.ca = ca;
    }
  });
});
