import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDatabase } from '../../../server/seed/index';
import { LocalImageStorage } from '../../../server/storage/image-storage';
import { createTestApp, type TestApp } from '../../setup/test-app';

// The catalogue a fresh shop starts with, seen through both doors: the out-of-stock states of the
// listing and the detail page can be seen without touching stock, since the seed has a sold-out
// product.
let t: TestApp;
let imagesDir: string;
beforeAll(async () => {
  t = await createTestApp();
  imagesDir = mkdtempSync(join(tmpdir(), 'packshop-seeded-'));
  await seedDatabase(t.db, { storage: new LocalImageStorage(imagesDir), log: () => {} });
}, 120_000);
afterAll(async () => {
  await t.close();
  rmSync(imagesDir, { recursive: true, force: true });
});

const filter = (filters: Record<string, unknown>) => t.api('POST', '/products/filter', { body: { filters, page: 1, limit: 100 } });

describe('a product whose every variant is out of stock', () => {
  it('is seeded, listed as out of stock, and hidden by the in-stock-only filter', async () => {
    const all = await filter({});
    expect(all.status).toBe(200);
    const soldOut = (all.body.products as { id: string; name: string; in_stock: boolean }[]).filter((p) => !p.in_stock);
    expect(soldOut.length).toBeGreaterThanOrEqual(1);
    const [product] = soldOut;

    const detail = await t.api('GET', `/products/${product.id}`);
    expect(detail.body.variants.length).toBeGreaterThan(1);
    for (const v of detail.body.variants) expect(v.available).toBe(0);

    const inStock = await filter({ in_stock_only: true });
    const ids = (inStock.body.products as { id: string }[]).map((p) => p.id);
    expect(ids).not.toContain(product.id);
    expect(ids.length).toBe(all.body.products.length - soldOut.length);
    expect(inStock.body.products.every((p: { in_stock: boolean }) => p.in_stock)).toBe(true);

    // The tRPC door agrees.
    const c = t.caller();
    const viaTrpc = await c.catalog.filter({ filters: { in_stock_only: true }, page: 1, limit: 100 });
    expect(viaTrpc.products.map((p) => p.id)).not.toContain(product.id);
    const everything = await c.catalog.filter({ filters: {}, page: 1, limit: 100 });
    expect(everything.products.find((p) => p.id === product.id)?.in_stock).toBe(false);
  });
});
