import { SHOP_NAME } from '../constants';
import { absoluteUrl } from './absolute-url';

// A page's head tags from its metadata: what every page's <Seo> needs (src/components/Seo.tsx) and
// what the server writes (server/pages/). The pages' own metadata is in page-meta.ts; apart from it,
// so the pages that only render <Seo> (cart, checkout, account...) do not load every public page's
// metadata and JSON-LD builders too (decision 0150).

export type JsonLd = Record<string, unknown>;

export interface PageMeta {
  title: string;
  description: string;
  keywords?: string[];
  /** Path of the canonical URL, e.g. "/products/abc/white-mailers". */
  path: string;
  image?: string;
  type?: 'website' | 'product' | 'article';
  /** Structured data (schema.org), one <script type="application/ld+json"> each. */
  jsonLd?: JsonLd[];
  noindex?: boolean;
}

export type HeadTag =
  | { tag: 'title'; text: string }
  | { tag: 'meta'; name?: string; property?: string; content: string }
  | { tag: 'link'; rel: string; href: string }
  | { tag: 'jsonld'; json: string };

const DEFAULT_KEYWORDS = ['polymailer', 'poly mailer bags', 'bubble wrap', 'packaging supplies', 'Singapore', 'Malaysia', 'courier bags'];
const DEFAULT_IMAGE = '/og-image.svg';

const fullTitle = (title: string) => (title.includes(SHOP_NAME) ? title : `${title} | ${SHOP_NAME}`);

/** JSON for a <script type="application/ld+json">: "<" escaped so no text can close the script. */
export const jsonLdText = (data: JsonLd) => JSON.stringify(data).replace(/</g, '\\u003c');

/** The tags of a page's head, in order; both renderers write exactly these. */
export function headTags(meta: PageMeta, origin: string): HeadTag[] {
  const title = fullTitle(meta.title);
  const url = absoluteUrl(origin, meta.path);
  const image = absoluteUrl(origin, meta.image || DEFAULT_IMAGE);
  const tags: HeadTag[] = [
    { tag: 'title', text: title },
    { tag: 'meta', name: 'description', content: meta.description },
    { tag: 'meta', name: 'keywords', content: [...(meta.keywords ?? []), ...DEFAULT_KEYWORDS].join(', ') },
    { tag: 'link', rel: 'canonical', href: url },
  ];
  if (meta.noindex) tags.push({ tag: 'meta', name: 'robots', content: 'noindex' });
  tags.push(
    { tag: 'meta', property: 'og:site_name', content: SHOP_NAME },
    { tag: 'meta', property: 'og:title', content: title },
    { tag: 'meta', property: 'og:description', content: meta.description },
    { tag: 'meta', property: 'og:type', content: meta.type ?? 'website' },
    { tag: 'meta', property: 'og:url', content: url },
    { tag: 'meta', property: 'og:image', content: image },
    { tag: 'meta', property: 'og:locale', content: 'en_SG' },
    { tag: 'meta', name: 'twitter:card', content: 'summary_large_image' },
    { tag: 'meta', name: 'twitter:title', content: title },
    { tag: 'meta', name: 'twitter:description', content: meta.description },
    { tag: 'meta', name: 'twitter:image', content: image },
  );
  for (const data of meta.jsonLd ?? []) tags.push({ tag: 'jsonld', json: jsonLdText(data) });
  return tags;
}
