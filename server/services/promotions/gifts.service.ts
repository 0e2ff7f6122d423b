import type { PrismaClient } from '@prisma/client';
import { toCents, toDollars } from '../../../shared/domain/money';
import { badRequest, conflict, notFound } from '../../../shared/errors';
import type { z } from 'zod';
import type { giftItemInput, giftTierInput } from '../../../shared/schemas/gifts.schema';
import { isOutsideImageAddress } from '../../../shared/domain/product-images';
import { storeOutsideImage, type ImageSource } from '../catalogue/product-images.service';
import { lockGiftStock } from '../../db/stock-locks.sql';
import { writeLedger } from '../catalogue/ledger';
// Carts read gift tiers through a short cache: every change here notes a promotions change, which
// drops it after the commit so carts see it at once.
import { notePromotionsChanged, unitOfWork } from '../../db/unit-of-work';
import { newId } from '../../db/ids';
import { tierColumns } from './gift-tier-rules';

type GiftItemInput = z.infer<typeof giftItemInput>;
type GiftTierInput = z.infer<typeof giftTierInput>;

const itemSelect = { id: true, name: true, description: true, imageUrl: true, stockQuantity: true, allocated: true, isActive: true } as const;
type ItemRow = { id: string; name: string; description: string; imageUrl: string | null; stockQuantity: number; allocated: number; isActive: boolean };

const itemToWire = (g: ItemRow) => ({
  id: g.id,
  name: g.name,
  description: g.description,
  image_url: g.imageUrl,
  stock_quantity: g.stockQuantity,
  allocated: g.allocated,
  is_active: g.isActive,
});

export async function listGiftItems(db: PrismaClient) {
  return (await db.giftItem.findMany({ orderBy: { createdAt: 'asc' }, select: itemSelect })).map(itemToWire);
}

/** An https:// address is fetched, checked and stored before the transaction; its stored path is saved. */
async function storedImage(input: GiftItemInput, images: ImageSource): Promise<GiftItemInput> {
  const url = input.image_url;
  return url && isOutsideImageAddress(url) ? { ...input, image_url: await storeOutsideImage(images, url, 'Gift image') } : input;
}

export async function createGiftItem(db: PrismaClient, userId: string, given: GiftItemInput, images: ImageSource) {
  const input = await storedImage(given, images);
  const row = await unitOfWork(db, async (tx) => {
    notePromotionsChanged(tx);
    const g = await tx.giftItem.create({
      data: { id: newId(), name: input.name, description: input.description, imageUrl: input.image_url, stockQuantity: input.stock_quantity, isActive: input.is_active },
      select: itemSelect,
    });
    if (g.stockQuantity > 0) {
      await writeLedger(tx, [{ giftItemId: g.id, subject: g.name, field: 'stock_quantity', reason: 'purchase_received', notes: 'Opening gift stock', before: 0, after: g.stockQuantity, userId }]);
    }
    return g;
  });
  return itemToWire(row);
}

/** A change of gift stock is a stock change like any other: locked, checked and written to the ledger. */
export async function updateGiftItem(db: PrismaClient, userId: string, id: string, given: GiftItemInput, images: ImageSource) {
  const input = await storedImage(given, images);
  const row = await unitOfWork(db, async (tx) => {
    const old = await lockGiftStock(tx, id);
    if (!old) throw notFound('Gift item not found');
    if (input.stock_quantity < old.allocated) {
      throw conflict(`Stock cannot be less than the ${old.allocated} gift(s) allocated to open orders`);
    }
    notePromotionsChanged(tx);
    const g = await tx.giftItem.update({
      where: { id },
      data: { name: input.name, description: input.description, imageUrl: input.image_url, stockQuantity: input.stock_quantity, isActive: input.is_active },
      select: itemSelect,
    });
    if (old.stockQuantity !== g.stockQuantity) {
      await writeLedger(tx, [{ giftItemId: id, subject: g.name, field: 'stock_quantity', reason: 'manual_adjustment', notes: 'Edited in gift management', before: old.stockQuantity, after: g.stockQuantity, userId }]);
    }
    return g;
  });
  return itemToWire(row);
}

