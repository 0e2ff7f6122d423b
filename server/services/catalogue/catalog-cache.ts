import { onCatalogChanged } from '../../lib/catalog-events';
import { catalogCache } from '../../lib/metrics';

/**
 * A bounded in-process cache of catalogue answers (listing pages, filter options, product detail).
 * A database round trip per listing request cannot reach the throughput target (near bare Express
 * speed), so answers are kept here and dropped whenever catalogChanged() fires (in this process,
 * or in another instance through PostgreSQL NOTIFY, see catalog-sync.ts). The TTL is only a safety
 * net for writes that bypass catalogChanged() (manual SQL, a lost notification).
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

interface Entry {
  answer: CachedAnswer<unknown>;
  expires: number;
}

const entries = new Map<string, Entry>();
let jsonBytes = 0;
const inFlight = new Map<string, Promise<CachedAnswer<unknown>>>();
let generation = 0;

// Several apps (tests) can share this process, each with its own database: keys carry a db id.
const dbIds = new WeakMap<object, number>();
let nextDbId = 1;
function dbKey(db: object): number {
  let id = dbIds.get(db);
  if (id === undefined) {
    id = nextDbId++;
    dbIds.set(db, id);
  }
  return id;
}

/** Drops everything; a load that started before this will not be stored (generation check). */
function invalidateCatalogCache(): void {
  generation++;
  entries.clear();
  jsonBytes = 0;
  inFlight.clear();
}

function remove(key: string): void {
  const entry = entries.get(key);
  if (!entry) return;
  entries.delete(key);
  jsonBytes -= entry.answer.json.length;
}
onCatalogChanged(() => invalidateCatalogCache());

export function cacheSize(): number {
  return entries.size;
}

/** The length of the kept answers' JSON. */
export function cacheJsonBytes(): number {
  return jsonBytes;
}

/**
 * The cached answer for `key`, loading it once on a miss. Concurrent misses for the same key share
 * one load, so a burst of shoppers after a stock change costs one query, not fifty.
 */
export function cachedAnswer<T>(db: object, key: string, load: () => Promise<T>): Promise<CachedAnswer<T>> {
  const fullKey = `${dbKey(db)}|${key}`;
  const now = Date.now();
  const hit = entries.get(fullKey);
  if (hit && hit.expires > now) {
    // Re-insert so the Map's insertion order doubles as least-recently-used order.
    entries.delete(fullKey);
    entries.set(fullKey, hit);
    catalogCache.inc({ result: 'hit' });
    return Promise.resolve(hit.answer as CachedAnswer<T>);
  }
  if (hit) remove(fullKey);
  const pending = inFlight.get(fullKey);
  if (pending) {
    catalogCache.inc({ result: 'shared' });
    return pending as Promise<CachedAnswer<T>>;
  }
  catalogCache.inc({ result: 'miss' });

  const startedAt = generation;
  const promise = load()
    .then((value) => {
      const answer: CachedAnswer<T> = { value, json: JSON.stringify(value) };
      const size = answer.json.length;
      if (generation === startedAt && size <= CACHE_MAX_JSON_BYTES) {
        remove(fullKey);
        // Least recently used first out, until the new answer fits both bounds.
        while (entries.size > 0 && (entries.size >= CACHE_MAX_ENTRIES || jsonBytes + size > CACHE_MAX_JSON_BYTES)) remove(entries.keys().next().value as string);
        entries.set(fullKey, { answer, expires: Date.now() + CACHE_TTL_MS });
        jsonBytes += size;
      }
      return answer;
    })
    .finally(() => {
      if (inFlight.get(fullKey) === promise) inFlight.delete(fullKey);
    });
  inFlight.set(fullKey, promise);
  return promise;
}
