import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogChanged } from '../../../server/lib/catalog-events';
import { productPayload } from '../../factories/admin';
import { createProduct } from '../../factories/catalog';
import { createUser } from '../../factories/users';
import { createTestApp, type TestApp } from '../../setup/test-app';

// Search through both doors on a small catalogue made for ranking: what matches how, what is in
// stock and what sells (decision 0169).
let t: TestApp;
let ids: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  const make = (name: string, spec: Parameters<typeof createProduct>[1]) => createProduct(t.db, { name, ...spec }).then((id) => [name, id] as const);
  ids = Object.fromEntries(
    await Promise.all([
      make('Bubble Wrap Roll', { category: 'accessories', type: 'bubble wrap', unitsSold: 5, variants: [{ width: 100, height: 5000, onHand: 0 }] }),
      make('Bubble Wrap Sheet', { category: 'accessories', type: 'bubble wrap', unitsSold: 10, variants: [{ width: 50, height: 50, onHand: 10 }] }),
      make('Large Bubble Wrap Bag', { category: 'accessories', type: 'bubble wrap', unitsSold: 90, variants: [{ width: 30, height: 40, onHand: 10 }] }),
      make('Kraft Shipping Box', { category: 'accessories', description: 'Line it with bubble wrap for glass.', unitsSold: 500, variants: [{ width: 30, height: 30, onHand: 10 }] }),
      make('White Mailer Bags', { unitsSold: 40, variants: [{ width: 25, height: 35, onHand: 10 }, { width: 32, height: 43, onHand: 10 }] }),
    ]),
  );
}, 60_000);
afterAll(() => t.close());

type Card = { id: string; name: string; variant_id?: string };
type Page = { products: Card[]; total: number; did_you_mean?: string };

/** The same search through both doors; the answers must agree. */
async function search(text: string, extra: Record<string, unknown> = {}): Promise<Page> {
  const body = { filters: { search: text }, page: 1, limit: 20, ...extra };
  const rest = await t.api('POST', '/products/filter', { body });
  expect(rest.status, JSON.stringify(rest.body)).toBe(200);
  expect(await t.caller().catalog.filter(body as never)).toEqual(rest.body);
  return rest.body as Page;
}
const names = (p: Page) => p.products.map((c) => c.name);

describe('ranking', () => {
  it('puts name matches before description matches, in stock before sold out, then best sellers', async () => {
    expect(names(await search('bubble wrap'))).toEqual(['Large Bubble Wrap Bag', 'Bubble Wrap Sheet', 'Bubble Wrap Roll', 'Kraft Shipping Box']);
  });

  it('puts exact matches before typo matches', async () => {
    await createProduct(t.db, { name: 'Bubbly Wrap Tape', unitsSold: 1000, variants: [{ width: 5, height: 5, onHand: 10 }] });
    const found = names(await search('bubble wrap'));
    expect(found.indexOf('Bubbly Wrap Tape')).toBeGreaterThan(found.indexOf('Bubble Wrap Roll'));
  });

  it('keeps an explicit sort: price or newest, not relevance', async () => {
    const newest = names(await search('bubble wrap', { sort: { sort_by: 'newest' } }));
    expect(new Set(newest)).toEqual(new Set(names(await search('bubble wrap'))));
  });
});

describe('sizes', () => {
  it('narrows to products with the size and names the variant of that size', async () => {
    const page = await search('mailer 320x430mm');
    expect(names(page)).toEqual(['White Mailer Bags']);
    const detail = await t.api('GET', `/products/${ids['White Mailer Bags']}`);
    const variant = detail.body.variants.find((v: { variant_id: string }) => v.variant_id === page.products[0].variant_id);
    expect(variant.attributes).toMatchObject({ width_cm: 32, height_cm: 43 });
    expect((await search('mailer 17x30')).total).toBe(0);
  });
});

