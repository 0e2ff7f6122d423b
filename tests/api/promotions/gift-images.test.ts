import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../factories/users';
import { startImageServer, type TestImageServer } from '../../setup/image-server';
import { createTestApp, type TestApp } from '../../setup/test-app';

// Gift items show their image to shoppers beside the cart, so they are held to the product images'
// rule: a path the image store produced, or an https:// address fetched, checked and stored.

let t: TestApp;
let img: TestImageServer;
let staff: string;
beforeAll(async () => {
  [t, img] = await Promise.all([createTestApp(), startImageServer()]);
  t.deps.imageFetch.ca = img.cert; // the test image server's self-signed certificate
  staff = (await createUser(t.deps, { role: 'staff' })).token;
});
afterAll(async () => {
  await Promise.all([t.close(), img.close()]);
});

const gift = (image_url: string) => ({ name: 'Sticker roll', description: 'Fragile stickers', stock_quantity: 5, image_url });
const STORED = /^\/uploads\/img\/[0-9a-f]{20}-\d+x\d+\.webp$/;

describe('gift item images', () => {
  it('keeps a stored path and stores an https image in its place (REST create, tRPC update)', async () => {
    const kept = await t.api('POST', '/admin/gift-items', { token: staff, body: gift('/uploads/seed/gift-bubble-wrap.webp') });
    expect(kept.status).toBe(200);
    expect(kept.body.image_url).toBe('/uploads/seed/gift-bubble-wrap.webp');

    const fetched = await t.api('POST', '/admin/gift-items', { token: staff, body: gift(`${img.origin}/photo.png`) });
    expect(fetched.status).toBe(200);
    expect(fetched.body.image_url).toMatch(STORED);
    expect((await fetch(`${t.baseUrl}${fetched.body.image_url}`)).status).toBe(200);

    const updated = await t.caller({ token: staff }).admin.gifts.updateItem({ id: kept.body.id, ...gift(`${img.origin}/photo.jpg`) });
    expect(updated.image_url).toMatch(STORED);
  });

  it.each([['javascript:alert(1)'], ['data:image/png;base64,iVBORw0KGgo='], ['http://example.com/a.png'], ['/anything/else.png'], ['//evil.example/a.png']])(
    'refuses %j with a 400 on both doors and saves nothing',
    async (value) => {
      const before = await t.db.giftItem.count();
      const res = await t.api('POST', '/admin/gift-items', { token: staff, body: gift(value) });
      expect(res.status).toBe(400);
      expect(res.body.detail).toMatch(/^Gift image: ".*" is not an image of the shop/);
      await expect(t.caller({ token: staff }).admin.gifts.createItem(gift(value))).rejects.toMatchObject({ code: 'BAD_REQUEST' });
      expect(await t.db.giftItem.count()).toBe(before);
    },
  );

  it('refuses an https address that does not answer an image, with the reason', async () => {
    const res = await t.api('POST', '/admin/gift-items', { token: staff, body: gift(`${img.origin}/missing.png`) });
    expect(res.status).toBe(400);
    expect(res.body.detail).toMatch(/^Gift image \(.*\) could not be used: /);
  });
});
