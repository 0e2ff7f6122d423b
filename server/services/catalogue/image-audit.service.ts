import type { PrismaClient } from '@prisma/client';
import { claimSettingMarker, countUnstoredProductImages, listUnstoredProductImages, type UnstoredImage } from './image-audit.sql';

// Before product images had to be images the shop stores, one could be any text (a javascript: or
// data: URL, another site's address; docs/decisions/0008-product-images-only-stored.md). Such
// values are never deleted: they are reported, once in the log after the upgrade and on the
// dashboard until someone fixes them, and the product form refuses to save them again.


/** Product image values that are not paths the image store produced (the SQL twin of isStoredImagePath). */
export async function findUnstoredProductImages(db: PrismaClient, limit = 20): Promise<{ count: number; items: UnstoredImage[] }> {
  const [items, total] = await Promise.all([
    listUnstoredProductImages(db, limit),
    countUnstoredProductImages(db),
  ]);
  return { count: total, items };
}

const MARKER = 'audit_product_images';

/**
 * Runs once per database (a Setting row remembers it; the row is claimed first, so of several
 * instances starting together only one checks): logs each product image value that is not an
 * image of the shop. Answers how many there are, or null when the check had already run.
 */
export async function auditProductImagesOnce(db: PrismaClient, warn: (msg: string) => void): Promise<number | null> {
  if (!(await claimSettingMarker(db, MARKER))) return null;
  const { count, items } = await findUnstoredProductImages(db, 1000);
  for (const i of items) {
    warn(`Product image not stored by the shop: "${i.product_name}" (${i.product_id}) has ${JSON.stringify(i.url.slice(0, 200))}; upload the image or give its https:// address in the product form`);
  }
  if (count > 0) warn(`${count} product image value(s) are not images the shop stores; they are listed on the back office dashboard and kept until fixed`);
  await db.setting.update({ where: { key: MARKER }, data: { value: { checked_at: new Date().toISOString(), unstored: count } }, select: { key: true } });
  return count;
}
