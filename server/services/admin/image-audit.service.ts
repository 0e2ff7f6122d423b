import type { PrismaClient } from '@prisma/client';
import { STORED_IMAGE_PATTERN } from '../../../shared/domain/product-images';

// Before product images had to be images the shop stores, one could be any text (a javascript: or
// data: URL, another site's address; docs/decisions/0008-product-images-only-stored.md). Such
// values are never deleted: they are reported, once in the log after the upgrade and on the
// dashboard until someone fixes them, and the product form refuses to save them again.

export interface UnstoredImage {
  product_id: string;
  product_name: string;
  url: string;
}

/** Product image values that are not paths the image store produced (the SQL twin of isStoredImagePath). */
export async function findUnstoredProductImages(db: PrismaClient, limit = 20): Promise<{ count: number; items: UnstoredImage[] }> {
  const [items, total] = await Promise.all([
    db.$queryRaw<UnstoredImage[]>`
      SELECT p."id" AS product_id, p."name" AS product_name, i."url" AS url
      FROM "ProductImage" i JOIN "Product" p ON p."id" = i."productId"
      WHERE i."url" !~ ${STORED_IMAGE_PATTERN}
      ORDER BY p."name", p."id", i."position"
      LIMIT ${limit}`,
    db.$queryRaw<{ n: bigint | number }[]>`SELECT COUNT(*) AS n FROM "ProductImage" WHERE "url" !~ ${STORED_IMAGE_PATTERN}`,
  ]);
  return { count: Number(total[0]?.n ?? 0), items };
}

const MARKER = 'audit_product_images';

/**
 * Runs once per database (a Setting row remembers it; the row is claimed first, so of several
 * instances starting together only one checks): logs each product image value that is not an
 * image of the shop. Answers how many there are, or null when the check had already run.
 */
export async function auditProductImagesOnce(db: PrismaClient, warn: (msg: string) => void): Promise<number | null> {
  const claimed = await db.$executeRaw`
    INSERT INTO "Setting" ("key", "value", "updatedAt") VALUES (${MARKER}, '{}'::jsonb, now()) ON CONFLICT ("key") DO NOTHING`;
  if (claimed === 0) return null;
  const { count, items } = await findUnstoredProductImages(db, 1000);
  for (const i of items) {
    warn(`Product image not stored by the shop: "${i.product_name}" (${i.product_id}) has ${JSON.stringify(i.url.slice(0, 200))}; upload the image or give its https:// address in the product form`);
  }
  if (count > 0) warn(`${count} product image value(s) are not images the shop stores; they are listed on the back office dashboard and kept until fixed`);
  await db.setting.update({ where: { key: MARKER }, data: { value: { checked_at: new Date().toISOString(), unstored: count } }, select: { key: true } });
  return count;
}
