// Product images under content-hashed names (docs/decisions/0145-responsive-images.md). The stored
// source is /uploads/img/<hash>-<W>x<H>.webp (at most 1200 px across); its narrower copies are
// /uploads/img/<hash>-<W>x<H>-<w>.<avif|webp>. The name carries everything a page needs (the
// source's size for width/height, and so the widths that exist), so the API keeps answering plain
// URL strings and every component derives the same srcset from them. The server derives the
// widths with the same function, so it makes only the copies a page can ask for.

const VARIANT_WIDTHS = [160, 320, 640, 960] as const;
export const VARIANT_FORMATS = ['avif', 'webp'] as const;
export type VariantFormat = (typeof VARIANT_FORMATS)[number];

/** The longest side a source is stored at. */
export const SOURCE_MAX = 1200;

const HASH = '[0-9a-f]{20}';
const DIM = '[1-9][0-9]{0,3}';
/** Written so that PostgreSQL's `~` reads it the same (the stored-image pattern embeds it). */
export const RESPONSIVE_SOURCE_PATTERN = `img/${HASH}-${DIM}x${DIM}[.]webp`;
const SOURCE = new RegExp(`^/uploads/img/(${HASH})-(${DIM})x(${DIM})\\.webp$`);
const VARIANT_NAME = new RegExp(`^img/(${HASH}-(${DIM})x${DIM})-(${DIM})\\.(avif|webp)$`);

export interface ResponsiveSource {
  src: string;
  width: number;
  height: number;
}

export function parseResponsiveSource(url: string): ResponsiveSource | null {
  const m = SOURCE.exec(url);
  return m ? { src: url, width: Number(m[2]), height: Number(m[3]) } : null;
}

/** The widths made for a source this wide: the standard ones below it, and its own. */
export function variantWidths(sourceWidth: number): number[] {
  return [...VARIANT_WIDTHS.filter((w) => w < sourceWidth), sourceWidth];
}

export const variantUrl = (src: string, width: number, format: VariantFormat): string => src.replace(/\.webp$/, `-${width}.${format}`);

/** The image-store name of a copy: the source's name, the width and the format, or null when no such copy exists. */
export function parseVariantName(name: string): { source: string; width: number; format: VariantFormat } | null {
  const m = VARIANT_NAME.exec(name);
  if (!m) return null;
  const width = Number(m[3]);
  if (!variantWidths(Number(m[2])).includes(width)) return null;
  return { source: `img/${m[1]}.webp`, width, format: m[4] as VariantFormat };
}

export interface ResponsiveImage extends ResponsiveSource {
  /** srcset of each format, narrowest first. */
  srcSet: Record<VariantFormat, string>;
}

/** What an <img>/<picture> needs for a stored product image; null for values without copies (older paths). */
export function responsiveImage(url: string): ResponsiveImage | null {
  const source = parseResponsiveSource(url);
  if (!source) return null;
  const set = (format: VariantFormat) => variantWidths(source.width).map((w) => `${variantUrl(url, w, format)} ${w}w`).join(', ');
  return { ...source, srcSet: { avif: set('avif'), webp: set('webp') } };
}

/** The `sizes` of the places product images are shown, matched to their Tailwind layouts. */
export const IMAGE_SIZES = {
  // Product page: full width on a phone, half of the 1280 px container beside the details.
  gallery: '(min-width: 1280px) 588px, (min-width: 1024px) calc(50vw - 52px), calc(100vw - 32px)',
  // Listing: 1 column, 2 from sm, 3 from xl beside the 16rem filter column from lg.
  card: '(min-width: 1280px) 294px, (min-width: 1024px) calc(50vw - 188px), (min-width: 640px) calc(50vw - 36px), calc(100vw - 32px)',
  // "More products": 1, 2, then 4 columns.
  cardRow: '(min-width: 1280px) 289px, (min-width: 1024px) calc(25vw - 30px), (min-width: 640px) calc(50vw - 36px), calc(100vw - 32px)',
} as const;
