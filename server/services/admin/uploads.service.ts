import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { AppError, badRequest } from '../../../shared/errors';
import type { ImageStorage } from '../../storage/image-storage';

export interface IncomingImage {
  originalname: string;
  buffer: Buffer;
}

/** Display size for product pages and a thumbnail for cards and the form. */
export const IMAGE_SIZES = { full: 1200, thumb: 400 } as const;
const MAX_PIXELS = 50_000_000;

/** The name as staff know it, without any path and safe to echo in a message. */
export const displayName = (name: string) => (name.split(/[\\/]/).pop() || 'File').slice(0, 120);

/**
 * Checks every file by decoding it (a renamed text file or an empty file is refused, whatever its
 * name says), then stores each as WebP at display and thumbnail size. All files are checked before
 * any is stored, so a bad file in a batch leaves nothing half-uploaded.
 */
export async function storeProductImages(storage: ImageStorage, files: IncomingImage[]): Promise<string[]> {
  if (files.length === 0) throw badRequest('Please choose at least one image');
  for (const f of files) {
    const invalid = badRequest(`${displayName(f.originalname)} is not a valid image file`);
    if (f.buffer.length === 0) throw invalid;
    try {
      const meta = await sharp(f.buffer, { limitInputPixels: MAX_PIXELS }).metadata();
      if (!meta.width || !meta.height) throw invalid;
      await sharp(f.buffer, { limitInputPixels: MAX_PIXELS, failOn: 'error' }).resize(8, 8).toBuffer();
    } catch (err) {
      if (err instanceof AppError) throw err;
      throw invalid;
    }
  }
  const urls: string[] = [];
  for (const f of files) {
    const id = randomUUID();
    const base = sharp(f.buffer, { limitInputPixels: MAX_PIXELS }).rotate();
    const full = await base.clone().resize({ width: IMAGE_SIZES.full, height: IMAGE_SIZES.full, fit: 'inside', withoutEnlargement: true }).webp({ quality: 82 }).toBuffer();
    const thumb = await base.clone().resize({ width: IMAGE_SIZES.thumb, height: IMAGE_SIZES.thumb, fit: 'inside', withoutEnlargement: true }).webp({ quality: 78 }).toBuffer();
    urls.push(await storage.save(`products/${id}.webp`, full));
    await storage.save(`products/${id}-${IMAGE_SIZES.thumb}.webp`, thumb);
  }
  return urls;
}
