import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../setup/test-app';
import { seedCatalogFixture } from './catalog-fixture';

let t: TestApp;
let ids: Awaited<ReturnType<typeof seedCatalogFixture>>;
let names: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  ids = await seedCatalogFixture(t.db);
  names = Object.fromEntries(Object.entries(ids).map(([k, v]) => [v, k]));
});
afterAll(() => t.close());

type Body = Record<string, unknown>;
/** The same request through both doors; both answers must agree. */
async function both(body: Body) {
  const rest = await t.api('POST', '/products/filter', { body });
  expect(rest.status).toBe(200);
  const trpc = await t.caller().catalog.filter(body as never);
  expect(trpc).toEqual(rest.body);
  return rest.body as { products: Array<{ id: string; price_range: { min: number; max: number }; in_stock: boolean }>; total: number; pages: number; page: number; limit: number };
}
const letters = (r: { products: Array<{ id: string }> }) => r.products.map((p) => names[p.id]).join('');
const filter = async (filters: Body, extra: Body = {}) => letters(await both({ filters, ...extra }));

describe('POST /products/filter: filters', () => {
  it('default listing: all products, best sellers first, with card fields', async () => {
    const r = await both({});
    expect(letters(r)).toBe('CBAED');
    expect(r).toMatchObject({ total: 5, pages: 1, page: 1, limit: 20 });
    const a = r.products.find((p) => p.id === ids.A)!;
    expect(a).toEqual({
      id: ids.A,
      name: 'White Polymailer Bags',
      description: 'Bright white mailers',
      images: ['/uploads/a1.webp', '/uploads/a2.webp'],
      featured: true,
      price_range: { min: 10, max: 15 },
      in_stock: true,
    });
    expect(r.products.find((p) => p.id === ids.D)!.in_stock).toBe(false);
  });

  it('colours: values are alternatives, case-insensitive', async () => {
    expect(await filter({ colors: ['pink'] })).toBe('B');
    expect(await filter({ colors: ['PINK', 'black'] })).toBe('BD');
  });

  it('sizes, and size with colour must hold for the same variant', async () => {
    expect(await filter({ sizes: ['25x35'] })).toBe('BA');
    expect(await filter({ sizes: ['25x35'], colors: ['white'] })).toBe('A');
    expect(await filter({ sizes: ['10x15', '32x43'] })).toBe('CD');
    expect(await filter({ sizes: ['17x30'], colors: ['pink'] })).toBe('');
  });

  it('categories and type', async () => {
    expect(await filter({ categories: ['accessories'] })).toBe('CE');
    expect(await filter({ categories: ['accessories', 'polymailers'] })).toBe('CBAED');
    expect(await filter({ type: 'bubble wrap' })).toBe('C');
    expect(await filter({ type: 'Premium' })).toBe('D');
    expect(await filter({ type: 'premium', categories: ['accessories'] })).toBe('');
  });

  it('price range matches variant prices (inclusive, in dollars)', async () => {
    expect(await filter({ price_min: 10, price_max: 12 })).toBe('BA');
    expect(await filter({ price_min: 10.01, price_max: 12 })).toBe('B');
    expect(await filter({ price_min: 50 })).toBe('D');
    expect(await filter({ price_max: 2.9 })).toBe('CE');
    expect(await filter({ price_min: 0, price_max: 0 })).toBe('');
  });

  it('in stock only keeps products with an available variant', async () => {
    expect(await filter({ in_stock_only: true })).toBe('CBAE');
    expect(await filter({ in_stock_only: false })).toBe('CBAED');
    // B's 25x35 pack of 100 has on hand 10 but 5 allocated and 5 held back: not available.
    expect(await filter({ in_stock_only: true, colors: ['pink'], sizes: ['25x35'] })).toBe('B');
    expect(await filter({ in_stock_only: true, sizes: ['17x30'] })).toBe('');
  });

  it('search: case-insensitive over name, description and SKU, trimmed', async () => {
    expect(await filter({ search: 'pink' })).toBe('B');
    expect(await filter({ search: '  POUCH  ' })).toBe('C');
    expect(await filter({ search: 'boutiques' })).toBe('B');
    expect(await filter({ search: 'accessories_normal_clear' })).toBe('E');
    expect(await filter({ search: 'mailer', colors: ['black'] })).toBe('D');
    expect(await filter({ search: '' })).toBe('CBAED');
  });

  it('search treats %, _ and backslash as punctuation, never as wildcards (decision 0169)', async () => {
    expect(await filter({ search: '100%' })).toBe('D');
    // Nothing searchable in the text: nothing found, not everything.
    expect(await filter({ search: '%' })).toBe('');
    expect(await filter({ search: '_' })).toBe('');
    expect(await filter({ search: '\\' })).toBe('');
    // A SKU's underscores are its own characters: a prefix with them is a prefix, not a pattern.
    expect(await filter({ search: 'polymailers_premium' })).toBe('D');
    expect(await filter({ search: 'white_polymailer' })).toBe('A');
  });

  it('SQL and HTML in the search box are only text', async () => {
    expect(await filter({ search: `'; DROP TABLE "Product"; --` })).toBe('');
    expect(await filter({ search: `' OR 1=1 --` })).toBe('');
    expect(await filter({ search: '<script>alert(1)</script>' })).toBe('');
    expect(await t.db.product.count()).toBe(5);
  });
});

