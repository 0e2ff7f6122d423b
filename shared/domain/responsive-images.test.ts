import { describe, expect, it } from 'vitest';
import { isStoredImagePath } from './product-images';
import { parseVariantName, responsiveImage, variantUrl, variantWidths } from './responsive-images';

const HASH = '0123456789abcdef0123';
const SRC = `/uploads/img/${HASH}-800x600.webp`;

describe('responsive product images', () => {
  it('derives width, height and a srcset per format from the stored name', () => {
    expect(responsiveImage(SRC)).toEqual({
      src: SRC,
      width: 800,
      height: 600,
      srcSet: {
        avif: `/uploads/img/${HASH}-800x600-160.avif 160w, /uploads/img/${HASH}-800x600-320.avif 320w, /uploads/img/${HASH}-800x600-640.avif 640w, /uploads/img/${HASH}-800x600-800.avif 800w`,
        webp: `/uploads/img/${HASH}-800x600-160.webp 160w, /uploads/img/${HASH}-800x600-320.webp 320w, /uploads/img/${HASH}-800x600-640.webp 640w, /uploads/img/${HASH}-800x600-800.webp 800w`,
      },
    });
  });

  it('makes no width above the source, and always the source width itself', () => {
    expect(variantWidths(1200)).toEqual([160, 320, 640, 960, 1200]);
    expect(variantWidths(640)).toEqual([160, 320, 640]);
    expect(variantWidths(100)).toEqual([100]);
  });

  it('answers null for older stored paths and anything else', () => {
    expect(responsiveImage('/uploads/seed/white-polymailers-1.webp')).toBeNull();
    expect(responsiveImage(`/uploads/img/${HASH.toUpperCase()}-800x600.webp`)).toBeNull();
    expect(responsiveImage(`/uploads/img/${HASH}-800x600.webp?x=1`)).toBeNull();
    expect(responsiveImage(`https://example.com/uploads/img/${HASH}-800x600.webp`)).toBeNull();
  });

  it('reads a copy name back to its source, and refuses widths and formats that are not made', () => {
    expect(parseVariantName(`img/${HASH}-800x600-320.avif`)).toEqual({ source: `img/${HASH}-800x600.webp`, width: 320, format: 'avif' });
    expect(parseVariantName(variantUrl(SRC, 800, 'webp').replace('/uploads/', ''))).toEqual({ source: `img/${HASH}-800x600.webp`, width: 800, format: 'webp' });
    expect(parseVariantName(`img/${HASH}-800x600-960.avif`)).toBeNull();
    expect(parseVariantName(`img/${HASH}-800x600-300.avif`)).toBeNull();
    expect(parseVariantName(`img/${HASH}-800x600-320.png`)).toBeNull();
    expect(parseVariantName(`img/${HASH}-800x600-320.avif/../../etc/passwd`)).toBeNull();
    expect(parseVariantName(`img/../${HASH}-800x600-320.avif`)).toBeNull();
  });

  it('is a stored image path for product forms and the audit', () => {
    expect(isStoredImagePath(SRC)).toBe(true);
    expect(isStoredImagePath(variantUrl(SRC, 320, 'avif'))).toBe(false);
  });
});
