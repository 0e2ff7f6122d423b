import type { PrismaClient } from '@prisma/client';
import { createProduct } from './catalog';
import { newId } from '../../server/db/ids';

const DAY = 86_400_000;

/** A small shop for the chat agents: mailers in a few sizes, coupons (one expired), a gift tier. */
export async function createChatShop(db: PrismaClient) {
  const white = await createProduct(db, {
    name: 'White Polymailer Bags',
    color: 'white',
    featured: true,
    variants: [
      { width: 25, height: 35, packSize: 50, tiers: [[1, 990], [25, 940], [50, 890], [100, 840]], onHand: 120 },
      { width: 28, height: 42, packSize: 50, tiers: [[1, 1290], [25, 1220]], onHand: 80 },
      { width: 38, height: 52, packSize: 50, tiers: [[1, 1990]], onHand: 10 },
    ],
  });
  const pink = await createProduct(db, {
    name: 'Pink Polymailer Bags',
    color: 'pink',
    variants: [
      { width: 25, height: 35, packSize: 25, tiers: [[1, 690]], onHand: 0 },
      { width: 25, height: 35, packSize: 50, tiers: [[1, 1190], [25, 1130]], onHand: 40 },
      { width: 28, height: 42, packSize: 50, tiers: [[1, 1390]], onHand: 0 },
    ],
  });
  await db.coupon.create({
    data: { id: newId(), code: 'WELCOME10', type: 'percent', value: 1000, minOrderCents: 3000, validFrom: new Date(Date.now() - DAY), validTo: new Date(Date.now() + 30 * DAY) },
  });
  await db.coupon.create({
    data: { id: newId(), code: 'OLDCODE', type: 'fixed', value: 500, minOrderCents: 0, validFrom: new Date(Date.now() - 30 * DAY), validTo: new Date(Date.now() - DAY) },
  });
  const gift = await db.giftItem.create({ data: { id: newId(), name: 'Fragile Stickers', stockQuantity: 10 } });
  await db.giftTier.create({ data: { id: newId(), name: 'Spend $100', spendingThresholdCents: 10000, giftLimit: 1, items: { create: [{ giftItemId: gift.id }] } } });
  return { white, pink };
}

/** A bare order owned by the user (only what the care agent reads). */
export async function createOrderFor(db: PrismaClient, userId: string | null, orderNumber: string, status: 'pending' | 'shipped' = 'shipped') {
  return db.order.create({
    data: {
      id: newId(),
      orderNumber,
      userId,
      email: 'buyer@example.com',
      status,
      subtotalCents: 2000,
      gstCents: 165,
      totalCents: 2000,
      shipFullName: 'Mei Tan',
      shipPhone: '+65 9123 4567',
      shipLine1: '1 Orchard Road',
      shipPostalCode: '238801',
      shipCity: 'Singapore',
      shipState: 'Singapore',
      shipCountry: 'SG',
      trackingNumber: status === 'shipped' ? 'SPX123456789' : null,
    },
    select: { id: true, orderNumber: true },
  });
}