describe('POST /products/filter: sorts and pages', () => {
  it('sorts by best sellers, price both ways and newest', async () => {
    expect(await filter({}, { sort: { sort_by: 'best_sellers' } })).toBe('CBAED');
    expect(await filter({}, { sort: { sort_by: 'price_low_high' } })).toBe('CEABD');
    expect(await filter({}, { sort: { sort_by: 'price_high_low' } })).toBe('DBAEC');
    expect(await filter({}, { sort: { sort_by: 'newest' } })).toBe('EDCBA');
    expect(await filter({}, { sort: {} })).toBe('CBAED');
    expect(await filter({}, { sort: null })).toBe('CBAED');
  });

  it('pages through results with total and pages', async () => {
    const p1 = await both({ limit: 2 });
    expect(letters(p1)).toBe('CB');
    expect(p1).toMatchObject({ total: 5, pages: 3, page: 1, limit: 2 });
    expect(letters(await both({ limit: 2, page: 2 }))).toBe('AE');
    const p3 = await both({ limit: 2, page: 3 });
    expect(letters(p3)).toBe('D');
    expect(p3.total).toBe(5);
  });

  it('a page past the end is empty but keeps the totals; 10,000 is fine', async () => {
    const r = await both({ page: 10_000 });
    expect(r).toEqual({ products: [], total: 5, pages: 1, page: 10_000, limit: 20 });
  });

  it('clamps a huge limit to 100', async () => {
    const r = await both({ limit: 10_000 });
    expect(r.limit).toBe(100);
    expect(r.products).toHaveLength(5);
  });

  it('answers an empty result with zero pages', async () => {
    expect(await both({ filters: { colors: ['purple'] } })).toEqual({ products: [], total: 0, pages: 0, page: 1, limit: 20 });
  });
});

describe('POST /products/filter: bad input gets a 400 with a clear detail', () => {
  const cases: Array<[string, Body, RegExp]> = [
    ['page 0', { page: 0 }, /Page must be 1 or more/],
    ['negative page', { page: -3 }, /Page must be 1 or more/],
    ['non-numeric page', { page: 'two' }, /Page must be a whole number/],
    ['fractional page', { page: 1.5 }, /Page must be a whole number/],
    ['absurd page', { page: 1e9 }, /Page must be 100000 or less/],
    ['limit 0', { limit: 0 }, /Limit must be 1 or more/],
    ['non-numeric limit', { limit: 'all' }, /Limit must be a whole number/],
    ['unknown sort', { sort: { sort_by: 'cheapest' } }, /Unknown sort: use one of best_sellers, price_low_high, price_high_low, newest/],
    ['negative price', { filters: { price_min: -1 } }, /Minimum price cannot be negative/],
    ['non-numeric price', { filters: { price_max: 'ten' } }, /Maximum price must be a number/],
    ['min above max', { filters: { price_min: 20, price_max: 10 } }, /Minimum price cannot be higher than the maximum price/],
    ['colours as a string', { filters: { colors: 'pink' } }, /Colors must be a list of text values/],
    ['sizes of numbers', { filters: { sizes: [25, 35] } }, /Sizes must be a list of text values/],
    ['categories as an object', { filters: { categories: { a: 1 } } }, /Categories must be a list of text values/],
    ['search too long', { filters: { search: 'x'.repeat(201) } }, /Search must be 200 characters or fewer/],
    ['search not text', { filters: { search: 42 } }, /Search must be text/],
    ['in_stock_only not boolean', { filters: { in_stock_only: 'yes' } }, /in_stock_only must be true or false/],
  ];
  it.each(cases)('%s', async (_label, body, detail) => {
    const rest = await t.api('POST', '/products/filter', { body });
    expect(rest.status).toBe(400);
    expect(rest.body.detail).toMatch(detail);
    await expect(t.caller().catalog.filter(body as never)).rejects.toMatchObject({ code: 'BAD_REQUEST' });
  });

  it('malformed JSON is a 400, and an empty body is the default listing', async () => {
    const bad = await t.api('POST', '/products/filter', { rawBody: '{"filters":' });
    expect(bad.status).toBe(400);
    expect(bad.body.detail).toMatch(/Malformed JSON/);
    const res = await fetch(`${t.baseUrl}/api/products/filter`, { method: 'POST' });
    expect(res.status).toBe(200);
    expect((await res.json()).total).toBe(5);
  });

  it('a search of exactly 200 characters is accepted', async () => {
    expect(await filter({ search: 'x'.repeat(200) })).toBe('');
  });
});
