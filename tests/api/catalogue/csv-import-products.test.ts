import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productPayload } from '../../factories/admin';
import { createUser } from '../../factories/users';
import { startImageServer, type TestImageServer } from '../../setup/image-server';
import { createTestApp, type TestApp } from '../../setup/test-app';

// Products and variants from a CSV: created or updated by SKU through the product form's rules.

let t: TestApp;
let admin: string;
let staff: string;
let skuA: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = (await createUser(t.deps, { role: 'admin' })).token;
  staff = (await createUser(t.deps, { role: 'staff' })).token;
  const p = (await t.api('POST', '/admin/products', { token: admin, body: productPayload({ name: 'Old mailer' }) })).body;
  skuA = p.variants[0].sku;
});
afterAll(() => t.close());

function upload(csv: string, opts: { mode?: string; token?: string } = {}) {
  return fetch(`${t.baseUrl}/api/admin/import/products${opts.mode ? `?mode=${opts.mode}` : ''}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${opts.token ?? staff}`, 'content-type': 'text/csv' },
    body: csv,
  }).then(async (res) => ({ status: res.status, body: await res.json() }));
}

const HEADER = 'sku,product_name,category,type,color,width_cm,height_cm,pack_size,price_tiers,safety_stock';

describe('products import', () => {
  it('dry run: creates, changes and refuses row by row, with reasons', async () => {
    const a = await t.db.variant.findUniqueOrThrow({ where: { sku: skuA } });
    const csv = [
      HEADER,
      `${skuA},Old mailer,polymailers,normal,black,${a.widthCm},${a.heightCm},50,25:11|100:9,2`,
      ',Import mailer,polymailers,normal,white,60,70,50,1:3.5,0',
      ',Import mailer,polymailers,normal,purple,60,70,50,1:3.5,0',
      ',Import mailer,polymailers,normal,white,60,70,50,1:abc,0',
      ',Import mailer,polymailers,normal,white,60,70,50,1:4,0',
    ].join('\n');
    const res = await upload(csv);
    expect(res.status).toBe(200);
    expect(res.body.summary).toEqual({ create: 1, change: 1, unchanged: 0, refuse: 3 });
    const [change, create, colour, price, dup] = res.body.rows;
    expect(change).toMatchObject({ action: 'change', changes: ['price_tiers 25:12.5|100:10 -> 25:11|100:9'] });
    expect(create).toMatchObject({ action: 'create', sku: 'POLYMAILERS_NORMAL_WHITE_60X70_50' });
    expect(colour.errors[0]).toMatch(/^Unknown colour "purple"/);
    expect(price.errors[0]).toMatch(/^Bad price tiers "1:abc"/);
    expect(dup.errors).toEqual(['Duplicate SKU: also on row 3']);

    const refused = await upload(csv, { mode: 'apply' });
    expect(refused.status).toBe(409);
    expect(await t.db.variant.count({ where: { sku: 'POLYMAILERS_NORMAL_WHITE_60X70_50' } })).toBe(0);

    const fixed = await upload([HEADER, csv.split('\n')[1], csv.split('\n')[2]].join('\n'), { mode: 'apply' });
    expect(fixed.status).toBe(200);
    expect(fixed.body).toMatchObject({ applied: true, summary: { create: 1, change: 1, refuse: 0 } });
    const created = await t.db.variant.findUniqueOrThrow({ where: { sku: 'POLYMAILERS_NORMAL_WHITE_60X70_50' }, include: { product: true, priceTiers: true } });
    expect(created.product.name).toBe('Import mailer');
    expect(created.basePriceCents).toBe(350);
    const tiers = await t.db.priceTier.findMany({ where: { variantId: a.id }, orderBy: { minQuantity: 'asc' } });
    expect(tiers.map((x) => [x.minQuantity, x.priceCents])).toEqual([[25, 1100], [100, 900]]);
  });

  it('takes its own export back as a file with nothing to change', async () => {
    const exported = await fetch(`${t.baseUrl}/api/admin/export/products`, { headers: { authorization: `Bearer ${staff}` } }).then((r) => r.text());
    const res = await upload(exported);
    expect(res.status).toBe(200);
    expect(res.body.summary).toMatchObject({ create: 0, change: 0, refuse: 0 });
  });

  it('moves the products it changes or adds to in the integrators\' list, and writes tiers, weight and safety stock', async () => {
    const a = await t.db.variant.findUniqueOrThrow({ where: { sku: skuA }, include: { product: true } });
    const before = a.product.updatedAt;
    const csv = [
      'product_name;category;type;color;width_cm;height_cm;pack_size;price_tiers;safety_stock;weight_grams',
      `Old mailer;polymailers;normal;black;${a.widthCm};${a.heightCm};50;1:13|50:12;4;321`,
      `Old mailer;polymailers;normal;black;${a.widthCm};${a.heightCm};250;1:40;0;`,
    ].join('\r\n');
    const res = await upload(csv, { mode: 'apply' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.summary).toMatchObject({ create: 1, change: 1, refuse: 0 });
    const after = await t.db.variant.findUniqueOrThrow({ where: { sku: skuA }, include: { product: true, priceTiers: { orderBy: { minQuantity: 'asc' } } } });
    expect(after).toMatchObject({ safetyStock: 4, weightGrams: 321, basePriceCents: 1300 });
    expect(after.priceTiers.map((x) => [x.minQuantity, x.priceCents])).toEqual([[1, 1300], [50, 1200]]);
    expect(after.product.updatedAt.getTime()).toBeGreaterThan(before.getTime());
    const added = await t.db.variant.findUniqueOrThrow({ where: { sku: skuA.replace(/_50$/, '_250') }, include: { priceTiers: true } });
    expect(added).toMatchObject({ productId: a.productId, basePriceCents: 4000, onHand: 0 });
    expect(added.priceTiers).toHaveLength(1);
    const feed = await t.api('GET', `/admin/products/feed?updated_since=${encodeURIComponent(before.toISOString())}`, { token: staff });
    expect(feed.body.items.map((p: { id: string }) => p.id).at(-1)).toBe(a.productId);
  });

  it('tells a UTF-16 file apart from other encodings', async () => {
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(`${HEADER}\n`, 'utf16le')]);
    const res = await fetch(`${t.baseUrl}/api/admin/import/products`, { method: 'POST', headers: { authorization: `Bearer ${staff}`, 'content-type': 'text/csv' }, body: utf16 });
    expect(res.status).toBe(400);
    expect((await res.json()).detail).toMatch(/^The file is UTF-16 text/);
  });

  it('a key needs catalog:write', async () => {
    const key = async (scopes: string[]) => (await t.api('POST', '/admin/api-keys', { token: admin, body: { name: 'cat', scopes } })).body.secret as string;
    expect((await upload(`${HEADER}\n`, { token: await key(['catalog:read', 'inventory:write']) })).status).toBe(403);
    expect((await upload(`${HEADER}\n`, { token: await key(['catalog:write']) })).status).toBe(400);
  });
});

