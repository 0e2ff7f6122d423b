import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_PENDING_KEYS, countSearch, flushSearchStats } from '../../../server/services/search/search-stats';
import { shopDay } from '../../../shared/domain/shop-time';
import { createUser } from '../../factories/users';
import { createTestApp, type TestApp } from '../../setup/test-app';

// What buyers looked for (issue 37 point 6, decision 0173): searches counted in memory reach the
// report once flushed, folded and without personal data; the report takes a range of Singapore
// days and a limit, on both doors, with a CSV; staff and reports:read keys only.

let t: TestApp;
let staff: string;
let admin: string;
let customer: string;
const today = shopDay(new Date());
const TODAY = `from=${today}&to=${today}`;

beforeAll(async () => {
  t = await createTestApp();
  staff = (await createUser(t.deps, { role: 'staff' })).token;
  admin = (await createUser(t.deps, { role: 'admin' })).token;
  customer = (await createUser(t.deps)).token;
});
afterAll(() => t.close());

const report = (qs: string, token = staff) => t.api('GET', `/admin/reports/search?${qs}`, { token });

describe('counting searches', () => {
  it('shows a counted search in the report once flushed, folded, with its zero results', async () => {
    countSearch(t.db, 'Bubble  Wrap', 3);
    countSearch(t.db, 'bubble-wrap', 3);
    countSearch(t.db, 'KOTAK', 0);
    countSearch(t.db, 'kotak', 0);
    countSearch(t.db, 'kotak!', 0);
    // Nothing is written until the flush.
    expect(await t.db.searchQueryDay.count()).toBe(0);
    await flushSearchStats(t.db);

    const res = await report(TODAY);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({
      from: today,
      to: today,
      total_searches: 5,
      total_zero_results: 3,
      top_searches: [
        { query: 'kotak', searches: 3, zero_results: 3 },
        { query: 'bubble wrap', searches: 2, zero_results: 0 },
      ],
      zero_result_searches: [{ query: 'kotak', searches: 3 }],
    });
  });

  it('adds later counts to the same day and query', async () => {
    countSearch(t.db, 'kotak', 0);
    countSearch(t.db, 'kotak', 2);
    await flushSearchStats(t.db);
    const row = await t.db.searchQueryDay.findFirstOrThrow({ where: { query: 'kotak' } });
    expect(row).toMatchObject({ searches: 5, zeroResults: 4 });
    expect(shopDay(row.day).length).toBe(10);
  });

  it('does not count empty queries or what looks like personal data', async () => {
    const before = await t.db.searchQueryDay.count();
    for (const q of ['', '   ', '!!!', 'ann@example.com', 'ANN@EXAMPLE.COM bubble', '+65 9123 4567', '91234567', 'S1234567D', 'order 2026112812345']) countSearch(t.db, q, 0);
    await flushSearchStats(t.db);
    expect(await t.db.searchQueryDay.count()).toBe(before);
    const rows = await t.db.searchQueryDay.findMany();
    expect(rows.filter((r) => /@|\d{7}/.test(r.query))).toEqual([]);
  });

  it('keeps at most 100 characters of a query', async () => {
    // Eight words of 20 letters: 167 characters folded, counted under the first 100.
    countSearch(t.db, `mailer ${Array.from({ length: 7 }, (_, i) => String.fromCharCode(97 + i).repeat(20)).join(' ')}`, 0);
    await flushSearchStats(t.db);
    const row = await t.db.searchQueryDay.findFirstOrThrow({ where: { query: { startsWith: 'mailer aaaa' } } });
    expect(row.query).toBe(`mailer ${'a'.repeat(20)} ${'b'.repeat(20)} ${'c'.repeat(20)} ${'d'.repeat(20)} ${'e'.repeat(9)}`);
    expect(row.query.length).toBe(100);
  });
});

