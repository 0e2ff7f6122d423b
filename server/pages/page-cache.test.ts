import { describe, expect, it } from 'vitest';
import { catalogChanged } from '../lib/catalog-events';
import { createPageCache } from './page-cache';

const page = (bytes: number) => 'x'.repeat(bytes);
const sizeOf = (html: string) => html.length;
const tick = () => new Promise((r) => setTimeout(r, 5));

describe('the rendered-page cache', () => {
  it('keeps one render per page and answers the kept page after', async () => {
    const pages = createPageCache({ sizeOf });
    let renders = 0;
    const render = async () => {
      renders++;
      return page(10);
    };
    await Promise.all([pages.get('/products', render), pages.get('/products', render)]);
    await pages.get('/products', render);
    expect(renders).toBe(1);
  });

  it('stays within its bytes however many distinct searches come in, dropping the least recently used', async () => {
    const pages = createPageCache({ sizeOf, maxEntries: 1_000, maxBytes: 1_000 });
    await pages.get('/products', async () => page(100));
    for (let i = 0; i < 200; i++) {
      await pages.get(`/products?search=term-${i}`, async () => page(100));
      // The listing shoppers keep asking for stays while the one-off searches churn.
      await pages.get('/products', async () => page(100));
      expect(pages.bytes).toBeLessThanOrEqual(1_000);
    }
    expect(pages.size).toBe(10);
    let rerendered = false;
    await pages.get('/products', async () => ((rerendered = true), page(100)));
    expect(rerendered).toBe(false);
  });

  it('stays within its entries', async () => {
    const pages = createPageCache({ sizeOf, maxEntries: 5 });
    for (let i = 0; i < 20; i++) await pages.get(`/products?search=${i}`, async () => page(1));
    expect(pages.size).toBe(5);
    expect(pages.bytes).toBe(5);
  });

  it('serves a page larger than its whole bound without keeping it', async () => {
    const pages = createPageCache({ sizeOf, maxBytes: 50 });
    await pages.get('/small', async () => page(10));
    expect(await pages.get('/huge', async () => page(100))).toHaveLength(100);
    expect(pages.size).toBe(1);
    expect(pages.bytes).toBe(10);
  });

  it('drops everything when the catalogue changes', async () => {
    const pages = createPageCache({ sizeOf });
    await pages.get('/products', async () => page(10));
    catalogChanged();
    expect(pages.size).toBe(0);
    expect(pages.bytes).toBe(0);
  });

  it('serves a page past its TTL once more while it renders it again behind it', async () => {
    const cache = createPageCache({ sizeOf, maxEntries: 10, ttlMs: 0 });
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
    const cache = createPageCache({ sizeOf, maxEntries: 10, ttlMs: 60_000 });
    let renders = 0;
    const render = async () => `page ${++renders}`;
    await cache.get('/', render);
    expect(await cache.get('/', render)).toBe('page 1');
    catalogChanged();
    expect(await cache.get('/', render)).toBe('page 2');
  });

  it('forgets a page whose new render has nothing to show (a product that went away)', async () => {
    const cache = createPageCache({ sizeOf, maxEntries: 10, ttlMs: 0 });
    let gone = false;
    const render = async () => (gone ? null : 'product');
    await cache.get('/products/x', render);
    gone = true;
    expect(await cache.get('/products/x', render)).toBe('product');
    await tick();
    expect(await cache.get('/products/x', render)).toBeNull();
  });
});
