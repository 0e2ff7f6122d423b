// Product images are images the shop stores, so no one can plant a script URL or another site's
// picture in its pages (docs/decisions/0008-product-images-only-stored.md). A value is kept as it
// is only when it is a path the image store produced: uploads are products/<uuid>.webp (and the
// -400 thumbnail beside each), the seed's drawings seed/<slug>-<n>.webp, and since the responsive
// images the content-hashed img/<hash>-<W>x<H>.webp (shared/domain/responsive-images.ts). An
// https:// address is fetched, checked and stored by the server, which then saves the stored path.
// Anything else is refused.
import { RESPONSIVE_SOURCE_PATTERN } from './responsive-images';

/** The store's paths; written so that PostgreSQL's `~` reads it the same (the upgrade check's SQL uses it). */
export const STORED_IMAGE_PATTERN =
  `^/uploads/(products/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}(-400)?[.]webp|seed/[a-z0-9]+(-[a-z0-9]+)*[.]webp|${RESPONSIVE_SOURCE_PATTERN})$`;
const STORED = new RegExp(STORED_IMAGE_PATTERN);

export const isStoredImagePath = (value: string): boolean => STORED.test(value);

/** How a value is shown in a message: short, and without control characters. */
export function imageValueForMessage(value: string): string {
  // eslint-disable-next-line no-control-regex
  const clean = value.replace(/[\u0000-\u001f\u007f]/g, '?');
  return clean.length > 80 ? `${clean.slice(0, 77)}...` : clean;
}

/** An https:// address the server may fetch an image from (whether the host is public is checked when fetching). */
export function isOutsideImageAddress(value: string): boolean {
  // Backslashes, spaces and control characters are read differently by different URL parsers.
  // eslint-disable-next-line no-control-regex
  if (!/^https:\/\/[^/\\\s\u0000-\u001f\u007f]/i.test(value) || /[\\\s\u0000-\u001f\u007f]/.test(value)) return false;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && url.hostname !== '' && url.username === '' && url.password === '';
  } catch {
    return false;
  }
}

/** Why a value cannot be a product image, or null when it is a stored path or an https:// address. */
export function imageValueProblem(value: string): string | null {
  if (isStoredImagePath(value) || isOutsideImageAddress(value)) return null;
  return `"${imageValueForMessage(value)}" is not an image of the shop: upload the image, or give its https:// address for the shop to fetch`;
}
