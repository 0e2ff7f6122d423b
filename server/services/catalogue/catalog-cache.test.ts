import { describe, expect, it } from 'vitest';
import { catalogChanged } from '../../lib/catalog-events';
import { CACHE_MAX_ENTRIES, CACHE_MAX_JSON_BYTES, cacheJsonBytes, cachedAnswer, cacheSize } from './catalog-cache';

describe('catalog cache', () => {
  it('loads once, shares concurrent misses and serves hits', async () => {
    const db = {};
    let loads = 0;
    const load = async () => ({ n: ++loads });
    const [a, b] = await Promise.all([cachedAnswer(db, 'k', load), cachedAnswer(db, 'k', load)]);
    expect(a.value).toEqual({ n: 1 });
    expect(b).toBe(a);
    expect((await cachedAnswer(db, 'k', load)).json).toBe('{"n":1}');
    expect(loads).toBe(1);
  });

  it('keeps answers of different databases apart', async () => {
    const one = await cachedAnswer({}, 'same', async () => 'one');
    const two = await cachedAnswer({}, 'same', async () => 'two');
    expect([one.value, two.value]).toEqual(['one', 'two']);
  });

  it('is bounded', async () => {
    const db = {};
    for (let i = 0; i < CACHE_MAX_ENTRIES + 50; i++) await cachedAnswer(db, `key${i}`, async () => i);
    expect(cacheSize()).toBeLessThanOrEqual(CACHE_MAX_ENTRIES);
  });

  it('is bounded in bytes: large answers for distinct searches push the oldest out', async () => {
    const db = {};
    const large = 'x'.repeat(CACHE_MAX_JSON_BYTES / 10);
    for (let i = 0; i < 30; i++) {
      await cachedAnswer(db, `search=${i}`, async () => large);
      expect(cacheJsonBytes()).toBeLessThanOrEqual(CACHE_MAX_JSON_BYTES);
    }
    expect(cacheSize()).toBeLessThan(10);
    let reloaded = false;
    await cachedAnswer(db, 'search=29', async () => ((reloaded = true), large));
    expect(reloaded).toBe(false);
  });

  it('drops everything on catalogChanged, including a load already under way', async () => {
    const db = {};
    await cachedAnswer(db, 'x', async () => 'old');
    catalogChanged('test');
    expect(cacheSize()).toBe(0);
    let release!: () => void;
    const slow = cachedAnswer(db, 'y', () => new Promise<string>((r) => (release = () => r('stale'))));
    catalogChanged('test');
    release();
    expect((await slow).value).toBe('stale');
    expect((await cachedAnswer(db, 'y', async () => 'fresh')).value).toBe('fresh');
  });

  it('does not keep failures', async () => {
    const db = {};
    await expect(cachedAnswer(db, 'e', async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect((await cachedAnswer(db, 'e', async () => 'ok')).value).toBe('ok');
  });
});
