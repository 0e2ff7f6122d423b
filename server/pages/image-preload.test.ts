import { describe, expect, it } from 'vitest';
import { IMAGE_SIZES } from '../../shared/domain/responsive-images';
import { renderImagePreload } from './head-html';

describe("the preload of a product page's main image", () => {
  it('preloads the AVIF set at the gallery sizes, with high priority', () => {
    const link = renderImagePreload('/uploads/img/0123456789abcdef0123-800x800.webp');
    expect(link).toContain('rel="preload" as="image" type="image/avif"');
    expect(link).toContain('imagesrcset="/uploads/img/0123456789abcdef0123-800x800-160.avif 160w,');
    expect(link).toContain('/uploads/img/0123456789abcdef0123-800x800-800.avif 800w"');
    expect(link).toContain('imagesizes="(min-width: 1280px) 588px,');
    expect(link).toContain('fetchpriority="high"');
  });

  it('is empty without an image or for a path without copies', () => {
    expect(renderImagePreload(undefined)).toBe('');
    expect(renderImagePreload('/uploads/seed/white-polymailers-1.webp')).toBe('');
    expect(renderImagePreload('/uploads/img/0123456789abcdef0123-800x800.webp" onload="x')).toBe('');
  });
});

describe("the preload of the listing's first card", () => {
  it('carries the sizes of the place the image is shown at', () => {
    const link = renderImagePreload('/uploads/img/0123456789abcdef0123-800x800.webp', IMAGE_SIZES.card);
    expect(link).toContain(`imagesizes="${IMAGE_SIZES.card}"`);
  });
});