/** Order history keeps the gift's name (OrderGift snapshot); carts and tiers drop it. */
export async function deleteGiftItem(db: PrismaClient, id: string) {
  const g = await db.giftItem.findUnique({ where: { id }, select: { allocated: true } });
  if (!g) throw notFound('Gift item not found');
  if (g.allocated > 0) throw conflict(`Cannot delete this gift item: ${g.allocated} are allocated to open orders`);
  await unitOfWork(db, async (tx) => {
    notePromotionsChanged(tx);
    await tx.giftItem.delete({ where: { id }, select: { id: true } });
  });
  return { ok: true, message: 'Gift item deleted' };
}

const tierSelect = {
  ...tierColumns,
  items: { select: { giftItem: { select: { id: true, name: true } } }, orderBy: { giftItem: { name: 'asc' } } },
} as const;
type TierRow = { id: string; name: string; spendingThresholdCents: number; giftLimit: number; isActive: boolean; items: { giftItem: { id: string; name: string } }[] };

const tierToWire = (t: TierRow) => ({
  id: t.id,
  name: t.name,
  spending_threshold: toDollars(t.spendingThresholdCents),
  gift_limit: t.giftLimit,
  gift_item_ids: t.items.map((i) => i.giftItem.id),
  gift_items: t.items.map((i) => i.giftItem),
  is_active: t.isActive,
});

export async function listGiftTiers(db: PrismaClient) {
  return (await db.giftTier.findMany({ orderBy: { spendingThresholdCents: 'asc' }, select: tierSelect })).map(tierToWire);
}

async function checkGiftIds(db: PrismaClient, ids: string[]) {
  const unique = [...new Set(ids)];
  const found = await db.giftItem.count({ where: { id: { in: unique } } });
  if (found !== unique.length) throw badRequest('One or more selected gift items no longer exist');
  return unique;
}

const tierData = (t: GiftTierInput) => ({
  name: t.name,
  spendingThresholdCents: toCents(t.spending_threshold),
  giftLimit: t.gift_limit,
  isActive: t.is_active,
});

export async function createGiftTier(db: PrismaClient, input: GiftTierInput) {
  const ids = await checkGiftIds(db, input.gift_item_ids);
  const t = await unitOfWork(db, (tx) => {
    notePromotionsChanged(tx);
    return tx.giftTier.create({ data: { id: newId(), ...tierData(input), items: { create: ids.map((giftItemId) => ({ giftItemId })) } }, select: tierSelect });
  });
  return tierToWire(t);
}

export async function updateGiftTier(db: PrismaClient, id: string, input: GiftTierInput) {
  const ids = await checkGiftIds(db, input.gift_item_ids);
  const t = await unitOfWork(db, async (tx) => {
    const exists = await tx.giftTier.count({ where: { id } });
    if (!exists) throw notFound('Gift tier not found');
    notePromotionsChanged(tx);
    await tx.giftTierItem.deleteMany({ where: { tierId: id } });
    return tx.giftTier.update({ where: { id }, data: { ...tierData(input), items: { create: ids.map((giftItemId) => ({ giftItemId })) } }, select: tierSelect });
  });
  return tierToWire(t);
}

export async function deleteGiftTier(db: PrismaClient, id: string) {
  await unitOfWork(db, async (tx) => {
    notePromotionsChanged(tx);
    const { count } = await tx.giftTier.deleteMany({ where: { id } });
    if (!count) throw notFound('Gift tier not found');
  });
  return { ok: true, message: 'Gift tier deleted' };
}

export async function promotionStats(db: PrismaClient) {
  const [active_coupons, total_coupons, active_gift_items, total_gift_items, active_gift_tiers, total_gift_tiers] = await Promise.all([
    db.coupon.count({ where: { isActive: true } }),
    db.coupon.count(),
    db.giftItem.count({ where: { isActive: true } }),
    db.giftItem.count(),
    db.giftTier.count({ where: { isActive: true } }),
    db.giftTier.count(),
  ]);
  return { active_coupons, total_coupons, active_gift_items, total_gift_items, active_gift_tiers, total_gift_tiers };
}
