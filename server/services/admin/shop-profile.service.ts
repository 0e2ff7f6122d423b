import type { Prisma, PrismaClient } from '@prisma/client';
import { DEFAULT_SHOP_PROFILE, shopProfileSchema, type ShopProfile } from '../../../shared/schemas/admin/shop-profile.schema';

const KEY = 'shop_profile';

/** The saved profile over the defaults (a field never saved reads as its default). */
export async function getShopProfile(db: PrismaClient | Prisma.TransactionClient): Promise<ShopProfile> {
  const row = await db.setting.findUnique({ where: { key: KEY }, select: { value: true } });
  const saved = shopProfileSchema.partial().safeParse(row?.value ?? {});
  return { ...DEFAULT_SHOP_PROFILE, ...(saved.success ? saved.data : {}) };
}

export async function updateShopProfile(db: PrismaClient, input: Partial<ShopProfile>): Promise<ShopProfile> {
  const value = { ...(await getShopProfile(db)), ...input };
  await db.setting.upsert({ where: { key: KEY }, create: { key: KEY, value }, update: { value }, select: { key: true } });
  return value;
}