describe('did you mean', () => {
  it('offers the nearest query that finds something when nothing is found', async () => {
    expect(await search('bubble wrp')).toMatchObject({ total: 0, did_you_mean: 'bubble wrap' });
    expect(await search('white mailer purple')).toMatchObject({ total: 0, did_you_mean: 'white mailer' });
  });
  it('offers nothing for nonsense, and nothing when something is found', async () => {
    const nonsense = await search('xqzvbn');
    expect(nonsense.total).toBe(0);
    expect(nonsense.did_you_mean).toBeUndefined();
    expect((await search('bubble')).did_you_mean).toBeUndefined();
  });
});

describe('GET /search/suggestions', () => {
  it('suggests products as the shopper types, through both doors', async () => {
    const rest = await t.api('GET', '/search/suggestions?q=bubb');
    expect(rest.status).toBe(200);
    expect(await t.caller().search.suggest({ q: 'bubb' })).toEqual(rest.body);
    expect(rest.body.products.map((p: Card) => p.name)).toContain('Bubble Wrap Sheet');
    expect(rest.body.products.length).toBeLessThanOrEqual(5);
  });
  it('suggests the sizes typed or started', async () => {
    expect((await t.api('GET', '/search/suggestions?q=32')).body.sizes).toEqual(['32x43']);
    expect((await t.api('GET', '/search/suggestions?q=320%20x%20430%20mm')).body.sizes).toEqual(['32x43']);
    // A size being typed: "25x3" is not a size of the catalogue, "25x35" is.
    expect((await t.api('GET', '/search/suggestions?q=25x3')).body.sizes).toEqual(['25x35']);
  });
  it('says what to try when nothing is found', async () => {
    expect((await t.api('GET', '/search/suggestions?q=bubble%20wrp')).body).toMatchObject({ products: [], total: 0, did_you_mean: 'bubble wrap' });
  });
  it('refuses a missing or overlong q with a clear 400', async () => {
    expect(await t.api('GET', '/search/suggestions')).toMatchObject({ status: 400, body: { detail: expect.any(String) } });
    expect(await t.api('GET', `/search/suggestions?q=${'a'.repeat(1000)}`)).toMatchObject({ status: 400, body: { detail: expect.stringContaining('200 characters') } });
  });
});

describe('odd input never fails the search', () => {
  const odd = ['!!!', '%', '_', '%_%', "' OR 1=1 --", '"bubble wrap"', 'bubble \\ wrap', '📦📦', 'bubble 📦 wrap', 'a'.repeat(200), 'x '.repeat(100), ':* & | !', "bubble:* | !wrap"];
  it.each(odd)('%s is a normal answer on both doors', async (text) => {
    const page = await search(text);
    expect(page.total).toBeGreaterThanOrEqual(0);
    const rest = await t.api('GET', `/search/suggestions?q=${encodeURIComponent(text)}`);
    expect(rest.status).toBe(200);
  });
  it('finds nothing for text with nothing searchable in it', async () => {
    for (const text of ['!!!', '%', '_', '📦']) expect((await search(text)).total).toBe(0);
  });
  it('refuses 1,000 characters and NUL bytes with a 400', async () => {
    expect((await t.api('POST', '/products/filter', { body: { filters: { search: 'a'.repeat(1000) } } })).status).toBe(400);
    const nul = await t.api('POST', '/products/filter', { body: { filters: { search: 'bubble\u0000wrap' } } });
    expect([200, 400]).toContain(nul.status);
    expect(nul.status).toBeLessThan(500);
  });
});

describe('freshness', () => {
  it('finds a product the moment staff add it, and a synonym the moment it is kept', async () => {
    const { token } = await createUser(t.deps, { role: 'admin' });
    expect((await search('zanzibar')).total).toBe(0);
    const created = await t.api('POST', '/admin/products', { token, body: productPayload({ name: 'Zanzibar Gift Pouch' }) });
    expect(created.status).toBe(200);
    expect(names(await search('zanzibar'))).toEqual(['Zanzibar Gift Pouch']);
    expect(names(await search('zanzibr'))).toEqual(['Zanzibar Gift Pouch']);

    expect((await search('spice pouch')).total).toBe(0);
    await t.db.searchSynonym.create({ data: { id: 'syn_test_spice', fromTerm: 'spice', terms: ['zanzibar'] } });
    catalogChanged('synonyms');
    expect(names(await search('spice pouch'))).toEqual(['Zanzibar Gift Pouch']);
  });
});

