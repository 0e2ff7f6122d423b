import { onCatalogChanged } from '../lib/catalog-events';
import { logServerError } from '../lib/log';

/**
 * Rendered pages, kept like the catalogue's answers (server/services/catalogue/catalog-cache.ts):
 * bounded, least recently used first out, and dropped whole whenever the catalogue changes, in this
 * process or in another instance (catalog-sync.ts turns PostgreSQL NOTIFY into the same event). A
 * page shows only catalogue data and the anonymous shell, so that event is all that can make one
 * stale; the TTL is the same safety net as the catalogue's, for writes that bypass the event.
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
  const entries = new Map<string, { html: T; bytes: number; expires: number }>();
  const inFlight = new Map<string, Promise<T | null>>();
  let generation = 0;
  let bytes = 0;
  const remove = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    bytes -= entry.bytes;
  };
  onCatalogChanged(() => {
    generation++;
    entries.clear();
    inFlight.clear();
    bytes = 0;
  });

  return {
    get size() {
      return entries.size;
    },
    get bytes() {
      return bytes;
    },
    get(key, render) {
      const hit = entries.get(key);
      if (hit) {
        // Re-inserted so that the Map's order is least recently used first.
        entries.delete(key);
        entries.set(key, hit);
        if (hit.expires <= Date.now() && !inFlight.has(key)) void refresh(key, render).catch((err: unknown) => logServerError(`page render ${key}`, err));
        return Promise.resolve(hit.html);
      }
      return inFlight.get(key) ?? refresh(key, render);
    },
  };

  function refresh(key: string, render: () => Promise<T | null>): Promise<T | null> {
    const startedAt = generation;
    const promise = render()
      .then((html) => {
        // A page rendered from data read before a change is not kept (it may show the old data).
        if (generation === startedAt) {
          remove(key);
          const size = html === null ? 0 : sizeOf(html);
          // A page larger than the whole bound is served but not kept.
          if (html !== null && size <= maxBytes) {
            // Least recently used first out, until the new page fits both bounds.
            while (entries.size > 0 && (entries.size >= maxEntries || bytes + size > maxBytes)) remove(entries.keys().next().value as string);
            entries.set(key, { html, bytes: size, expires: Date.now() + ttlMs });
            bytes += size;
          }
        }
        return html;
      })
      .finally(() => {
        if (inFlight.get(key) === promise) inFlight.delete(key);
      });
    inFlight.set(key, promise);
    return promise;
  }
}
