import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDatabase } from '../../../server/seed/index';
import { LocalImageStorage } from '../../../server/storage/image-storage';
import { createTestApp, type TestApp } from '../../setup/test-app';
import { FINDS, FINDS_NOTHING } from './search-queries';

// The search measured against what buyers type (tests/api/search/search-queries.ts), on the seeded
// catalogue, through the listing's REST door; both databases run this file.
let t: TestApp;
let imagesDir: string;
beforeAll(async () => {
  t = await createTestApp();
  imagesDir = mkdtempSync(join(tmpdir(), 'packshop-search-'));
  await seedDatabase(t.db, { storage: new LocalImageStorage(imagesDir), log: () => {} });
}, 120_000);
afterAll(async () => {
  await t.close();
  rmSync(imagesDir, { recursive: true, force: true });
});

async function names(search: string): Promise<string[]> {
  const res = await t.api('POST', '/products/filter', { body: { filters: { search }, page: 1, limit: 20 } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (res.body.products as { name: string }[]).map((p) => p.name);
}

describe('the search test set', () => {
  it(`has at least 40 queries that must find a product`, () => {
    expect(FINDS.length).toBeGreaterThanOrEqual(40);
  });

  it.each(FINDS)('%s finds %s in the first three', async (query, expected) => {
    const top = (await names(query)).slice(0, 3);
    expect(top.some((n) => n.includes(expected)), `top three: ${top.join(' | ')}`).toBe(true);
  });

  it.each(FINDS_NOTHING)('%s finds nothing', async (query) => {
    expect(await names(query)).toEqual([]);
  });
});
