import { randomBytes } from 'node:crypto';
import type { PrismaClient } from '@prisma/client';
import { dropPromoCache } from '../../server/services/promotions/promo-cache';
import { newGuestId } from '../../shared/domain/guest-id';
import { newId } from '../../server/db/ids';

const uid = () => randomBytes(4).toString('hex');

/** A product with one variant and tiers in cents (highest price for the smallest quantity). */
export async function createVariant(
  db: PrismaClient,
  opts: { name?: string; onHand?: number; allocated?: number; safetyStock?: number; weightGrams?: number; tiers?: [number, number][]; sizeCode?: string; packSize?: number } = {},
) {
  const tiers = opts.tiers ?? [
    [1, 1000],
    [10, 800],
  ];
  const [w, h] = (opts.sizeCode ?? '25x35').split('x').map(Number);
  const product = await db.product.create({
    data: {
      id: newId(),
      name: opts.name ?? `Mailer ${uid()}`,
      category: 'polymailers',
      type: 'normal',
      color: 'white',
      images: { create: [{ id: newId(), url: '/uploads/seed/test.webp', position: 0 }] },
      variants: {
        create: [
          {
            id: newId(),
            sku: `SKU-${uid()}`,
            type: 'normal',
            color: 'white',
            widthCm: w,
            heightCm: h,
            sizeCode: opts.sizeCode ?? '25x35',
            packSize: opts.packSize ?? 50,
            weightGrams: opts.weightGrams ?? 500,
            basePriceCents: tiers[0][1],
            onHand: opts.onHand ?? 100,
            allocated: opts.allocated ?? 0,
            safetyStock: opts.safetyStock ?? 0,
            priceTiers: { create: tiers.map(([minQuantity, priceCents]) => ({ id: newId(), minQuantity, priceCents })) },
          },
        ],
      },
    },
    select: { id: true, name: true, variants: { select: { id: true, sku: true } } },
  });
  return { productId: product.id, productName: product.name, variantId: product.variants[0].id, sku: product.variants[0].sku };
}

export async function createCoupon(
  db: PrismaClient,
  opts: { code?: string; type?: 'percent' | 'fixed'; value?: number; minOrderCents?: number; isActive?: boolean; validFrom?: Date; validTo?: Date; usageLimit?: number | null; usageLimitPerCustomer?: number | null } = {},
) {
  const day = 24 * 3600 * 1000;
  return db.coupon.create({
    data: {
      id: newId(),
      code: opts.code ?? `C${uid().toUpperCase()}`,
      type: opts.type ?? 'percent',
      value: opts.value ?? 1000,
      minOrderCents: opts.minOrderCents ?? 0,
      isActive: opts.isActive ?? true,
      validFrom: opts.validFrom ?? new Date(Date.now() - day),
      validTo: opts.validTo ?? new Date(Date.now() + 30 * day),
      usageLimit: opts.usageLimit ?? null,
      usageLimitPerCustomer: opts.usageLimitPerCustomer ?? null,
    },
  });
}

/** A gift tier with its own new gift items. */
export async function createGiftTier(db: PrismaClient, opts: { thresholdCents: number; giftLimit?: number; gifts?: { name?: string; stock?: number }[] }) {
  const gifts = [];
  for (const g of opts.gifts ?? [{}, {}]) {
    gifts.push(await db.giftItem.create({ data: { id: newId(), name: g.name ?? `Gift ${uid()}`, description: 'A free gift', stockQuantity: g.stock ?? 10 } }));
  }
  const tier = await db.giftTier.create({
    data: {
      id: newId(),
      name: `Spend $${opts.thresholdCents / 100}`,
      spendingThresholdCents: opts.thresholdCents,
      giftLimit: opts.giftLimit ?? 1,
      items: { create: gifts.map((g) => ({ giftItemId: g.id })) },
    },
  });
  dropPromoCache(); // the cart view caches tiers for a few seconds; admin writes drop it too
  return { tierId: tier.id, giftIds: gifts.map((g) => g.id) };
}

export async function deleteGiftTier(db: PrismaClient, id: string) {
  await db.giftTier.delete({ where: { id } });
  dropPromoCache();
}

/** A fresh guest id, made as the browser makes it (128 random bits). */
export const guestId = () => newGuestId();
