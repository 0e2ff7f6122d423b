import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { AppError, badRequest } from '../../../shared/errors';
import type { ImageStorage } from '../../storage/image-storage';

export interface IncomingImage {
  originalname: string;
  buffer: Buffer;
}

/** Display size for product pages and a thumbnail for cards and the form. */
const IMAGE_SIZES = { full: 1200, thumb: 400 } as const;
const MAX_PIXELS = 50_000_000;

/** The name as staff know it, without any path and safe to echo in a message. */
export const displayName = (name: string) => (name.split(/[\\/]/).pop() || 'File').slice(0, 120);

/**
 * Decodes the bytes within the pixel limit (a renamed text file or an empty file is refused,
 * whatever its name says) and answers the format the decoder found, or throws `invalid`.
 */
export async function checkImageBytes(bytes: Buffer, invalid: AppError): Promise<string> {
  if (bytes.length === 0) throw invalid;
  try {
    const meta = await sharp(bytes, { limitInputPixels: MAX_PIXELS }).metadata();
    if (!meta.width || !meta.height || !meta.format) throw invalid;
    await sharp(bytes, { limitInputPixels: MAX_PIXELS, failOn: 'error' }).resize(8, 8).toBuffer();
    return meta.format;
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw invalid;
  }
}

/** Stores checked bytes as WebP at display and thumbnail size; answers the display image's path. */
export async function storeImageBytes(storage: ImageStorage, bytes: Buffer): Promise<string> {
  const id = randomUUID();
  const base = sharp(bytes, { limitInputPixels: MAX_PIXELS }).rotate();
  const full = await base.clone().resize({ width: IMAGE_SIZES.full, height: IMAGE_SIZES.full, fit: 'inside', withoutEnlargement: true }).webp({ quality: 82 }).toBuffer();
  const thumb = await base.clone().resize({ width: IMAGE_SIZES.thumb, height: IMAGE_SIZES.thumb, fit: 'inside', withoutEnlargement: true }).webp({ quality: 78 }).toBuffer();
  const url = await storage.save(`products/${id}.webp`, full);
  await storage.save(`products/${id}-${IMAGE_SIZES.thumb}.webp`, thumb);
  return url;
}

/**
 * Checks every file, then stores each. All files are checked before any is stored, so a bad file
 * in a batch leaves nothing half-uploaded.
 */
export async function storeProductImages(storage: ImageStorage, files: IncomingImage[]): Promise<string[]> {
  if (files.length === 0) throw badRequest('Please choose at least one image');
  for (const f of files) await checkImageBytes(f.buffer, badRequest(`${displayName(f.originalname)} is not a valid image file`));
  const urls: string[] = [];
  for (const f of files) urls.push(await storeImageBytes(storage, f.buffer));
  return urls;
}