describe('every search box uses the one search', () => {
  let admin: string;
  beforeAll(async () => {
    admin = (await createUser(t.deps, { role: 'admin' })).token;
  });

  it('quick order suggests SKUs by prefix, and the variants of what the words find', async () => {
    const byWords = await t.api('GET', '/cart/sku-suggestions?q=bubble%20shet');
    expect(byWords.status).toBe(200);
    expect(byWords.body.map((r: { product_name: string }) => r.product_name)).toContain('Bubble Wrap Sheet');
    const sku = byWords.body.find((r: { product_name: string }) => r.product_name === 'Bubble Wrap Sheet').sku as string;
    const byPrefix = await t.api('GET', `/cart/sku-suggestions?q=${encodeURIComponent(sku.slice(0, 12))}`);
    expect(byPrefix.body[0].sku.startsWith(sku.slice(0, 12))).toBe(true);
    expect(await t.caller().cart.skuSuggestions({ q: 'bubble shet' })).toEqual(byWords.body);
  });

  it('GET /products (the plain listing) searches the same way, best match first, and pages', async () => {
    const res = await t.api('GET', '/products?search=bubbel%20wrap&limit=2');
    expect(res.status).toBe(200);
    expect(res.body.products.map((p: Card) => p.name)).toEqual(['Large Bubble Wrap Bag', 'Bubble Wrap Sheet']);
    const total = (await search('bubbel wrap')).total;
    expect(res.body).toMatchObject({ total, pages: Math.ceil(total / 2), page: 1, limit: 2 });
    expect(await t.caller().catalog.list({ search: 'bubbel wrap', limit: 2 })).toEqual(res.body);
    const plain = await t.api('GET', '/products?limit=500');
    expect(plain.body.total).toBeGreaterThanOrEqual(6);
  });

  it('the back office finds products and inventory rows with typos and sizes', async () => {
    const cards = await t.api('GET', '/admin/products?search=bubbel%20sheet', { token: admin });
    expect(cards.status).toBe(200);
    expect(cards.body.map((p: Card) => p.name)).toEqual(['Bubble Wrap Sheet']);
    const rows = await t.api('GET', '/admin/inventory/page?search=white%20mailer%2032x43', { token: admin });
    expect(rows.status).toBe(200);
    expect(rows.body.items).toHaveLength(1);
    expect(rows.body.total).toBe(1);
    // A whole SKU, or a part of one from its middle, as the packing and inventory boxes always took.
    const sku = rows.body.items[0].sku as string;
    for (const part of [sku, sku.slice(4, -2)]) {
      const bySku = await t.api('GET', `/admin/inventory/page?search=${encodeURIComponent(part)}`, { token: admin });
      expect(bySku.body.items.map((r: { sku: string }) => r.sku), part).toContain(sku);
    }
  });
});

describe('counting what buyers search for', () => {
  it('counts listing searches on their first page, and whether they found anything; not what the header asks while typing', async () => {
    const { flushSearchStats } = await import('../../../server/services/search/search-stats');
    await flushSearchStats(t.db);
    await t.db.searchQueryDay.deleteMany();
    await search('Bubble  WRAP');
    await search('bubble wrap');
    await search('bubble wrap', { page: 2 });
    await search('glitter tubes');
    await t.api('GET', '/search/suggestions?q=bubble%20wr');
    await new Promise((r) => setTimeout(r, 50));
    await flushSearchStats(t.db);
    const rows = await t.db.searchQueryDay.findMany({ orderBy: { query: 'asc' }, select: { query: true, searches: true, zeroResults: true } });
    // search() asks through both doors: each call is two searches.
    expect(rows).toEqual([
      { query: 'bubble wrap', searches: 4, zeroResults: 0 },
      { query: 'glitter tubes', searches: 2, zeroResults: 2 },
    ]);
  });
});
