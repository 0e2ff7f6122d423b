import { describe, expect, it } from 'vitest';
import { catalogChanged } from '../lib/catalog-events';
import { createPageCache } from './page-cache';

const tick = () => new Promise((r) => setTimeout(r, 5));

describe('the rendered-page cache', () => {
  it('serves a page past its TTL once more while it renders it again behind it', async () => {
    const cache = createPageCache<string>(10, 0);
    let renders = 0;
    const render = async () => `page ${++renders}`;
    expect(await cache.get('/', render)).toBe('page 1');
    // Expired (TTL 0): the old page answers at once, the new one is rendered behind it.
    expect(await cache.get('/', render)).toBe('page 1');
    await tick();
    expect(renders).toBe(2);
    expect(await cache.get('/', render)).toBe('page 2');
  });

  it('drops every page on a catalogue change: the next request renders', async () => {
    const cache = createPageCache<string>(10, 60_000);
    let renders = 0;
    const render = async () => `page ${++renders}`;
    await cache.get('/', render);
    expect(await cache.get('/', render)).toBe('page 1');
    catalogChanged('test');
    expect(await cache.get('/', render)).toBe('page 2');
  });

  it('forgets a page whose new render has nothing to show (a product that went away)', async () => {
    const cache = createPageCache<string>(10, 0);
    let gone = false;
    const render = async () => (gone ? null : 'product');
    await cache.get('/products/x', render);
    gone = true;
    expect(await cache.get('/products/x', render)).toBe('product');
    await tick();
    expect(await cache.get('/products/x', render)).toBeNull();
  });
});
