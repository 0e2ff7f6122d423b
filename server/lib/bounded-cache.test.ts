import { afterEach, describe, expect, it, vi } from 'vitest';
import { BoundedCache, type CacheLookup } from './bounded-cache';

const deferred = <T>() => {
  let resolve!: (v: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
};

afterEach(() => vi.useRealTimers());

describe('BoundedCache', () => {
  it('shares one load between concurrent misses and answers later asks from memory', async () => {
    const seen: CacheLookup[] = [];
    const cache = new BoundedCache<string>({ maxEntries: 10, ttlMs: 60_000, onLookup: (r) => seen.push(r) });
    const slow = deferred<string>();
    let loads = 0;
    const load = () => (loads++, slow.promise);
    const a = cache.get('k', load);
    const b = cache.get('k', load);
    slow.resolve('v');
    expect([await a, await b]).toEqual(['v', 'v']);
    expect(await cache.get('k', load)).toBe('v');
    expect(loads).toBe(1);
    expect(seen).toEqual(['miss', 'shared', 'hit']);
  });

  it('keeps at most maxEntries, the least recently used going first', async () => {
    const cache = new BoundedCache<number>({ maxEntries: 2, ttlMs: 60_000 });
    await cache.get('a', async () => 1);
    await cache.get('b', async () => 2);
    cache.peek('a');
    await cache.get('c', async () => 3);
    expect(cache.size).toBe(2);
    expect(cache.peek('b')).toBeUndefined();
    expect(cache.peek('a')).toBe(1);
  });

  it('keeps within maxWeight, and answers without keeping a value heavier than the whole bound', async () => {
    const cache = new BoundedCache<string>({ maxEntries: 100, ttlMs: 60_000, maxWeight: 10, weightOf: (v) => v.length });
    for (const k of ['a', 'b', 'c', 'd']) await cache.get(k, async () => 'xxxx');
    expect(cache.weight).toBe(8);
    expect([cache.peek('a'), cache.peek('b')]).toEqual([undefined, undefined]);
    expect(await cache.get('huge', async () => 'x'.repeat(11))).toHaveLength(11);
    expect(cache.peek('huge')).toBeUndefined();
    expect(cache.weight).toBe(8);
  });

  it('does not keep a failed load, nor a value `keep` refuses', async () => {
    const cache = new BoundedCache<string | null>({ maxEntries: 10, ttlMs: 60_000, keep: (v) => v !== null });
    await expect(cache.get('e', () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await cache.get('e', async () => 'ok')).toBe('ok');
    expect(await cache.get('n', async () => null)).toBeNull();
    expect(cache.size).toBe(1);
  });

  it('loads again after the TTL, and not before', async () => {
    vi.useFakeTimers();
    const cache = new BoundedCache<number>({ maxEntries: 10, ttlMs: 1_000 });
    let loads = 0;
    const load = async () => ++loads;
    await cache.get('k', load);
    vi.advanceTimersByTime(999);
    expect(await cache.get('k', load)).toBe(1);
    vi.advanceTimersByTime(1);
    expect(await cache.get('k', load)).toBe(2);
  });

  it('never answers a value that is no longer valid by its own rule', async () => {
    const cache = new BoundedCache<{ until: number }>({ maxEntries: 10, ttlMs: 60_000, stillValid: (v, now) => v.until > now });
    await cache.get('k', async () => ({ until: Date.now() + 1_000 }));
    expect(cache.peek('k')).toBeDefined();
    expect(cache.peek('k', Date.now() + 1_000)).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('with revalidateInBackground, serves an expired value once more while it loads again behind it', async () => {
    const errors: string[] = [];
    const cache = new BoundedCache<string>({ maxEntries: 10, ttlMs: 0, revalidateInBackground: (key) => errors.push(key) });
    expect(await cache.get('k', async () => 'old')).toBe('old');
    const next = deferred<string>();
    let loads = 0;
    const load = () => (loads++, next.promise);
    expect(await cache.get('k', load)).toBe('old');
    expect(await cache.get('k', load)).toBe('old'); // the reload under way is not started twice
    next.resolve('new');
    await next.promise;
    await Promise.resolve();
    expect(loads).toBe(1);
    expect(cache.peek('k', 0)).toBe('new');
    await cache.get('k', () => Promise.reject(new Error('render failed')));
    await new Promise((r) => setTimeout(r, 0));
    expect(errors).toEqual(['k']);
  });

  it('does not keep what a load read when a drop happened while it ran, and a later miss does not join it', async () => {
    for (const dropIt of [(c: BoundedCache<string>) => c.clear(), (c: BoundedCache<string>) => c.drop('other'), (c: BoundedCache<string>) => c.dropWhere(() => false)]) {
      const cache = new BoundedCache<string>({ maxEntries: 10, ttlMs: 60_000 });
      const slow = deferred<string>();
      const stale = cache.get('k', () => slow.promise);
      dropIt(cache);
      const fresh = cache.get('k', async () => 'fresh');
      slow.resolve('stale');
      expect(await stale).toBe('stale');
      expect(await fresh).toBe('fresh');
      expect(cache.peek('k')).toBe('fresh');
    }
  });

  it('drops one key, the values a test matches, or everything', async () => {
    const cache = new BoundedCache<string>({ maxEntries: 10, ttlMs: 60_000, maxWeight: 100, weightOf: (v) => v.length });
    for (const [k, v] of [['a', 'u1'], ['b', 'u1'], ['c', 'u2'], ['d', 'u3']]) await cache.get(k, async () => v);
    cache.drop('d');
    expect(cache.peek('d')).toBeUndefined();
    cache.dropWhere((v) => v === 'u1');
    expect([cache.peek('a'), cache.peek('b'), cache.peek('c')]).toEqual([undefined, undefined, 'u2']);
    expect(cache.weight).toBe(2);
    cache.clear();
    expect([cache.size, cache.weight]).toEqual([0, 0]);
  });
});