describe('the report', () => {
  beforeAll(async () => {
    await t.db.searchQueryDay.createMany({
      data: [
        { day: new Date('2026-10-01T00:00:00Z'), query: 'courier bag', searches: 40, zeroResults: 0 },
        { day: new Date('2026-10-02T00:00:00Z'), query: 'courier bag', searches: 10, zeroResults: 0 },
        { day: new Date('2026-10-02T00:00:00Z'), query: 'kraft box', searches: 7, zeroResults: 7 },
        { day: new Date('2026-10-03T00:00:00Z'), query: 'honeycomb paper', searches: 3, zeroResults: 2 },
        { day: new Date('2026-10-04T00:00:00Z'), query: 'outside the range', searches: 99, zeroResults: 99 },
      ],
    });
  });

  it('sums the days of the range, both included, most searched first, through both doors', async () => {
    const res = await report('from=2026-10-01&to=2026-10-03');
    expect(res.status).toBe(200);
    expect(res.body.top_searches).toEqual([
      { query: 'courier bag', searches: 50, zero_results: 0 },
      { query: 'kraft box', searches: 7, zero_results: 7 },
      { query: 'honeycomb paper', searches: 3, zero_results: 2 },
    ]);
    expect(res.body.zero_result_searches).toEqual([
      { query: 'kraft box', searches: 7 },
      { query: 'honeycomb paper', searches: 2 },
    ]);
    expect(res.body).toMatchObject({ total_searches: 60, total_zero_results: 9 });
    const viaTrpc = await t.caller({ token: staff }).admin.reports.search({ from: '2026-10-01', to: '2026-10-03' });
    expect(viaTrpc).toEqual(res.body);
  });

  it('cuts each list at limit', async () => {
    const res = await report('from=2026-10-01&to=2026-10-03&limit=1');
    expect(res.body.top_searches.map((r: { query: string }) => r.query)).toEqual(['courier bag']);
    expect(res.body.zero_result_searches.map((r: { query: string }) => r.query)).toEqual(['kraft box']);
    expect(res.body.total_searches).toBe(60);
  });

  it('answers both lists as a CSV file', async () => {
    const res = await fetch(`${t.baseUrl}/api/admin/reports/search?from=2026-10-01&to=2026-10-03&format=csv`, { headers: { authorization: `Bearer ${staff}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/csv/);
    expect(res.headers.get('content-disposition')).toContain('searches-2026-10-01_to_2026-10-03.csv');
    const rows = parse((await res.text()).replace(/^\uFEFF/, ''), { columns: true });
    expect(rows).toContainEqual({ list: 'top', query: 'courier bag', searches: '50', zero_results: '0' });
    expect(rows).toContainEqual({ list: 'zero results', query: 'kraft box', searches: '7', zero_results: '7' });
  });

  it.each([
    ['to=2026-10-03', /from is required/],
    ['from=2026-10-01', /to is required/],
    ['from=2026-10-05&to=2026-10-01', /from must not be after to/],
    ['from=2026-02-30&to=2026-03-01', /from must be a date/],
    ['from=2026-10-01&to=2026-10-03&limit=0', /limit must be at least 1/],
    ['from=2026-10-01&to=2026-10-03&limit=501', /limit must be 500 or less/],
    ['from=2026-10-01&to=2026-10-03&limit=ten', /limit must be a whole number/],
    ['from=2020-01-01&to=2026-10-03', /at most 732 days/],
  ])('refuses %s with a 400 that says why', async (qs, why) => {
    const res = await report(qs);
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.detail).toMatch(why);
  });

  it('is closed to customers and to keys without reports:read', async () => {
    expect((await t.api('GET', `/admin/reports/search?${TODAY}`, {})).status).toBe(401);
    expect((await report(TODAY, customer)).status).toBe(403);
    const csv = await fetch(`${t.baseUrl}/api/admin/reports/search?${TODAY}&format=csv`, { headers: { authorization: `Bearer ${customer}` } });
    expect(csv.status).toBe(403);
    await expect(t.caller({ token: customer }).admin.reports.search({ from: today, to: today })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    const key = async (scopes: string[]) => (await t.api('POST', '/admin/api-keys', { token: admin, body: { name: `search ${scopes}`, scopes } })).body.secret as string;
    const catalog = await key(['catalog:read']);
    const reports = await key(['reports:read']);
    const refused = await report(TODAY, catalog);
    expect(refused.status).toBe(403);
    expect(refused.body.detail).toMatch(/reports:read/);
    expect((await report(TODAY, reports)).status).toBe(200);
  });
});

describe('the in-memory counts', () => {
  it(`hold at most ${MAX_PENDING_KEYS} queries between flushes; more are not counted`, async () => {
    const before = await t.db.searchQueryDay.count();
    for (let i = 0; i <= MAX_PENDING_KEYS; i++) countSearch(t.db, `flood ${i.toString(36)}`, 0);
    await flushSearchStats(t.db);
    expect((await t.db.searchQueryDay.count()) - before).toBe(MAX_PENDING_KEYS);
    // Room again once flushed.
    countSearch(t.db, 'after the flood', 1);
    await flushSearchStats(t.db);
    expect(await t.db.searchQueryDay.count({ where: { query: 'after the flood' } })).toBe(1);
  });
});
