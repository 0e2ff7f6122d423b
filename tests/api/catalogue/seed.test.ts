import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PrismaClient } from '@prisma/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyPassword } from '../../../server/auth/password';
import { assertAcceptablePassword } from '../../../server/auth/password-policy';
import { openPostgres, type Database } from '../../../server/db/client';
import { seedDatabase, type SeedResult } from '../../../server/seed/index';
import { LocalImageStorage } from '../../../server/storage/image-storage';
import { DEFAULT_SETTINGS, SETTINGS_KEYS } from '../../../shared/domain/settings-defaults';
import { isStoredImagePath } from '../../../shared/domain/product-images';
import { buildSku } from '../../../shared/domain/sku';
import { availableStock } from '../../../shared/domain/stock';
import { createPostgresDb, createTestDb, usingPostgres } from '../../setup/test-db';

let database: Database;
let db: PrismaClient;
let uploadsDir: string;
let storage: LocalImageStorage;
let result: SeedResult;
const logs: string[] = [];

beforeAll(async () => {
  database = await createTestDb();
  db = database.db;
  uploadsDir = mkdtempSync(join(tmpdir(), 'packshop-seed-'));
  storage = new LocalImageStorage(uploadsDir);
  result = await seedDatabase(db, { storage, log: (msg) => logs.push(msg) });
}, 60_000);

afterAll(async () => {
  await database?.close();
  rmSync(uploadsDir, { recursive: true, force: true });
});

const counts = async () => ({
  products: await db.product.count(),
  variants: await db.variant.count(),
  tiers: await db.priceTier.count(),
  images: await db.productImage.count(),
  coupons: await db.coupon.count(),
  gifts: await db.giftItem.count(),
  tiersOfGifts: await db.giftTier.count(),
  users: await db.user.count(),
  settings: await db.setting.count(),
  ledger: await db.inventoryLedger.count(),
});

