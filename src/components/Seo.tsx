import { Suspense } from 'react';
import type { PageMeta } from '../../shared/seo/head-tags';
import { preloadable } from '../lib/preloadable';
import { useHydrated } from '../lib/ssr';

// The tags themselves are rendered by a chunk loaded once the page is live: before that the server's
// head is the page's (server/pages/head-html.ts) and hydration renders nothing here, so the tags'
// code need not weigh on any page's first load (issue 38 point 12, decision 0204). A chunk that
// cannot arrive leaves the head as it was rather than failing the page.
const SeoHead = preloadable<{ meta: PageMeta }>(() => import('./SeoHead').catch(() => ({ default: () => null })));

/** Page metadata: the page's title, description, canonical link, Open Graph tags and JSON-LD. */
export function Seo(meta: PageMeta) {
  // The server wrote this page's head itself; React takes it over once the page is hydrated, so the
  // hydrated tree matches the server's body exactly.
  const hydrated = useHydrated();
  if (!hydrated) return null;
  return (
    <Suspense fallback={null}>
      <SeoHead meta={meta} />
    </Suspense>
  );
}
