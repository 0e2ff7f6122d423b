// First-start seed: settings lists, the demo catalogue with pictures, promotions and the admin
// account. Runs once per database; the 'seeded_at' setting marks it done.
import { SEED_ORDER_RULES } from './order-rules';
import { lockSeeding } from './seed-lock.sql';
import { randomBytes } from 'node:crypto';
import type { Prisma, PrismaClient } from '@prisma/client';
import { DEFAULT_SETTINGS, SETTINGS_KEYS, type SettingsLists } from '../../shared/domain/settings-defaults';
import { hashPassword } from '../auth/password';
import { assertAcceptablePassword } from '../auth/password-policy';
import type { ImageStorage } from '../storage/image-storage';
import { CATALOGUE, EXTRA_SEED_COLORS, SEED_COUPONS, SEED_GIFT_ITEMS, SEED_GIFT_TIERS } from './catalogue';
import { createSeedImages, type SeedImage } from './images';
import { unitOfWork } from '../db/unit-of-work';
import { newId } from '../db/ids';
import { seedSynonymsOnce } from '../services/search/synonym-seed';

export interface SeedOptions {
  storage: ImageStorage;
  adminEmail?: string;
  adminPassword?: string;
  log?: (msg: string) => void;
  /** false seeds everything except products (benchmarks and tests bring their own). */
  catalogue?: boolean;
}

export interface SeedResult {
  seeded: boolean;
  adminEmail?: string;
  /** Only when no ADMIN_PASSWORD was given and a new admin account was created. */
  generatedPassword?: string;
}

type Tx = Prisma.TransactionClient;

const SEEDED_AT_KEY = 'seeded_at';
const DEFAULT_ADMIN_EMAIL = 'admin@packshop.sg';
const DAY_MS = 86_400_000;
const OPENING_STOCK = { reason: 'purchase_received', notes: 'Opening stock' } as const;

const isSeeded = async (db: PrismaClient | Tx): Promise<boolean> =>
  (await db.setting.findUnique({ where: { key: SEEDED_AT_KEY }, select: { key: true } })) !== null;

export async function seedDatabase(db: PrismaClient, opts: SeedOptions): Promise<SeedResult> {
  const log = opts.log ?? console.log;
  if (await isSeeded(db)) return { seeded: false };
  const started = Date.now();
  const withCatalogue = opts.catalogue !== false;

  // Slow work (image encoding, argon2) happens before the transaction so that it stays short.
  const images = createSeedImages(opts.storage);
  const [productImages, giftImages, admin] = await Promise.all([
    withCatalogue ? Promise.all(CATALOGUE.map((p) => images.forProduct(p))) : Promise.resolve([]),
    Promise.all(SEED_GIFT_ITEMS.map((g) => images.forGift(g))),
    prepareAdmin(db, opts),
  ]);

  const created = await unitOfWork(
    db,
    async (tx) => {
      await lockSeeding(tx);
      if (await isSeeded(tx)) return null;
      await seedSettings(tx);
      if (withCatalogue) await seedCatalogue(tx, productImages);
      await seedPromotions(tx, giftImages);
      await seedSynonymsOnce(tx);
      const account = admin ? await upsertAdmin(tx, admin) : undefined;
      await tx.setting.create({ data: { key: SEEDED_AT_KEY, value: new Date().toISOString() } });
      return { account };
    },
    { maxWait: 60_000, timeout: 60_000 },
  );
  if (!created) return { seeded: false };

  const variants = withCatalogue ? CATALOGUE.reduce((n, p) => n + p.variants.length, 0) : 0;
  log(`Seed: ${withCatalogue ? CATALOGUE.length : 0} products, ${variants} variants, promotions and settings in ${Date.now() - started} ms`);
  const { account } = created;
  if (!account) return { seeded: true };
  if (account.promoted) {
    log(`Existing user ${account.email} is now an admin (password unchanged)`);
    return { seeded: true, adminEmail: account.email };
  }
  // Logged only after the commit, so that a rolled-back account never has its password shown.
  const generatedPassword = admin?.generatedPassword;
  if (generatedPassword) {
    log(`Admin account created: ${account.email} / ${generatedPassword} (shown once; set ADMIN_EMAIL and ADMIN_PASSWORD to choose your own)`);
  } else {
    log(`Admin account created: ${account.email}`);
  }
  return { seeded: true, adminEmail: account.email, generatedPassword };
}

