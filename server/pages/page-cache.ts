import { BoundedCache } from '../lib/bounded-cache';
import { onCatalogChanged } from '../lib/catalog-events';
import { logServerError } from '../lib/log';

/**
 * Rendered pages, kept like the catalogue's answers (server/services/catalogue/catalog-cache.ts) in
 * the one bounded cache (server/lib/bounded-cache.ts): least recently used first out, and dropped
 * whole whenever the catalogue changes, in this process or in another instance (catalog-sync.ts
 * turns PostgreSQL NOTIFY into the same event). A page shows only catalogue data and the anonymous
 * shell, so that event is all that can make one stale; the TTL is the same safety net as the
 * catalogue's, for writes that bypass the event.
 * A page past its TTL is served once more while it is rendered again behind it (stale while
 * revalidate): a page asked for less often than every 30 s would otherwise be rendered on every
 * request, and a render is the slowest part of a first paint (decision 0151). A change event still
 * drops every page at once, so only a write that bypasses it is seen one request late.
 *
 * Bounded in bytes as well as in entries: every distinct ?search= makes its own listing page, so a
 * crawler or a shopper typing could otherwise fill it with 300 of the largest pages. The byte bound
 * keeps it to a known share of the memory target (decision 0149).
 */
const PAGE_CACHE_MAX_ENTRIES = 300;
const PAGE_CACHE_MAX_BYTES = 16 * 1024 * 1024;
const PAGE_TTL_MS = 30_000;

export interface PageCache<T> {
  /** The page for `key`, rendering it once on a miss; concurrent misses share one render. */
  get(key: string, render: () => Promise<T | null>): Promise<T | null>;
  readonly size: number;
  /** The bytes the kept pages hold, as `sizeOf` counts them. */
  readonly bytes: number;
}

export interface PageCacheOptions<T> {
  /** The bytes a page holds (every encoding kept of it). */
  sizeOf: (page: T) => number;
  maxEntries?: number;
  maxBytes?: number;
  ttlMs?: number;
}

export function createPageCache<T>({ sizeOf, maxEntries = PAGE_CACHE_MAX_ENTRIES, maxBytes = PAGE_CACHE_MAX_BYTES, ttlMs = PAGE_TTL_MS }: PageCacheOptions<T>): PageCache<T> {
  const pages = new BoundedCache<T | null>({
    maxEntries,
    maxWeight: maxBytes,
    ttlMs,
    weightOf: (page) => (page === null ? 0 : sizeOf(page)),
    // A page that has nothing to show (a product that went away) is answered, and forgotten.
    keep: (page) => page !== null,
    revalidateInBackground: (key, err) => logServerError(`page render ${key}`, err),
  });
  onCatalogChanged(() => pages.clear());
  return {
    get: (key, render) => pages.get(key, render),
    get size() {
      return pages.size;
    },
    get bytes() {
      return pages.weight;
    },
  };
}
