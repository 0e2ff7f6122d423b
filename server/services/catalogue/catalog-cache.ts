import { BoundedCache, dbKeyOf } from '../../lib/bounded-cache';
import { onCatalogChanged } from '../../lib/catalog-events';
import { catalogCache } from '../../lib/metrics';

/**
 * A bounded in-process cache of catalogue answers (listing pages, filter options, product detail),
 * in the one bounded cache (server/lib/bounded-cache.ts). A database round trip per listing request
 * cannot reach the throughput target (near bare Express speed), so answers are kept here and dropped
 * whenever catalogChanged() fires (in this process, or in another instance through PostgreSQL
 * NOTIFY, see catalog-sync.ts). The TTL is only a safety net for writes that bypass
 * catalogChanged() (manual SQL, a lost notification).
 */
export const CACHE_MAX_ENTRIES = 500;
// Also bounded by the size of the answers' JSON (the parsed value beside it takes about as much
// again): distinct searches each make an answer, and 500 of the largest would be about 50 MB.
export const CACHE_MAX_JSON_BYTES = 12 * 1024 * 1024;
const CACHE_TTL_MS = 5_000;

export interface CachedAnswer<T> {
  value: T;
  /** Serialised once, so the fast HTTP routes can send a hit without JSON.stringify. */
  json: string;
}

const answers = new BoundedCache<CachedAnswer<unknown>>({
  maxEntries: CACHE_MAX_ENTRIES,
  maxWeight: CACHE_MAX_JSON_BYTES,
  weightOf: (answer) => answer.json.length,
  ttlMs: CACHE_TTL_MS,
  onLookup: (result) => catalogCache.inc({ result }),
});
onCatalogChanged(() => answers.clear());

export function cacheSize(): number {
  return answers.size;
}

/** The length of the kept answers' JSON. */
export function cacheJsonBytes(): number {
  return answers.weight;
}

/**
 * The cached answer for `key`, loading it once on a miss. Concurrent misses for the same key share
 * one load, so a burst of shoppers after a stock change costs one query, not fifty.
 */
export function cachedAnswer<T>(db: object, key: string, load: () => Promise<T>): Promise<CachedAnswer<T>> {
  return answers.get(`${dbKeyOf(db)}|${key}`, async () => {
    const value = await load();
    return { value, json: JSON.stringify(value) };
  }) as Promise<CachedAnswer<T>>;
}
