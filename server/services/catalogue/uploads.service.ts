import sharp from 'sharp';
import { SOURCE_MAX } from '../../../shared/domain/responsive-images';
import { AppError, badRequest } from '../../../shared/errors';
import type { ImageStorage } from '../../storage/image-storage';
import { storeSourceImage } from '../../storage/image-variants';

export interface IncomingImage {
  originalname: string;
  buffer: Buffer;
}

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

/**
 * Stores checked bytes as a WebP source of at most SOURCE_MAX px across, under its content hash;
 * answers its path. The narrower AVIF and WebP copies are made from it on first request.
 */
export async function storeImageBytes(storage: ImageStorage, bytes: Buffer): Promise<string> {
  const source = await sharp(bytes, { limitInputPixels: MAX_PIXELS })
    .rotate()
    .resize({ width: SOURCE_MAX, height: SOURCE_MAX, fit: 'inside', withoutEnlargement: true })
    .webp({ quality: 82 })
    .toBuffer();
  return storeSourceImage(storage, source);
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