describe('products import: images column', () => {
  let img: TestImageServer;
  beforeAll(async () => {
    img = await startImageServer();
    t.deps.imageFetch.ca = img.cert;
  });
  afterAll(() => img.close());

  const IMG_HEADER = 'product_name,category,type,color,width_cm,height_cm,pack_size,price_tiers,images';
  const storedFiles = () => (existsSync(join(t.uploadsDir, 'products')) ? readdirSync(join(t.uploadsDir, 'products')).length : 0);

  it('dry run fetches and checks addresses without storing; refused images are row errors; the apply stores them', async () => {
    const photo = `${img.origin}/photo.png`;
    const csv = [
      IMG_HEADER,
      `Pictured mailer,polymailers,normal,white,61,71,50,1:3,/uploads/seed/white-polymailers-1.webp|${photo}`,
      `Pictured mailer,polymailers,normal,white,61,71,100,1:5,`,
      `Script mailer,polymailers,normal,white,62,72,50,1:3,javascript:alert(1)`,
      `Page mailer,polymailers,normal,white,63,73,50,1:3,${img.origin}/page.png`,
      `Moved mailer,polymailers,normal,white,64,74,50,1:3,${img.origin}/redirect.png`,
    ].join('\n');
    const files = storedFiles();
    const hits = img.hits.get('/photo.png') ?? 0;
    const dry = await upload(csv);
    expect(dry.status).toBe(200);
    expect(dry.body.summary).toEqual({ create: 2, change: 0, unchanged: 0, refuse: 3 });
    const [pictured, second, script, page, moved] = dry.body.rows;
    expect(pictured.changes).toEqual(['new variant of "Pictured mailer"', 'images: 0 -> 2 (fetched from https:// addresses when applied)']);
    expect(second.changes).toEqual(['new variant of "Pictured mailer"']);
    expect(script.errors).toEqual(['Image 1: "javascript:alert(1)" is not an image of the shop: upload the image, or give its https:// address for the shop to fetch']);
    expect(page.errors).toEqual([`Image 1 (${img.origin}/page.png) could not be used: it is not a valid image file`]);
    expect(moved.errors).toEqual([`Image 1 (${img.origin}/redirect.png) could not be used: it answered 302, a redirect (redirects are not followed: give the image's own address)`]);
    expect(img.hits.get('/photo.png')).toBe(hits + 1);
    expect(storedFiles()).toBe(files);

    // Row errors refuse the whole file, as they always have: nothing is written.
    const refused = await upload(csv, { mode: 'apply' });
    expect(refused.status).toBe(409);
    expect(await t.db.product.count({ where: { name: 'Pictured mailer' } })).toBe(0);

    const applied = await upload(csv.split('\n').slice(0, 3).join('\n'), { mode: 'apply' });
    expect(applied.status, JSON.stringify(applied.body)).toBe(200);
    const product = await t.db.product.findFirstOrThrow({ where: { name: 'Pictured mailer' }, include: { images: { orderBy: { position: 'asc' } }, variants: true } });
    expect(product.variants).toHaveLength(2);
    expect(product.images.map((i) => i.url)).toEqual(['/uploads/seed/white-polymailers-1.webp', expect.stringMatching(/^\/uploads\/img\/[0-9a-f]{20}-\d+x\d+\.webp$/)]);
    expect((await fetch(`${t.baseUrl}${product.images[1].url}`)).status).toBe(200);
  });

  it('replaces the images of an existing product, and refuses a loopback address when private addresses are not allowed', async () => {
    const a = await t.db.variant.findUniqueOrThrow({ where: { sku: skuA }, include: { product: { include: { images: true } } } });
    const tiers = (await t.db.priceTier.findMany({ where: { variantId: a.id }, orderBy: { minQuantity: 'asc' } })).map((x) => `${x.minQuantity}:${x.priceCents / 100}`).join('|');
    const header = `${IMG_HEADER},safety_stock`;
    const row = (images: string) => `Old mailer,polymailers,normal,black,${a.widthCm},${a.heightCm},50,${tiers},${images},${a.safetyStock}`;
    const before = a.product.images.length;

    t.deps.webhooks.allowPrivate = false;
    try {
      const strict = await upload([header, row(`${img.origin}/photo.jpg`)].join('\n'), { mode: 'apply' });
      expect(strict.status).toBe(409);
      expect(strict.body.rows[0].errors).toEqual([`Image 1 (${img.origin}/photo.jpg) could not be used: 127.0.0.1 is a private, loopback or link-local address, which the shop does not fetch from`]);
    } finally {
      t.deps.webhooks.allowPrivate = true;
    }

    const res = await upload([header, row(`${img.origin}/photo.jpg`)].join('\n'), { mode: 'apply' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.rows[0]).toMatchObject({ action: 'change', changes: [`images: ${before} -> 1`] });
    const images = await t.db.productImage.findMany({ where: { productId: a.productId } });
    expect(images.map((i) => i.url)).toEqual([expect.stringMatching(/^\/uploads\/img\/[0-9a-f]{20}-\d+x\d+\.webp$/)]);
    // The same stored path again changes nothing.
    const again = await upload([header, row(images[0].url)].join('\n'));
    expect(again.body.rows[0]).toMatchObject({ action: 'unchanged', changes: [] });
  });
});
