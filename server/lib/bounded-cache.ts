/**
 * The one in-process cache (docs/decisions/0183-one-cache-one-worker-one-sync.md): every cache an
 * instance keeps (catalogue answers, rendered pages, sessions) is one of these, because each must
 * hold the same four promises when several instances share one database (docs/architecture.md §6):
 *
 * - Bounded: at most `maxEntries` values, and at most `maxWeight` by `weightOf` (bytes) where given;
 *   the least recently used goes first. A value heavier than the whole bound is answered, not kept.
 * - Short-lived: a value is trusted for `ttlMs`, the safety net for a change that was never announced.
 * - One load per key at a time: concurrent misses share the load under way, so a burst after a change
 *   costs one query, not fifty. A failed load is not kept.
 * - Never stale after a drop: every drop moves a generation counter on and forgets the loads under
 *   way, and a load only stores what it read if the counter did not move meanwhile.
 */
export type CacheLookup = 'hit' | 'shared' | 'miss';

export interface BoundedCacheOptions<V> {
  maxEntries: number;
  ttlMs: number;
  /** With `weightOf`: the most the kept values may weigh together. */
  maxWeight?: number;
  weightOf?: (value: V) => number;
  /** Which loaded values are kept (a null "not found" may not be); every value by default. */
  keep?: (value: V) => boolean;
  /** A further test a kept value must pass to be answered (a session past its own expiry). */
  stillValid?: (value: V, now: number) => boolean;
  /**
   * Serve a value past its TTL once more while it is loaded again behind it (stale while
   * revalidate), reporting a failed reload here. Without it, an expired value is loaded again first.
   */
  revalidateInBackground?: (key: string, err: unknown) => void;
  /** Told of every `get`, for metrics. */
  onLookup?: (result: CacheLookup) => void;
}

interface Entry<V> {
  value: V;
  weight: number;
  expires: number;
}

export class BoundedCache<V> {
  // Map keeps insertion order: a value is re-inserted when used, so the first key is the least recent.
  private readonly entries = new Map<string, Entry<V>>();
  private readonly inFlight = new Map<string, Promise<V>>();
  private generation = 0;
  private totalWeight = 0;

  constructor(private readonly o: BoundedCacheOptions<V>) {}

  get size(): number {
    return this.entries.size;
  }

  /** What the kept values weigh together, as `weightOf` counts it. */
  get weight(): number {
    return this.totalWeight;
  }

  /** The kept value for `key` if it is still fresh, without loading; a stale one is forgotten. */
  peek(key: string, now = Date.now()): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (!this.fresh(entry, now)) {
      this.remove(key);
      return undefined;
    }
    this.touch(key, entry);
    return entry.value;
  }

  /** The value for `key`, loading it on a miss (once, however many ask at the same time). */
  get(key: string, load: () => Promise<V>): Promise<V> {
    const entry = this.entries.get(key);
    if (entry && this.fresh(entry, Date.now())) {
      this.touch(key, entry);
      this.o.onLookup?.('hit');
      return Promise.resolve(entry.value);
    }
    const swr = this.o.revalidateInBackground;
    if (entry && swr && this.stillValid(entry)) {
      this.touch(key, entry);
      this.o.onLookup?.('hit');
      if (!this.inFlight.has(key)) void this.load(key, load).catch((err: unknown) => swr(key, err));
      return Promise.resolve(entry.value);
    }
    if (entry) this.remove(key);
    const pending = this.inFlight.get(key);
    if (pending) {
      this.o.onLookup?.('shared');
      return pending;
    }
    this.o.onLookup?.('miss');
    return this.load(key, load);
  }

  /** Forgets `key`; a load of anything under way now will not be kept. */
  drop(key: string): void {
    this.nextGeneration();
    this.remove(key);
  }

  /** Forgets every value `matches`; a load of anything under way now will not be kept. */
  dropWhere(matches: (value: V, key: string) => boolean): void {
    this.nextGeneration();
    for (const [key, entry] of [...this.entries]) if (matches(entry.value, key)) this.remove(key);
  }

  /** Forgets everything; a load under way now will not be kept. */
  clear(): void {
    this.nextGeneration();
    this.entries.clear();
    this.totalWeight = 0;
  }

  private nextGeneration() {
    this.generation++;
    // A later miss must not join a load that started before the drop: it may carry what was dropped.
    this.inFlight.clear();
  }

  private load(key: string, load: () => Promise<V>): Promise<V> {
    const startedAt = this.generation;
    const promise = load()
      .then((value) => {
        if (this.generation === startedAt) this.store(key, value);
        return value;
      })
      .finally(() => {
        if (this.inFlight.get(key) === promise) this.inFlight.delete(key);
      });
    this.inFlight.set(key, promise);
    return promise;
  }

  private store(key: string, value: V) {
    this.remove(key);
    if (this.o.keep && !this.o.keep(value)) return;
    const weight = this.o.weightOf?.(value) ?? 0;
    const maxWeight = this.o.maxWeight ?? Infinity;
    if (weight > maxWeight) return;
    while (this.entries.size > 0 && (this.entries.size >= this.o.maxEntries || this.totalWeight + weight > maxWeight)) {
      this.remove(this.entries.keys().next().value as string);
    }
    this.entries.set(key, { value, weight, expires: Date.now() + this.o.ttlMs });
    this.totalWeight += weight;
  }

  private fresh(entry: Entry<V>, now: number): boolean {
    return entry.expires > now && this.stillValid(entry, now);
  }

  private stillValid(entry: Entry<V>, now = Date.now()): boolean {
    return this.o.stillValid?.(entry.value, now) ?? true;
  }

  private touch(key: string, entry: Entry<V>) {
    this.entries.delete(key);
    this.entries.set(key, entry);
  }

  private remove(key: string) {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.totalWeight -= entry.weight;
  }
}

// Several apps (tests) can share one process, each with its own database: a cache shared by the
// process keys its values by this number of their database client.
const dbIds = new WeakMap<object, number>();
let nextDbId = 1;

/** A number for the database client `db`, the same for the same client, for cache keys. */
export function dbKeyOf(db: object): number {
  let id = dbIds.get(db);
  if (id === undefined) {
    id = nextDbId++;
    dbIds.set(db, id);
  }
  return id;
}
