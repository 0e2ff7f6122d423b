import { IMAGE_SIZES, responsiveImage } from '../../shared/domain/responsive-images';
import type { HeadTag } from '../../shared/seo/page-meta';

// The server's renderer of shared/seo headTags(); src/components/Seo.tsx is the browser's. Every tag
// carries data-page-head so that the SPA can drop them once it renders its own (no duplicates).

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);

export const SERVER_HEAD_ATTR = 'data-page-head';

export function renderHeadTag(tag: HeadTag): string {
  const mark = SERVER_HEAD_ATTR;
  switch (tag.tag) {
    case 'title':
      return `<title ${mark}>${escapeHtml(tag.text)}</title>`;
    case 'meta': {
      const key = tag.property !== undefined ? `property="${escapeHtml(tag.property)}"` : `name="${escapeHtml(tag.name ?? '')}"`;
      return `<meta ${mark} ${key} content="${escapeHtml(tag.content)}" />`;
    }
    case 'link':
      return `<link ${mark} rel="${escapeHtml(tag.rel)}" href="${escapeHtml(tag.href)}" />`;
    case 'jsonld':
      // jsonLdText() already escaped every "<", so the text cannot end the script early.
      return `<script ${mark} type="application/ld+json">${tag.json}</script>`;
  }
}

export const renderHead = (tags: HeadTag[]) => tags.map((t) => `    ${renderHeadTag(t)}\n`).join('');

/**
 * The preload of a page's largest paint (a product page's main image, the listing's first card):
 * the AVIF set the <picture> picks first (a browser without AVIF skips a preload of a type it cannot
 * show), at the `sizes` the page lays it out at, so the browser picks the same width. Empty for
 * images without responsive copies and for pages without an image.
 */
export function renderImagePreload(url: string | undefined, sizes: string = IMAGE_SIZES.gallery): string {
  const image = url ? responsiveImage(url) : null;
  if (!image) return '';
  return `    <link ${SERVER_HEAD_ATTR} rel="preload" as="image" type="image/avif" imagesrcset="${escapeHtml(image.srcSet.avif)}" imagesizes="${escapeHtml(sizes)}" fetchpriority="high" />\n`;
}