describe('seedDatabase on an empty database', () => {
  it('seeds a believable catalogue across categories, types and colours', async () => {
    expect(result.seeded).toBe(true);
    const products = await db.product.findMany({ include: { variants: true } });
    expect(products.length).toBeGreaterThanOrEqual(12);
    const categories = new Set(products.map((p) => p.category));
    const types = new Set(products.map((p) => p.type));
    expect([...categories]).toEqual(expect.arrayContaining(['polymailers', 'accessories']));
    expect([...types]).toEqual(expect.arrayContaining(['normal', 'premium', 'bubble wrap']));
    expect(new Set(products.map((p) => p.color))).toEqual(new Set(['white', 'black', 'clear', 'pink', 'baby blue']));
    expect(products.filter((p) => p.featured).length).toBeGreaterThanOrEqual(3);

    const variants = products.flatMap((p) => p.variants);
    expect(variants.length).toBeGreaterThanOrEqual(120);
    expect(variants.length).toBeLessThanOrEqual(200);
    for (const p of products.filter((p) => p.type === 'bubble wrap')) {
      expect(p.color).toBe('white');
      expect(p.variants.every((v) => v.color === 'white')).toBe(true);
    }
  });

  it('has a realistic spread of stock: sold out, low and healthy', async () => {
    const variants = await db.variant.findMany();
    expect(variants.some((v) => v.onHand === 0)).toBe(true);
    expect(variants.some((v) => v.onHand > 0 && availableStock(v) >= 1 && availableStock(v) <= 5)).toBe(true);
    expect(variants.some((v) => v.safetyStock > 0)).toBe(true);
    expect(variants.filter((v) => availableStock(v) > 5).length).toBeGreaterThan(variants.length / 2);
  });

  it('gives polymailers tiers at 1, 25, 50 and 100 packs, each cheaper, and accessories one tier', async () => {
    const variants = await db.variant.findMany({ include: { product: true, priceTiers: { orderBy: { minQuantity: 'asc' } } } });
    for (const v of variants) {
      const tiers = v.priceTiers;
      expect(v.basePriceCents).toBe(tiers[0].priceCents);
      if (v.product.category === 'polymailers') {
        expect(tiers.map((t) => t.minQuantity)).toEqual([1, 25, 50, 100]);
        for (let i = 1; i < tiers.length; i++) expect(tiers[i].priceCents).toBeLessThan(tiers[i - 1].priceCents);
      } else {
        expect(tiers.map((t) => t.minQuantity)).toEqual([1]);
      }
      expect(v.weightGrams).toBeGreaterThan(0);
    }
    const reference = variants.find((v) => v.sku === 'POLYMAILERS_NORMAL_WHITE_25X35_50');
    expect(reference?.basePriceCents).toBe(990);
  });

  it('uses unique SKUs built by the shared SKU rule', async () => {
    const variants = await db.variant.findMany({ include: { product: true } });
    expect(new Set(variants.map((v) => v.sku)).size).toBe(variants.length);
    for (const v of variants) {
      expect(v.sku).toBe(
        buildSku({ category: v.product.category, type: v.type, color: v.color, widthCm: v.widthCm, heightCm: v.heightCm, packSize: v.packSize }),
      );
      expect(v.sizeCode).toBe(`${v.widthCm}x${v.heightCm}`);
    }
    expect(variants.map((v) => v.sku)).toContain('ACCESSORIES_BUBBLE WRAP_WHITE_30X50_10');
  });

  it('stores at least one existing image file per product', async () => {
    const products = await db.product.findMany({ include: { images: { orderBy: { position: 'asc' } } } });
    for (const p of products) {
      expect(p.images.length).toBeGreaterThanOrEqual(1);
      for (const img of p.images) {
        // Named by content, at the drawing's 800 px, so the page knows its size before it loads.
        expect(img.url).toMatch(/^\/uploads\/img\/[0-9a-f]{20}-800x800\.webp$/);
        // Issue 25: seeded images are images the shop stores, so the upgrade check never reports them.
        expect(isStoredImagePath(img.url), img.url).toBe(true);
        expect(existsSync(join(uploadsDir, img.url.replace('/uploads/', '')))).toBe(true);
      }
    }
  });

  it('seeds two coupons, three gift items and two gift tiers', async () => {
    const coupons = await db.coupon.findMany({ orderBy: { code: 'asc' } });
    expect(coupons.map((c) => [c.code, c.type, c.value, c.minOrderCents])).toEqual([
      ['BULK15', 'fixed', 1500, 15000],
      ['WELCOME10', 'percent', 1000, 3000],
    ]);
    expect(coupons.every((c) => c.isActive && c.validFrom.getTime() <= Date.now() && c.validTo.getTime() > Date.now())).toBe(true);

    const gifts = await db.giftItem.findMany();
    expect(gifts).toHaveLength(3);
    for (const g of gifts) {
      expect(g.stockQuantity).toBeGreaterThan(0);
      expect(existsSync(join(uploadsDir, String(g.imageUrl).replace('/uploads/', '')))).toBe(true);
    }

    const tiers = await db.giftTier.findMany({ include: { items: true }, orderBy: { spendingThresholdCents: 'asc' } });
    expect(tiers.map((t) => [t.spendingThresholdCents, t.giftLimit, t.items.length])).toEqual([
      [10000, 1, 2],
      [25000, 2, 3],
    ]);
  });

  it('writes the settings lists, including the colours the catalogue uses', async () => {
    const settings = new Map((await db.setting.findMany()).map((s) => [s.key, s.value]));
    for (const key of SETTINGS_KEYS) expect(settings.has(key)).toBe(true);
    expect(settings.get('available_colors')).toEqual([...DEFAULT_SETTINGS.available_colors, 'pink', 'baby blue']);
    expect(settings.get('available_pack_sizes')).toEqual(DEFAULT_SETTINGS.available_pack_sizes);
    expect(settings.has('seeded_at')).toBe(true);
  });

  it('records opening stock in the inventory ledger', async () => {
    const stocked = await db.variant.findMany({ where: { onHand: { gt: 0 } }, include: { ledger: true } });
    for (const v of stocked) {
      expect(v.ledger).toEqual([
        expect.objectContaining({ subject: v.sku, field: 'on_hand', reason: 'purchase_received', notes: 'Opening stock', delta: v.onHand, before: 0, after: v.onHand }),
      ]);
    }
  });

  it('creates one admin with a generated password that is logged once and works', async () => {
    const admins = await db.user.findMany({ where: { role: 'admin' } });
    expect(admins).toHaveLength(1);
    expect(admins[0]).toMatchObject({ email: 'admin@packshop.sg', firstName: 'Shop', lastName: 'Admin', displayName: 'Shop Admin' });
    expect(result.adminEmail).toBe('admin@packshop.sg');
    expect(result.generatedPassword).toMatch(/^[A-Za-z0-9_-]{18,}$/);
    expect(await verifyPassword(admins[0].passwordHash, result.generatedPassword as string)).toBe(true);
    expect(() => assertAcceptablePassword(result.generatedPassword as string, ['admin@packshop.sg'])).not.toThrow();
    const shown = logs.filter((l) => l.includes(result.generatedPassword as string));
    expect(shown).toEqual([
      `Admin account created: admin@packshop.sg / ${result.generatedPassword} (shown once; set ADMIN_EMAIL and ADMIN_PASSWORD to choose your own)`,
    ]);
  });

  it('does nothing on a second start', async () => {
    const before = await counts();
    const again = await seedDatabase(db, { storage, log: (msg) => logs.push(msg) });
    expect(again).toEqual({ seeded: false });
    expect(await counts()).toEqual(before);
  });
});

