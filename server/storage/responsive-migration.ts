import type { PrismaClient } from '@prisma/client';
import { isStoredImagePath } from '../../shared/domain/product-images';
import { parseResponsiveSource } from '../../shared/domain/responsive-images';
import type { ImageStorage } from './image-storage';
import { storeSourceImage, warmVariants } from './image-variants';

// Product images stored before the responsive images (products/<uuid>.webp, seed/<slug>-<n>.webp)
// move to content-hashed names once (decision 0145). Each image is one step: its bytes are stored
// under the new name and the rows that show it point there, so a stop part-way leaves every row
// valid and the next start carries on with the rest. The old files stay, for the links orders and
// e-mails already hold.

const STORE_PREFIX = /^\/uploads\//;

/** Moves every older stored product image to its content-hashed name; answers how many moved. */
export async function migrateProductImages(db: PrismaClient, storage: ImageStorage, warn: (msg: string) => void): Promise<number> {
  const rows = await db.productImage.findMany({ select: { url: true }, distinct: ['url'] });
  let moved = 0;
  for (const { url } of rows) {
    if (parseResponsiveSource(url) || !isStoredImagePath(url)) continue;
    const image = await storage.read(url.replace(STORE_PREFIX, ''));
    if (!image) {
      warn(`Product image ${url} is not in the image store; it keeps its old name`);
      continue;
    }
    const next = await storeSourceImage(storage, image.bytes);
    await db.productImage.updateMany({ where: { url }, data: { url: next } });
    moved++;
  }
  return moved;
}

/** Makes the missing copies of every product image, one at a time, each product's first image first. */
export async function warmProductImages(db: PrismaClient, storage: ImageStorage): Promise<number> {
  const rows = await db.productImage.findMany({ select: { url: true }, orderBy: [{ position: 'asc' }, { url: 'asc' }] });
  return warmVariants(
    storage,
    rows.map((r) => r.url),
  );
}
