import type { Prisma, PrismaClient } from '@prisma/client';
import { DEFAULT_SHOP_PROFILE, shopProfileSchema, type ShopProfile } from '../../../shared/schemas/shop-profile.schema';

const KEY = 'shop_profile';

/** The saved profile over the defaults (a field never saved reads as its default). */
export async function getShopProfile(db: PrismaClient | Prisma.TransactionClient): Promise<ShopProfile> {
  const row = await db.setting.findUnique({ where: { key: KEY }, select: { value: true } });
  return shopProfileOf(row?.value);
}

/** The profile from its stored setting value (absent: the defaults), for reads made elsewhere (order placement). */
export function shopProfileOf(value: unknown): ShopProfile {
  const saved = shopProfileSchema.partial().safeParse(value ?? {});
  return { ...DEFAULT_SHOP_PROFILE, ...(saved.success ? saved.data : {}) };
}

export const SHOP_PROFILE_KEY = KEY;

export async function updateShopProfile(db: PrismaClient, input: Partial<ShopProfile>): Promise<ShopProfile> {
  const value = { ...(await getShopProfile(db)), ...input };
  await db.setting.upsert({ where: { key: KEY }, create: { key: KEY, value }, update: { value }, select: { key: true } });
  return value;
}
