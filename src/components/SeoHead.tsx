import { useLayoutEffect } from 'react';
import { headTags, type HeadTag, type PageMeta } from '../../shared/seo/head-tags';
import { siteOrigin } from '../lib/site-origin';

// The browser's renderer of shared/seo headTags(); server/pages/head-html.ts is the server's, so the
// head a crawler gets and the one the SPA shows are the same tags from the same data. Loaded once
// the page is live (src/components/Seo.tsx), not before it hydrates.

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
export default function SeoHead({ meta }: { meta: PageMeta }) {
  // The head the server sent for the first page is replaced by this one (not doubled): removed in
  // the commit that adds these tags, so the page is never without a title in between.
  useLayoutEffect(() => {
    document.head.querySelectorAll('[data-page-head]').forEach((el) => el.remove());
  }, []);
  return (
    <>
      {headTags(meta, siteOrigin()).map((tag, i) => (
        <Tag key={i} tag={tag} />
      ))}
    </>
  );
}

