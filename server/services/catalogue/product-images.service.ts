import { MAX_IMAGE_BYTES } from '../../../shared/constants';
import { imageValueForMessage, isOutsideImageAddress } from '../../../shared/domain/product-images';
import { badRequest } from '../../../shared/errors';
import type { ImageStorage } from '../../storage/image-storage';
import { fetchImage, ImageFetchError } from '../../storage/fetch-image';
import { checkImageBytes, storeImageBytes } from './uploads.service';

/** What fetching an outside image needs: the store, and the fetch rules (server/deps.ts imageSourceOf). */
export interface ImageSource {
  storage: ImageStorage;
  allowPrivate: boolean;
  timeoutMs: number;
  ca?: string;
}

export const IMAGE_FETCH_TIMEOUT_MS = 10_000;

// The types the product form offers (JPEG, PNG or WebP) and GIF; the answer's Content-Type and the
// decoded bytes must name the same one, so an HTML page sent as image/png is refused.
const FORMAT_OF_TYPE: Record<string, string> = { 'image/png': 'png', 'image/jpeg': 'jpeg', 'image/webp': 'webp', 'image/gif': 'gif' };

/** Fetches an outside image and checks it as an upload is checked (type, size, pixels); answers its bytes. */
export async function fetchCheckedImage(source: ImageSource, url: string, label: string): Promise<Buffer> {
  const refuse = (why: string) => badRequest(`${label} (${imageValueForMessage(url)}) could not be used: ${why}`);
  if (!isOutsideImageAddress(url)) throw refuse('only https:// addresses are fetched');
  let fetched;
  try {
    fetched = await fetchImage(url, { allowPrivate: source.allowPrivate, maxBytes: MAX_IMAGE_BYTES, timeoutMs: source.timeoutMs, ca: source.ca });
  } catch (err) {
    if (err instanceof ImageFetchError) throw refuse(err.message);
    throw err;
  }
  const expected = FORMAT_OF_TYPE[fetched.contentType];
  if (!expected) throw refuse(`it is not a JPEG, PNG, WebP or GIF image (Content-Type ${fetched.contentType || 'missing'})`);
  const format = await checkImageBytes(fetched.bytes, refuse('it is not a valid image file'));
  if (format !== expected) throw refuse(`its content is ${format}, not the ${expected} its Content-Type says`);
  return fetched.bytes;
}

/** Fetches, checks and stores an outside image; answers the stored path. */
export async function storeOutsideImage(source: ImageSource, url: string, label: string): Promise<string> {
  return storeImageBytes(source.storage, await fetchCheckedImage(source, url, label));
}

/**
 * A product's image list as it is saved: stored paths stay, each https:// address is replaced by
 * the stored copy (the schema has refused everything else). All are fetched and checked before
 * the first is stored, so a bad address leaves nothing behind.
 */
export async function resolveProductImages(source: ImageSource, images: string[]): Promise<string[]> {
  const fetched = new Map<number, Buffer>();
  for (const [i, value] of images.entries()) {
    if (isOutsideImageAddress(value)) fetched.set(i, await fetchCheckedImage(source, value, `Image ${i + 1}`));
  }
  const out: string[] = [];
  for (const [i, value] of images.entries()) {
    const bytes = fetched.get(i);
    out.push(bytes ? await storeImageBytes(source.storage, bytes) : value);
  }
  return out;
}
