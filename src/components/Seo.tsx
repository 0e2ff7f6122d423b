import { useLayoutEffect } from 'react';
import { headTags, type HeadTag, type PageMeta } from '../../shared/seo/head-tags';
import { siteOrigin } from '../lib/site-origin';
import { useHydrated } from '../lib/ssr';

// The browser's renderer of shared/seo headTags(); server/pages/head-html.ts is the server's, so the
// head a crawler gets and the one the SPA shows are the same tags from the same data.

function Tag({ tag }: { tag: HeadTag }) {
  switch (tag.tag) {
    case 'title':
      return <title>{tag.text}</title>;
    case 'meta':
      return tag.property !== undefined ? <meta property={tag.property} content={tag.content} /> : <meta name={tag.name} content={tag.content} />;
    case 'link':
      return <link rel={tag.rel} href={tag.href} />;
    case 'jsonld':
      return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: tag.json }} />;
  }
}

/** Page metadata: React 19 hoists <title>, <meta> and <link> into the document head. */
export function Seo(meta: PageMeta) {
  // The server wrote this page's head itself (server/pages/head-html.ts); React takes it over once
  // the page is hydrated, so the hydrated tree matches the server's body exactly.
  const hydrated = useHydrated();
  // The head the server sent for the first page is replaced by this one (not doubled).
  useLayoutEffect(() => {
    if (hydrated) document.head.querySelectorAll('[data-page-head]').forEach((el) => el.remove());
  }, [hydrated]);
  if (!hydrated) return null;
  const tags = headTags(meta, siteOrigin());
  return (
    <>
      {tags.map((tag, i) => (
        <Tag key={i} tag={tag} />
      ))}
    </>
  );
}