describe('seedDatabase with chosen admin credentials and no catalogue', () => {
  let other: Database;
  beforeAll(async () => {
    other = await createTestDb();
  }, 60_000);
  afterAll(() => other?.close());

  it('refuses a weak ADMIN_PASSWORD with a clear start-up message and creates nothing', async () => {
    for (const weak of ['12345678', 'owner@example.sg', 'packshop1']) {
      await expect(seedDatabase(other.db, { storage, adminEmail: 'owner@example.sg', adminPassword: weak, catalogue: false, log: () => {} })).rejects.toThrow(
        /^ADMIN_PASSWORD is refused: This password is too common/,
      );
    }
    expect(await other.db.user.count()).toBe(0);
    expect(await other.db.coupon.count()).toBe(0);
  }, 60_000);

  it('seeds settings, promotions and the named admin, but no products, and logs no password', async () => {
    const messages: string[] = [];
    const res = await seedDatabase(other.db, {
      storage,
      adminEmail: 'Owner@Example.SG',
      adminPassword: 'a-chosen-password',
      catalogue: false,
      log: (msg) => messages.push(msg),
    });
    expect(res).toEqual({ seeded: true, adminEmail: 'owner@example.sg', generatedPassword: undefined });
    expect(await other.db.product.count()).toBe(0);
    expect(await other.db.coupon.count()).toBe(2);
    expect(await other.db.giftTier.count()).toBe(2);
    const admin = await other.db.user.findUniqueOrThrow({ where: { email: 'owner@example.sg' } });
    expect(admin.role).toBe('admin');
    expect(await verifyPassword(admin.passwordHash, 'a-chosen-password')).toBe(true);
    expect(messages.join('\n')).not.toContain('a-chosen-password');
  }, 60_000);
});

describe.runIf(usingPostgres())('two instances starting on one empty database', () => {
  it('seeds exactly once', async () => {
    const first = await createPostgresDb();
    const second = await openPostgres(first.url);
    try {
      const opts = { storage, catalogue: false, log: () => {} };
      const results = await Promise.all([seedDatabase(first.db, opts), seedDatabase(second.db, opts)]);
      expect(results.filter((r) => r.seeded)).toHaveLength(1);
      expect(await first.db.coupon.count()).toBe(2);
      expect(await first.db.giftItem.count()).toBe(3);
      expect(await first.db.user.count({ where: { role: 'admin' } })).toBe(1);
    } finally {
      await second.close();
      await first.close();
    }
  }, 60_000);
});