// ---------- settings ----------

function seedSettingsLists(): SettingsLists {
  return {
    ...DEFAULT_SETTINGS,
    available_colors: [...new Set([...DEFAULT_SETTINGS.available_colors, ...EXTRA_SEED_COLORS])],
  };
}

async function seedSettings(tx: Tx): Promise<void> {
  const lists = seedSettingsLists();
  // skipDuplicates: lists an admin already saved are theirs to keep.
  await tx.setting.createMany({ data: SETTINGS_KEYS.map((key) => ({ key, value: [...lists[key]] })), skipDuplicates: true });
}

// ---------- catalogue ----------

async function seedCatalogue(tx: Tx, imagesByProduct: SeedImage[][]): Promise<void> {
  // Staggered creation times give the 'Newest' sort a stable, meaningful order.
  const firstCreated = Date.now() - CATALOGUE.length * 60_000;
  const products = await tx.product.createManyAndReturn({
    data: CATALOGUE.map((p, i) => ({
      id: newId(),
      name: p.name,
      description: p.description,
      category: p.category,
      type: p.type,
      color: p.color,
      specifications: p.specifications,
      seoTitle: p.seoTitle,
      seoDescription: p.seoDescription,
      seoKeywords: p.seoKeywords,
      featured: p.featured,
      createdAt: new Date(firstCreated + i * 60_000),
    })),
    select: { id: true, name: true },
  });
  const productId = new Map(products.map((p) => [p.name, p.id]));
  const idOf = (name: string): string => {
    const id = productId.get(name);
    if (!id) throw new Error(`Seed: product ${name} was not created`);
    return id;
  };

  await tx.productImage.createMany({
    data: CATALOGUE.flatMap((p, i) => imagesByProduct[i].map((img) => ({ id: newId(), productId: idOf(p.name), ...img }))),
  });

  const variants = await tx.variant.createManyAndReturn({
    data: CATALOGUE.flatMap((p) =>
      p.variants.map((v) => ({
        id: newId(),
        productId: idOf(p.name),
        sku: v.sku,
        type: p.type,
        color: p.color,
        widthCm: v.widthCm,
        heightCm: v.heightCm,
        sizeCode: v.sizeCode,
        packSize: v.packSize,
        weightGrams: v.weightGrams,
        basePriceCents: v.basePriceCents,
        onHand: v.onHand,
        safetyStock: v.safetyStock,
        ...SEED_ORDER_RULES[v.sku],
      })),
    ),
    select: { id: true, sku: true, onHand: true },
  });
  const variantId = new Map(variants.map((v) => [v.sku, v.id]));

  await tx.priceTier.createMany({
    data: CATALOGUE.flatMap((p) =>
      p.variants.flatMap((v) => v.tiers.map((t) => ({ id: newId(), variantId: variantId.get(v.sku) as string, ...t }))),
    ),
  });

  // One ledger row per stocked variant, so every variant's stock history starts from a known figure.
  await tx.inventoryLedger.createMany({
    data: variants
      .filter((v) => v.onHand > 0)
      .map((v) => ({ id: newId(), variantId: v.id, subject: v.sku, field: 'on_hand', delta: v.onHand, before: 0, after: v.onHand, ...OPENING_STOCK })),
  });
}

// ---------- promotions ----------

