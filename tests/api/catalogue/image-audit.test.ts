import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isStoredImagePath, STORED_IMAGE_PATTERN } from '../../../shared/domain/product-images';
import { auditProductImagesOnce } from '../../../server/services/catalogue/image-audit.service';
import { createProduct } from '../../factories/catalog';
import { createUser } from '../../factories/users';
import { createTestApp, type TestApp } from '../../setup/test-app';

// Issue 25.4: what is already stored is checked once on upgrade; bad values are reported, not dropped.

let t: TestApp;
let staff: string;
beforeAll(async () => {
  t = await createTestApp();
  staff = (await createUser(t.deps, { role: 'staff' })).token;
});
afterAll(() => t.close());

const GOOD = '/uploads/seed/white-polymailers-1.webp';
const UPLOADED = '/uploads/products/0a1b2c3d-0000-4000-8000-00000000000a.webp';

describe('product images stored before the rule', () => {
  it('the SQL pattern and isStoredImagePath agree', async () => {
    const values = [
      GOOD,
      UPLOADED,
      UPLOADED.replace('.webp', '-400.webp'),
      UPLOADED.replace('.webp', '-800.webp'),
      UPLOADED.toUpperCase(),
      '/uploads/seed/gift-tape-1.webp',
      '/uploads/seed/Bad.webp',
      '/uploads/seed/a--b.webp',
      '/uploads/seed/a.webpx',
      `${GOOD}?x=1`,
      `${GOOD}\n`,
      '/uploads/../seed/a.webp',
      '/uploads/seed/a.png',
      'https://cdn.example/a.png',
      'javascript:alert(1)',
      '',
    ];
    const rows = await t.db.$queryRaw<{ v: string; ok: boolean }[]>`SELECT v, v ~ ${STORED_IMAGE_PATTERN} AS ok FROM unnest(${values}::text[]) AS v`;
    expect(rows.map((r) => [r.v, r.ok])).toEqual(values.map((v) => [v, isStoredImagePath(v)]));
    expect(values.filter(isStoredImagePath)).toEqual([GOOD, UPLOADED, UPLOADED.replace('.webp', '-400.webp'), '/uploads/seed/gift-tape-1.webp']);
  });

  it('logs bad values once, keeps them, shows them on the dashboard, and the form refuses them until fixed', async () => {
    const badId = await createProduct(t.db, { name: 'Legacy mailer', images: [GOOD, 'javascript:alert(1)', 'https://cdn.example/old.png'] });
    await createProduct(t.db, { name: 'Clean mailer', images: [GOOD] });

    const warnings: string[] = [];
    expect(await auditProductImagesOnce(t.db, (m) => warnings.push(m))).toBe(2);
    expect(warnings).toEqual([
      `Product image not stored by the shop: "Legacy mailer" (${badId}) has "javascript:alert(1)"; upload the image or give its https:// address in the product form`,
      `Product image not stored by the shop: "Legacy mailer" (${badId}) has "https://cdn.example/old.png"; upload the image or give its https:// address in the product form`,
      '2 product image value(s) are not images the shop stores; they are listed on the back office dashboard and kept until fixed',
    ]);
    // Once: a second start checks nothing and says nothing.
    expect(await auditProductImagesOnce(t.db, (m) => warnings.push(m))).toBeNull();
    expect(warnings).toHaveLength(3);
    expect((await t.db.productImage.findMany({ where: { productId: badId }, orderBy: { position: 'asc' } })).map((i) => i.url)).toEqual([GOOD, 'javascript:alert(1)', 'https://cdn.example/old.png']);

    const expected = {
      unstored_image_count: 2,
      unstored_images: [
        { product_id: badId, product_name: 'Legacy mailer', url: 'javascript:alert(1)' },
        { product_id: badId, product_name: 'Legacy mailer', url: 'https://cdn.example/old.png' },
      ],
    };
    expect((await t.api('GET', '/admin/dashboard', { token: staff })).body).toMatchObject(expected);
    expect(await t.caller({ token: staff }).admin.dashboard.stats()).toMatchObject(expected);

    // The form shows the values as they are and refuses to save the bad one.
    const caller = t.caller({ token: staff });
    const form = await caller.admin.products.get({ id: badId });
    const save = (images: string[]) => ({
      id: badId,
      name: form.name,
      category: form.category,
      type: form.type,
      color: form.color,
      images,
      variants: form.variants.map((v) => ({ variant_id: v.variant_id, width_cm: v.attributes.width_cm, height_cm: v.attributes.height_cm, pack_size: v.attributes.pack_size, price_tiers: v.price_tiers, on_hand: v.on_hand, safety_stock: v.safety_stock })),
    });
    expect(form.images).toEqual([GOOD, 'javascript:alert(1)', 'https://cdn.example/old.png']);
    const refused = await t.api('PUT', `/admin/products/${badId}`, { token: staff, body: save(form.images) });
    expect(refused.status).toBe(400);
    expect(refused.body.detail).toBe('Image 2: "javascript:alert(1)" is not an image of the shop: upload the image, or give its https:// address for the shop to fetch');

    const fixed = await caller.admin.products.update(save([GOOD]));
    expect(fixed.images).toEqual([GOOD]);
    expect((await caller.admin.dashboard.stats()).unstored_image_count).toBe(0);
  });
});
