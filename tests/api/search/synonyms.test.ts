import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVariant } from '../../factories/shop';
import { createUser } from '../../factories/users';
import { seedSynonymsOnce } from '../../../server/services/search/synonym-seed';
import { createTestApp, type TestApp } from '../../setup/test-app';

// The owner's synonym groups through both doors (issue 37 point 4, decision 0173): folded and
// checked as the schema says, 404 for an unknown group, staff only (catalog scopes for keys), at
// most 500 groups, and a change applies to the very next search.

let t: TestApp;
let staff: string;
let customer: string;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  // What a seeded or upgraded shop has (the seed and the start add the local names once).
  expect(await seedSynonymsOnce(t.db)).toBe(true);
  expect(await seedSynonymsOnce(t.db)).toBe(false);
  staff = (await createUser(t.deps, { role: 'staff' })).token;
  admin = (await createUser(t.deps, { role: 'admin' })).token;
  customer = (await createUser(t.deps)).token;
});
afterAll(() => t.close());

const post = (body: unknown, token = staff) => t.api('POST', '/admin/search/synonyms', { token, body });

async function searchNames(search: string): Promise<string[]> {
  const res = await t.api('POST', '/products/filter', { body: { filters: { search }, page: 1, limit: 20 } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (res.body.products as { name: string }[]).map((p) => p.name);
}

describe('synonym groups', () => {
  it('lists the seeded local names, two-way and one-way', async () => {
    const res = await t.api('GET', '/admin/search/synonyms', { token: staff });
    expect(res.status).toBe(200);
    const byId = new Map(res.body.map((g: { id: string }) => [g.id, g]));
    expect(byId.get('syn_seed_mailer_names')).toMatchObject({ kind: 'two_way', from_term: null, terms: expect.arrayContaining(['courier bag', 'polymailer']) });
    expect(byId.get('syn_seed_mailer')).toMatchObject({ kind: 'one_way', from_term: 'mailer', terms: ['polymailer'] });
  });

  it('adds a two-way group over REST with its terms folded and repeats dropped', async () => {
    const res = await post({ terms: ['Kotak  Box', 'KARTON', 'kotak-box', 'Cárton'] });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ kind: 'two_way', from_term: null, terms: ['kotak box', 'karton', 'carton'] });
    const stored = await t.db.searchSynonym.findUniqueOrThrow({ where: { id: res.body.id } });
    expect(stored).toMatchObject({ fromTerm: null, terms: ['kotak box', 'karton', 'carton'] });
  });

  it('adds a one-way rule through tRPC', async () => {
    const g = await t.caller({ token: staff }).admin.search.createSynonym({ from_term: ' Sampul ', terms: ['Bubble Envelope'] });
    expect(g).toMatchObject({ kind: 'one_way', from_term: 'sampul', terms: ['bubble envelope'] });
    const list = await t.caller({ token: staff }).admin.search.synonyms();
    expect(list.find((x) => x.id === g.id)).toBeTruthy();
  });

  it.each([
    [{ terms: ['!!!', 'bag'] }, /"!!!" has no letters or digits/],
    [{ terms: ['   ', 'bag'] }, /A term cannot be empty/],
    [{ terms: ['courier bag'] }, /two-way group needs at least 2 different terms/],
    [{ terms: ['Courier Bag', 'courier-bag'] }, /two-way group needs at least 2 different terms/],
    [{ terms: [] }, /Add at least one term/],
    [{ terms: ['x'.repeat(61), 'bag'] }, /60 characters or fewer/],
    [{ terms: Array.from({ length: 21 }, (_, i) => `term ${i}`) }, /at most 20 terms/],
    [{ from_term: 'Mailer', terms: ['mailer', 'polymailer'] }, /"mailer" cannot also be one of the terms/],
    [{ from_term: '---', terms: ['polymailer'] }, /searched word of a one-way rule needs letters or digits/],
    [{ terms: 'polymailer' }, /terms must be a list/],
    [{ terms: [42, 'bag'] }, /Each term must be text/],
  ])('refuses %j with a 400 that says why', async (body, why) => {
    const res = await post(body);
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.detail).toMatch(why);
  });

  it('refuses the same through tRPC as a BAD_REQUEST', async () => {
    await expect(t.caller({ token: staff }).admin.search.createSynonym({ terms: ['only one'] })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
  });

  it('replaces a group, two-way to one-way, and answers 404 for an unknown id on both doors', async () => {
    const made = (await post({ terms: ['tape', 'selotape'] })).body;
    const res = await t.api('PUT', `/admin/search/synonyms/${made.id}`, { token: staff, body: { from_term: 'Selotape', terms: ['Packing Tape'] } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ id: made.id, kind: 'one_way', from_term: 'selotape', terms: ['packing tape'] });
    const bad = await t.api('PUT', `/admin/search/synonyms/${made.id}`, { token: staff, body: { from_term: 'tape', terms: ['tape'] } });
    expect(bad.status).toBe(400);

    const missing = await t.api('PUT', '/admin/search/synonyms/no-such-group', { token: staff, body: { terms: ['a', 'b'] } });
    expect(missing.status).toBe(404);
    expect(missing.body.detail).toBe('Synonym group not found');
    await expect(t.caller({ token: staff }).admin.search.updateSynonym({ id: 'no-such-group', terms: ['a', 'b'] })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('deletes a group once; again is 404', async () => {
    const made = (await post({ terms: ['carton box', 'kotak'] })).body;
    const del = await t.api('DELETE', `/admin/search/synonyms/${made.id}`, { token: staff });
    expect(del.status).toBe(200);
    expect(await t.db.searchSynonym.count({ where: { id: made.id } })).toBe(0);
    expect((await t.api('DELETE', `/admin/search/synonyms/${made.id}`, { token: staff })).status).toBe(404);
    await expect(t.caller({ token: staff }).admin.search.deleteSynonym({ id: made.id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('applies to the next search at once, and stops when deleted', async () => {
    await createVariant(t.db, { name: 'Kraft Shipping Box' });
    expect(await searchNames('zqkotak')).toEqual([]);
    const rule = (await post({ from_term: 'zqkotak', terms: ['kraft shipping box'] })).body;
    expect(await searchNames('zqkotak')).toContain('Kraft Shipping Box');
    await t.api('DELETE', `/admin/search/synonyms/${rule.id}`, { token: staff });
    expect(await searchNames('zqkotak')).toEqual([]);
  });

  it('is closed to customers and to keys without the catalog scopes', async () => {
    expect((await t.api('GET', '/admin/search/synonyms', {})).status).toBe(401);
    for (const [method, path, body] of [
      ['GET', '/admin/search/synonyms', undefined],
      ['POST', '/admin/search/synonyms', { terms: ['a', 'b'] }],
      ['PUT', '/admin/search/synonyms/syn_seed_grey', { terms: ['grey', 'gray'] }],
      ['DELETE', '/admin/search/synonyms/syn_seed_grey', undefined],
    ] as const) {
      const res = await t.api(method, path, { token: customer, body });
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(res.body.detail).toEqual(expect.any(String));
    }
    await expect(t.caller({ token: customer }).admin.search.synonyms()).rejects.toMatchObject({ code: 'FORBIDDEN' });

    const key = async (scopes: string[]) => (await t.api('POST', '/admin/api-keys', { token: admin, body: { name: `synonyms ${scopes}`, scopes } })).body.secret as string;
    const reports = await key(['reports:read']);
    const reader = await key(['catalog:read']);
    const writer = await key(['catalog:write']);
    expect((await t.api('GET', '/admin/search/synonyms', { token: reports })).status).toBe(403);
    expect((await t.api('GET', '/admin/search/synonyms', { token: reader })).status).toBe(200);
    const refused = await post({ terms: ['a1', 'b1'] }, reader);
    expect(refused.status).toBe(403);
    expect(refused.body.detail).toMatch(/catalog:write/);
    expect((await post({ terms: ['a1', 'b1'] }, writer)).status).toBe(200);
  });

  it('keeps at most 500 groups', async () => {
    const have = await t.db.searchSynonym.count();
    await t.db.searchSynonym.createMany({ data: Array.from({ length: 500 - have }, (_, i) => ({ id: `fill_${i}`, terms: [`fill${i} a`, `fill${i} b`] })) });
    const res = await post({ terms: ['one more', 'too many'] });
    expect(res.status).toBe(409);
    expect(res.body.detail).toMatch(/at most 500 synonym groups/);
    expect(await t.db.searchSynonym.count()).toBe(500);
  });
});