async function seedPromotions(tx: Tx, giftImageUrls: string[]): Promise<void> {
  const now = Date.now();
  await tx.coupon.createMany({
    data: SEED_COUPONS.map((c) => ({
      id: newId(),
      code: c.code,
      type: c.type,
      value: c.value,
      minOrderCents: c.minOrderCents,
      validFrom: new Date(now),
      validTo: new Date(now + c.validForDays * DAY_MS),
    })),
    skipDuplicates: true,
  });

  const gifts = await tx.giftItem.createManyAndReturn({
    data: SEED_GIFT_ITEMS.map((g, i) => ({ id: newId(), name: g.name, description: g.description, imageUrl: giftImageUrls[i], stockQuantity: g.stockQuantity })),
    select: { id: true, name: true, stockQuantity: true },
  });
  const giftId = new Map(SEED_GIFT_ITEMS.map((g) => [g.key, gifts.find((row) => row.name === g.name)?.id as string]));

  await tx.inventoryLedger.createMany({
    data: gifts.map((g) => ({
      id: newId(),
      giftItemId: g.id,
      subject: g.name,
      field: 'stock_quantity',
      delta: g.stockQuantity,
      before: 0,
      after: g.stockQuantity,
      ...OPENING_STOCK,
    })),
  });

  for (const tier of SEED_GIFT_TIERS) {
    await tx.giftTier.create({
      data: {
        id: newId(),
        name: tier.name,
        spendingThresholdCents: tier.spendingThresholdCents,
        giftLimit: tier.giftLimit,
        items: { create: tier.giftKeys.map((key) => ({ giftItemId: giftId.get(key) as string })) },
      },
    });
  }
}

// ---------- admin account ----------

interface PreparedAdmin {
  email: string;
  passwordHash: string;
  generatedPassword?: string;
  /** Whether the operator named this address (ADMIN_EMAIL), which allows promoting an existing user. */
  explicitEmail: boolean;
}

/** Hashes the admin password up front, but only when no admin exists yet. */
async function prepareAdmin(db: PrismaClient, opts: SeedOptions): Promise<PreparedAdmin | null> {
  if ((await db.user.count({ where: { role: 'admin' } })) > 0) return null;
  const email = (opts.adminEmail ?? DEFAULT_ADMIN_EMAIL).trim().toLowerCase();
  const generatedPassword = opts.adminPassword ? undefined : randomBytes(18).toString('base64url');
  const password = opts.adminPassword ?? (generatedPassword as string);
  try {
    assertAcceptablePassword(password, [email, 'admin']);
  } catch (err) {
    // Checked only when the admin is about to be created: a weak value has nothing to protect yet.
    if (!opts.adminPassword) throw err;
    throw new Error(`ADMIN_PASSWORD is refused: ${(err as Error).message} Or leave it unset to have a strong one generated.`, { cause: err });
  }
  const passwordHash = await hashPassword(password);
  return { email, passwordHash, generatedPassword, explicitEmail: opts.adminEmail !== undefined };
}

/** Creates the admin (or promotes the named existing user); undefined when nothing was done. */
async function upsertAdmin(tx: Tx, admin: PreparedAdmin): Promise<{ email: string; promoted: boolean } | undefined> {
  if ((await tx.user.count({ where: { role: 'admin' } })) > 0) return undefined;
  const existing = await tx.user.findUnique({ where: { email: admin.email }, select: { id: true } });
  if (existing) {
    // Only an address the operator chose may be promoted; the default one could belong to anyone.
    if (!admin.explicitEmail) return undefined;
    await tx.user.update({ where: { id: existing.id }, data: { role: 'admin' } });
    return { email: admin.email, promoted: true };
  }
  await tx.user.create({
    data: {
      id: newId(),
      email: admin.email,
      passwordHash: admin.passwordHash,
      role: 'admin',
      firstName: 'Shop',
      lastName: 'Admin',
      displayName: 'Shop Admin',
    },
  });
  return { email: admin.email, promoted: false };
}
